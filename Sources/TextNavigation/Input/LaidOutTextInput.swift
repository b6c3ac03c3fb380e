import Synchronization

/// An element's text laid out for a width, navigable and selectable through ``TextInput``:
/// what a text view is to UIKit, for a reader backend.
///
/// Its tokenizer answers line queries from the current layout. ``relayout(width:textScale:)``
/// re-fits the lines for a new width or text size; every position, and the selection, keep
/// their meaning.
///
/// Not `Sendable`: like a view, it has a mutable selection and a delegate; keep it on one task
/// or actor. Its ``layout`` and ``stringTokenizer`` are `Sendable` and may be handed out.
public final class LaidOutTextInput: TextInput, AccessibilityReadingContent {
    /// The current layout, in horizontal lines whatever ``writingMode`` is (in vertical text,
    /// the lines ``geometry`` turns into columns).
    public var layout: TextLayout {
        let current = lineSource.layout!
        heldLayout = current
        return current
    }
    /// The tokenizer, whose line units come from the current layout.
    public let stringTokenizer: StringTokenizer
    public weak var inputDelegate: (any TextInputDelegate)?

    private let lineSource: LiveLayout
    /// The layout last handed out, held so that the live layout (which holds layouts weakly)
    /// keeps giving the same one until the next relayout.
    private var heldLayout: TextLayout?
    private var selection: TextRange?
    /// The columns last handed out, turned from ``heldLayout``.
    private var heldColumns: VerticalLayout?

    /// The direction the lines run in: a vertical mode makes ``geometry`` the columns of
    /// ``layout`` (a ``VerticalLayout``, whose column length is the layout's width), and the
    /// movement of `.up`, `.down`, `.left` and `.right` follows them. Horizontal by default.
    public var writingMode: WritingMode = .horizontalTopToBottom

    /// Lays out `storage` for `width` with `locale`'s line breaking and word rules.
    ///
    /// - Throws: ``LocaleError`` when the locale is malformed.
    public init(
        storage: TextStorage, locale: String = "en", width: Double,
        metrics: any FontMetrics = CellMetrics(), textScale: Double = 1
    ) throws(LocaleError) {
        let layout = try TextLayout(
            storage: storage, locale: locale, width: width, metrics: metrics, textScale: textScale)
        lineSource = LiveLayout(layout)
        heldLayout = layout
        stringTokenizer = try StringTokenizer(
            storage: storage, locale: locale, lineSource: lineSource)
    }

    /// A text input over an element's shared tokenizer and live layout (whose layout must be
    /// available: the locale has been accepted by the tokenizer already).
    init(tokenizer: StringTokenizer, lineSource: LiveLayout) {
        self.stringTokenizer = tokenizer
        self.lineSource = lineSource
    }

    /// Lays out a copy of `string`, as ``init(storage:locale:width:metrics:textScale:)``.
    public convenience init(
        _ string: String, locale: String = "en", width: Double,
        metrics: any FontMetrics = CellMetrics(), textScale: Double = 1
    ) throws(LocaleError) {
        try self.init(
            storage: TextStorage(string), locale: locale, width: width, metrics: metrics,
            textScale: textScale)
    }

    /// The current layout (``layout``), turned into columns when ``writingMode`` is vertical.
    public var geometry: any TextGeometry {
        let current = layout
        guard writingMode.isVertical else { return current }
        if let columns = heldColumns, columns.layout === current, columns.writingMode == writingMode {
            return columns
        }
        let columns = VerticalLayout(current, writingMode: writingMode)
        heldColumns = columns
        return columns
    }

    public var tokenizer: any TextTokenizer { stringTokenizer }

    /// The selection. Setting a range outside the text is ignored; ends inside grapheme
    /// clusters are widened to whole clusters. The delegate hears of real changes only.
    public var selectedTextRange: TextRange? {
        get { selection }
        set { changeSelection(to: newValue, from: selection) { selection = $0 } }
    }

    /// Lays the text out again for a new width and/or text scale (`nil` keeps the current
    /// one), reusing the width-independent work. Positions and the selection are unchanged.
    public func relayout(width: Double? = nil, textScale: Double? = nil) {
        lineSource.relayout(width: width, textScale: textScale)
    }
}

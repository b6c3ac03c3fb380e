/// A scanned handwritten page, as in Apple's talk on accessible reading apps: an image whose
/// text (from recognition or a transcription) and line rects are known, not laid out.
///
/// It is not a text view, yet it conforms to ``TextInput`` by supplying its own geometry (a
/// ``FixedLineGeometry`` built from the given line rects) and giving its tokenizer those lines
/// as line units. Navigation, carets, selection rects, hit tests and reading by line number
/// then behave as they do for laid-out text.
///
/// A backend with a layout of its own gives any text its lines the same way with
/// ``init(text:lines:locale:traits:label:customActions:customContent:pageOrigin:)``: line ranges with rects
/// and, optionally, each cluster's advance, skipping text it does not draw (see
/// ``FixedLineGeometry``).
///
/// It is also a ``NavigableElement``: a document may hold it among its other elements, and
/// read-all, navigation, locators and selection work inside it by its own lines. Each text input
/// ``makeTextInput()`` makes shares the page's lines, geometry and tokenizer, with a selection of
/// its own (a document's selection controller selects through one).
///
/// `Sendable`: the lines, geometry and tokenizer never change; the selection, the delegate and
/// the traits live behind a lock. Still, like a view, give its selection one owner at a time.
public final class ScannedPage: TextInput, AccessibilityReadingContent, NavigableElement {
    /// One handwritten line: its text and where it sits on the page image.
    public struct Line: Sendable, Hashable {
        /// The line's text, without a line break.
        public var text: String
        /// The line's bounds on the page image.
        public var rect: Rect

        /// A line of `text` at `rect`.
        public init(text: String, rect: Rect) {
            self.text = text
            self.rect = rect
        }
    }

    /// The page's lines, top to bottom: each line's text (without its hard break) and rect.
    public let pageLines: [Line]
    /// The geometry built from the line rects.
    public let lineGeometry: FixedLineGeometry
    /// The tokenizer, whose line units are the page's lines.
    public let stringTokenizer: StringTokenizer
    /// What assistive technology says for the page when its text is not enough.
    public let label: String?
    /// The page's links to its neighbours in a document.
    public let links: ElementLinks?
    /// The actions the page offers (the edit-category ones act on a selection in it).
    public let customActions: [CustomAction]
    /// Extra information read with the page or on demand.
    public let customContent: [CustomContent]
    /// Where the element's coordinates start on its page, or `nil` to be stacked there.
    public let pageOrigin: Point?

    private let state: Locked<State>

    private struct State {
        var selection: TextRange?
        weak var delegate: (any TextInputDelegate)?
        var traits: ElementTraits
    }

    /// A page of `lines`, their texts joined by line feeds into one text.
    ///
    /// - Parameters:
    ///   - lines: the page's lines, top to bottom.
    ///   - locale: a BCP-47 tag or ICU locale id for tokenization.
    ///   - traits: what the page is as an element of a document.
    ///   - label: what assistive technology says when the text is not enough.
    ///   - customActions: the actions it offers (edit-category ones act on a selection).
    ///   - customContent: extra information, read with it (high importance) or on demand.
    /// - Returns: `nil` when there are no lines, a line's text holds a hard line break, the
    ///   rects are not stacked top to bottom without overlapping, or `locale` is malformed.
    public convenience init?(
        lines: [Line], locale: String = "en", traits: ElementTraits = [.staticText], label: String? = nil,
        customActions: [CustomAction] = [], customContent: [CustomContent] = []
    ) {
        guard !lines.contains(where: { $0.text.utf16.contains(where: UnicodeClasses.isLineSeparator) }) else {
            return nil
        }
        var start = 0
        var ranges: [FixedLineGeometry.Line] = []
        for (index, line) in lines.enumerated() {
            let end = start + line.text.utf16.count + (index < lines.count - 1 ? 1 : 0)
            ranges.append(FixedLineGeometry.Line(range: start..<end, rect: line.rect))
            start = end
        }
        self.init(
            text: TextStorage(lines.map(\.text).joined(separator: "\n")), lines: ranges, locale: locale,
            traits: traits, label: label, customActions: customActions, customContent: customContent)
    }

    /// An element of `text` whose lines the backend laid out: each a range with its rect and,
    /// when known, each cluster's advance; text between lines is skipped (see
    /// ``FixedLineGeometry``).
    ///
    /// - Parameters:
    ///   - text: the element's text.
    ///   - lines: its lines, top to bottom.
    ///   - locale: a BCP-47 tag or ICU locale id for tokenization.
    ///   - traits: what the element is in a document.
    ///   - label: what assistive technology says when the text is not enough.
    ///   - customActions: the actions it offers (edit-category ones act on a selection).
    ///   - customContent: extra information, read with it (high importance) or on demand.
    ///   - pageOrigin: where the lines' coordinates start on the page (`Point(x: 0, y: 0)` when
    ///     they are the page's own), or `nil` to be stacked below the element before it.
    /// - Returns: `nil` when ``FixedLineGeometry`` refuses the lines or `locale` is malformed.
    public init?(
        text: TextStorage, lines: [FixedLineGeometry.Line], locale: String = "en",
        traits: ElementTraits = [.staticText], label: String? = nil, customActions: [CustomAction] = [],
        customContent: [CustomContent] = [], pageOrigin: Point? = nil
    ) {
        guard let geometry = FixedLineGeometry(storage: text, lines: lines),
            let tokenizer = try? StringTokenizer(storage: text, locale: locale, lineSource: geometry)
        else { return nil }
        pageLines = geometry.lines.indices.map { index in
            let content = lines[index].range.clamped(to: geometry.lines[index].contentRange)
            return Line(text: text.string(in: content) ?? "", rect: lines[index].rect)
        }
        lineGeometry = geometry
        stringTokenizer = tokenizer
        self.label = label
        self.customActions = customActions
        self.customContent = customContent
        self.pageOrigin = pageOrigin
        self.links = ElementLinks()
        self.state = Locked(State(traits: traits))
    }

    /// Another input over `page`'s lines, geometry and tokenizer, with no selection.
    private init(sharing page: ScannedPage) {
        pageLines = page.pageLines
        lineGeometry = page.lineGeometry
        stringTokenizer = page.stringTokenizer
        label = page.label
        customActions = page.customActions
        customContent = page.customContent
        pageOrigin = page.pageOrigin
        links = nil
        state = Locked(State(traits: page.traits))
    }

    /// The page's text: its lines joined by line feeds.
    public var text: TextStorage { lineGeometry.storage }

    /// What the page is as an element of a document. Settable.
    public var traits: ElementTraits {
        get { state.withLock { $0.traits } }
        set { state.withLock { $0.traits = newValue } }
    }

    /// Told when the selection will change and did change; held weakly.
    public var inputDelegate: (any TextInputDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// A new text input over the page's lines, with a selection of its own.
    public func makeTextInput() -> ScannedPage { ScannedPage(sharing: self) }

    public var geometry: any TextGeometry { lineGeometry }

    public var tokenizer: any TextTokenizer { stringTokenizer }

    /// The selection. Setting a range outside the text is ignored; ends inside grapheme
    /// clusters are widened to whole clusters. The delegate hears of real changes only.
    public var selectedTextRange: TextRange? {
        get { state.withLock { $0.selection } }
        set {
            changeSelection(to: newValue, from: selectedTextRange) { range in state.withLock { $0.selection = range } }
        }
    }
}

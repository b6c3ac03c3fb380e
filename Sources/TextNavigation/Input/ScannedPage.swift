/// A scanned handwritten page, as in Apple's talk on accessible reading apps: an image whose
/// text (from recognition or a transcription) and line rects are known, not laid out.
///
/// It is not a text view, yet it conforms to ``TextInput`` by supplying its own geometry (a
/// ``FixedLineGeometry`` built from the given line rects) and giving its tokenizer those lines
/// as line units. Navigation, carets, selection rects, hit tests and reading by line number
/// then behave as they do for laid-out text.
///
/// Not `Sendable`: it has a mutable selection and a delegate; keep it on one task or actor.
public final class ScannedPage: TextInput, AccessibilityReadingContent {
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

    /// The page's lines, top to bottom.
    public let pageLines: [Line]
    /// The geometry built from the line rects.
    public let lineGeometry: FixedLineGeometry
    /// The tokenizer, whose line units are the page's lines.
    public let stringTokenizer: StringTokenizer
    public weak var inputDelegate: (any TextInputDelegate)?

    private var selection: TextRange?

    /// A page of `lines`, their texts joined by line feeds into one text.
    ///
    /// - Returns: `nil` when there are no lines, a line's text holds a hard line break, the
    ///   rects are not stacked top to bottom without overlapping, or `locale` is malformed.
    public init?(lines: [Line], locale: String = "en") {
        guard !lines.isEmpty,
            !lines.contains(where: { $0.text.utf16.contains(where: UnicodeClasses.isLineSeparator) })
        else { return nil }
        let storage = TextStorage(lines.map(\.text).joined(separator: "\n"))
        var start = 0
        var ranges: [(range: Range<Int>, rect: Rect)] = []
        for (index, line) in lines.enumerated() {
            let end = start + line.text.utf16.count + (index < lines.count - 1 ? 1 : 0)
            ranges.append((start..<end, line.rect))
            start = end
        }
        guard let geometry = FixedLineGeometry(storage: storage, lines: ranges),
            let tokenizer = try? StringTokenizer(storage: storage, locale: locale, lineSource: geometry)
        else { return nil }
        pageLines = lines
        lineGeometry = geometry
        stringTokenizer = tokenizer
    }

    public var geometry: any TextGeometry { lineGeometry }

    public var tokenizer: any TextTokenizer { stringTokenizer }

    /// The selection. Setting a range outside the text is ignored; ends inside grapheme
    /// clusters are widened to whole clusters. The delegate hears of real changes only.
    public var selectedTextRange: TextRange? {
        get { selection }
        set { changeSelection(to: newValue, from: selection) { selection = $0 } }
    }
}

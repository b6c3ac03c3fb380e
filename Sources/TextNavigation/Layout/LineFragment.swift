/// One laid-out line: a range of the text, where it sits, and its bidi runs.
///
/// The ranges of a layout's lines partition its text: each line begins where the previous one
/// ends. A line's range holds its trailing white space (which hangs past the edge) and its
/// hard line break, if it ends with one.
public struct LineFragment: Sendable, Hashable, CustomStringConvertible {
    /// The line's number, counted from 0 at the top.
    public var index: Int
    /// The UTF-16 offsets of the line, hard break and trailing white space included.
    public var range: Range<Int>
    /// The line without its hard break: the line unit a tokenizer sees. The line's caret
    /// positions run from its start to its end (the end of a soft-wrapped line is an upstream
    /// position).
    public var contentRange: Range<Int>
    /// The line without its hard break and trailing white space: what a reader sees.
    public var trimmedRange: Range<Int>
    /// The box of all the line's clusters, hanging white space included, one line tall. An empty
    /// line has a zero-width box at the edge its text would start from.
    public var rect: Rect
    /// The base direction of the paragraph the line is in.
    public var baseWritingDirection: WritingDirection
    /// The line's bidi runs in visual order, left to right; empty for an empty line.
    public var runs: [BidiRun]

    /// A line fragment.
    public init(
        index: Int, range: Range<Int>, contentRange: Range<Int>, trimmedRange: Range<Int>,
        rect: Rect, baseWritingDirection: WritingDirection, runs: [BidiRun]
    ) {
        self.index = index
        self.range = range
        self.contentRange = contentRange
        self.trimmedRange = trimmedRange
        self.rect = rect
        self.baseWritingDirection = baseWritingDirection
        self.runs = runs
    }

    /// Whether the line ends with a hard line break (so the next line starts a new paragraph or
    /// follows a U+2028 LINE SEPARATOR).
    public var endsWithHardBreak: Bool { contentRange.upperBound < range.upperBound }

    /// The x where a caret at the line's end stands: the right edge of a left-to-right line,
    /// the left edge of a right-to-left one.
    public var endX: Double { baseWritingDirection == .leftToRight ? rect.maxX : rect.minX }

    public var description: String {
        "line \(index) \(range.lowerBound)..<\(range.upperBound) \(rect) \(runs)"
    }
}

/// A plain-text book read into paragraphs: the loader at the head of readaloud's data flow.
///
/// Reading rules, in order:
/// 1. The bytes must be UTF-8 (strict, or lossy on request). A leading byte-order mark is
///    skipped; a NUL byte marks a binary file. Line breaks may be LF, CR LF or CR; a form feed
///    ends a line and marks an explicit page break.
/// 2. Blank lines (white space only) separate blocks.
/// 3. A file is *hard-wrapped* when nine lines in ten are at most 100 cells wide (a sample of
///    its first lines, wide East Asian characters counting 2), as Project Gutenberg's 70-column
///    texts are. In a hard-wrapped file a block is one paragraph: a single line break inside it is
///    a soft wrap that reads as one space, or as nothing between two East Asian wide characters
///    (a Chinese word split across lines stays one word), so words and sentences read across it.
///    A line that starts with white space (verse, a table of contents) starts a new paragraph.
///    In a file that is not hard-wrapped (Aozora Bunko's one line per paragraph), every line is
///    a paragraph.
/// 4. Headings: a line `# Title` (up to six `#`), and a line such as `CHAPTER I.` or
///    `Chapter 12. Loomings` standing alone in its block, or with one title line under it (which
///    becomes a heading too).
/// 5. Each paragraph's text is trimmed of leading and trailing white space, and keeps a
///    ``SourceMap`` from its offsets back to the file's bytes.
///
/// All paragraphs share one ``UTF16Buffer``; each paragraph's ``Paragraph/text`` is its range.
public struct PlainTextBook: Sendable {
    /// One paragraph or heading of the book.
    public struct Paragraph: Sendable {
        /// What the paragraph is.
        public enum Kind: Sendable, Equatable {
            case body
            case heading
        }

        public let kind: Kind
        /// The paragraph's text (offsets count from its start).
        public let text: TextStorage
        /// Whether a form feed (an explicit page break) came before this paragraph.
        public let startsPage: Bool
        /// Where the paragraph's offsets come from in the file.
        public let sourceMap: SourceMap
    }

    /// How to read the bytes.
    public struct Options: Sendable {
        /// Replace invalid UTF-8 with U+FFFD instead of failing.
        public var lossy: Bool
        /// Treat NUL bytes as text instead of failing with ``BookLoadingError/binary(byteOffset:)``.
        public var allowsNUL: Bool

        public init(lossy: Bool = false, allowsNUL: Bool = false) {
            self.lossy = lossy
            self.allowsNUL = allowsNUL
        }
    }

    /// The paragraphs, in reading order.
    public let paragraphs: [Paragraph]
    /// Whether the file was read as hard-wrapped (rule 3).
    public let isHardWrapped: Bool
    /// The buffer every paragraph's text lives in.
    public let buffer: UTF16Buffer

    /// Reads a book from its file's bytes.
    ///
    /// - Throws: ``BookLoadingError`` for empty input, binary input, invalid UTF-8 (unless
    ///   `options.lossy`), or input too large.
    /// - Complexity: O(n) in the number of bytes.
    public init(bytes: [UInt8], options: Options = Options()) throws(BookLoadingError) {
        var bytes = bytes
        guard bytes.count < Int(Int32.max) else { throw .tooLarge(byteCount: bytes.count) }
        let bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes.count > bomLength else { throw .empty }
        if !options.allowsNUL, let nul = bytes.firstIndex(of: 0) { throw .binary(byteOffset: nul) }
        if let error = bytes.withUnsafeBufferPointer({ UTF8Decoding.firstError(in: $0) }) {
            guard options.lossy else { throw .invalidUTF8(byteOffset: error.offset, reason: error.reason) }
            bytes = Array(String(decoding: bytes, as: UTF8.self).utf8)
        }
        let assembled = bytes.withUnsafeBufferPointer { source in
            ParagraphAssembler(source: source, start: bomLength).assemble()
        }
        self.buffer = assembled.buffer
        self.isHardWrapped = assembled.isHardWrapped
        self.paragraphs = assembled.paragraphs.map { piece in
            Paragraph(
                kind: piece.kind, text: TextStorage(buffer: assembled.buffer, range: piece.range),
                startsPage: piece.startsPage, sourceMap: SourceMap(anchors: piece.anchors))
        }
    }

    /// Reads a book from a string (as if it were a UTF-8 file).
    public init(_ text: String) throws(BookLoadingError) {
        try self.init(bytes: Array(text.utf8))
    }
}

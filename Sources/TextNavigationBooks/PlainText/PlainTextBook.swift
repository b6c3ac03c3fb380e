import TextNavigation

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
///    Indented lines are verse or contents, each a paragraph, unless they continue a wrapped
///    block (a quoted letter, a block quote): a line goes on with the paragraph above when it
///    has that line's indentation (or none, after an indented first line), the line above was
///    long enough to have been wrapped, and no sentence ends between two indented lines but
///    where the next goes on in lower case (`IndentedLines`).
///    In a file that is not hard-wrapped (Aozora Bunko's one line per paragraph), every line is
///    a paragraph.
/// 4. Headings: a line `# Title` (up to six `#`), and a line such as `CHAPTER I.`,
///    `Chapter 12. Loomings`, `第一章`, `第三十五回` or `第一回　靈根育孕源流出　心性修持大道生` standing
///    alone in its block, or with one title line under it (which becomes a heading too)
///    (`HeadingRules`). A Chinese chapter number is any run of Chinese numerals or digits,
///    zero written 零, 〇 or ○ (第一○○回, chapter 100).
/// 5. Each paragraph's text is trimmed of leading and trailing white space, and keeps a
///    ``SourceMap`` from its offsets back to the file's bytes. Markup that would be read aloud
///    is left out: in an Aozora-style file, ruby readings, their base marks and editor notes
///    (`AozoraMarkup`; `《…》` that is not a reading, as a Chinese book title, stays), and
///    Project Gutenberg's `_emphasis_` underscores (`EmphasisMarks`), paired within a
///    paragraph or across the paragraphs of one indented block (a centred dedication).
///
/// All paragraphs share one ``UTF16Buffer``; each paragraph's ``Paragraph/text`` is its range.
/// Consecutive paragraphs' texts are one U+2029 PARAGRAPH SEPARATOR apart, a unit in no
/// paragraph's range (so the buffer holds one unit per paragraph beyond their texts, less
/// one): ICU breaks after it by every rule, so a run of paragraphs can be tokenized in one
/// pass (`Document.prepareUnits(_:elements:)`).
public struct PlainTextBook: Sendable {
    /// One paragraph or heading of the book.
    public struct Paragraph: Sendable {
        /// A paragraph's ruby reading (the same type as an element's).
        public typealias RubyAnnotation = TextNavigation.RubyAnnotation

        /// What the paragraph is.
        public enum Kind: Sendable, Equatable {
            case body
            case heading
        }

        /// The paragraph's text (offsets count from its start).
        public let text: TextStorage
        /// Where the paragraph's offsets come from in the file.
        public let sourceMap: SourceMap
        public let kind: Kind
        /// Whether a form feed (an explicit page break) came before this paragraph.
        public let startsPage: Bool
        /// The ruby readings of Aozora Bunko markup (`山路《やまみち》`, `｜北の国《きたのくに》`), which the
        /// text leaves out, in text order; empty for most paragraphs.
        public let rubyAnnotations: [RubyAnnotation]

        init(
            kind: Kind, text: TextStorage, startsPage: Bool, sourceMap: SourceMap,
            rubyAnnotations: [RubyAnnotation] = []
        ) {
            self.kind = kind
            self.text = text
            self.startsPage = startsPage
            self.sourceMap = sourceMap
            self.rubyAnnotations = rubyAnnotations
        }
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

    /// The paragraphs, in reading order (each made when asked for; see ``Paragraphs``).
    public let paragraphs: Paragraphs
    /// Whether the file was read as hard-wrapped (rule 3).
    public let isHardWrapped: Bool
    /// The buffer every paragraph's text lives in, with U+2029 between consecutive
    /// paragraphs' texts.
    public let buffer: UTF16Buffer

    /// Reads a book from its file's bytes.
    ///
    /// - Throws: ``BookLoadingError`` for empty input, binary input, invalid UTF-8 (unless
    ///   `options.lossy`), or input too large.
    /// - Complexity: O(n) in the number of bytes.
    public init(bytes: [UInt8], options: Options = Options()) throws(BookLoadingError) {
        self = try bytes.withUnsafeBufferPointer { bytes throws(BookLoadingError) in
            try Self.load(bytes, options: options, file: nil)
        }
    }

    /// Reads a book from bytes in memory that the caller owns, such as a `Data`'s or a mapped
    /// file's; the bytes are not copied and need to stay valid only for the call.
    ///
    /// - Throws: as ``init(bytes:options:)-([UInt8],_)``.
    /// - Complexity: O(n) in the number of bytes.
    public init(bytes: UnsafeRawBufferPointer, options: Options = Options()) throws(BookLoadingError) {
        self = try Self.load(bytes.assumingMemoryBound(to: UInt8.self), options: options, file: nil)
    }

    /// Reads the book in the file at `path`.
    ///
    /// A regular file is copied into memory the loader owns, so a file truncated or rewritten
    /// while it loads cannot crash the process; the loader's last pass lets the pages it has
    /// passed go, so memory at the peak is about the book's UTF-16 text plus a quarter of a
    /// megabyte of the copy for each core writing. Other files (a pipe, a device such as `/dev/zero`) are read as
    /// streams, at most 1 GiB, stopping at the first NUL byte (unless `options.allowsNUL`).
    ///
    /// - Throws: ``BookLoadingError/unreadable(path:reason:)`` when the file is missing, a
    ///   directory or not readable; ``BookLoadingError/changedWhileReading(path:)`` when it
    ///   changes while it is read; ``BookLoadingError/streamTooLarge(limit:)`` for a stream past
    ///   1 GiB; otherwise as ``init(bytes:options:)-([UInt8],_)``, with the same byte offsets.
    /// - Complexity: O(n) in the number of bytes.
    public init(contentsOf path: String, options: Options = Options()) throws(BookLoadingError) {
        let file = try MappedFile(path: path, stopsAtNUL: !options.allowsNUL)
        self = try Self.load(file.bytes, options: options, file: file)
        withExtendedLifetime(file) {}
    }

    /// Reads the book from the open file descriptor `descriptor` (such as standard input's,
    /// 0) as a stream, from where it stands to its end; `name` names it in errors. At most
    /// 1 GiB is read, and reading stops at the first NUL byte (unless `options.allowsNUL`):
    /// `/dev/zero` on standard input fails at once as a binary file. The descriptor stays open.
    ///
    /// - Throws: ``BookLoadingError/streamTooLarge(limit:)`` past 1 GiB,
    ///   ``BookLoadingError/unreadable(path:reason:)`` when a read fails; otherwise as
    ///   ``init(bytes:options:)-([UInt8],_)``.
    public init(fileDescriptor descriptor: Int32, name: String, options: Options = Options())
        throws(BookLoadingError)
    {
        let file = try MappedFile(descriptor: descriptor, name: name, stopsAtNUL: !options.allowsNUL)
        self = try Self.load(file.bytes, options: options, file: file)
        withExtendedLifetime(file) {}
    }

    /// Reads a book from a string (as if it were a UTF-8 file).
    public init(_ text: String) throws(BookLoadingError) {
        try self.init(bytes: Array(text.utf8))
    }

    init(_ assembled: ParagraphAssembler.Result) {
        self.buffer = assembled.buffer
        self.isHardWrapped = assembled.isHardWrapped
        self.paragraphs = assembled.paragraphs
    }

    /// Validates `bytes` (rule 1) and assembles its paragraphs, cut into chunks as `chunking`
    /// says (the book is the same however it is cut).
    static func load(
        _ bytes: UnsafeBufferPointer<UInt8>, options: Options, file: MappedFile?,
        chunking: ParagraphAssembler.Chunking = .automatic
    ) throws(BookLoadingError) -> PlainTextBook {
        guard bytes.count < Int(Int32.max) else { throw .tooLarge(byteCount: bytes.count) }
        let bomLength = utf8ByteOrderMarkLength(of: bytes)
        guard bytes.count > bomLength else { throw .empty }
        if let encoding = otherEncoding(of: bytes) { throw .otherEncoding(encoding) }
        let validation = UTF8Decoding.validateOnEveryCore(bytes, stoppingAtNUL: !options.allowsNUL)
        if let nul = validation.firstNUL { throw .binary(byteOffset: nul) }
        if let error = validation.firstError {
            guard options.lossy else { throw .invalidUTF8(byteOffset: error.offset, reason: error.reason) }
            // Rare: repair a copy, then read it as valid text.
            let repaired = Array(String(decoding: bytes, as: UTF8.self).utf8)
            return try repaired.withUnsafeBufferPointer { repaired throws(BookLoadingError) in
                try load(repaired, options: options, file: nil, chunking: chunking)
            }
        }
        let assembler = ParagraphAssembler(
            source: bytes, start: bomLength, dropsAozoraMarkup: validation.hasRubyReading, file: file)
        return PlainTextBook(assembler.assemble(chunking))
    }

    /// The length of a UTF-8 byte-order mark (EF BB BF) at the start of `bytes`: 3, or 0.
    static func utf8ByteOrderMarkLength(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The encoding named by a UTF-16 or UTF-32 byte-order mark at the start of `bytes`, or
    /// `nil` (bytes FF and FE never start UTF-8).
    static func otherEncoding(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32LE" }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32BE" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        return nil
    }
}

import TextNavigation

/// A book opened from a file, a stream or bytes, as a document: an EPUB when its bytes start as
/// a ZIP archive does (known by content, never by a file's name), else plain text.
///
/// The one way a front end opens a book: the command line, the terminal reader and `serve`
/// all come here. A file is opened and read once (a regular file copied into memory the
/// process owns, anything else read as a stream), and its format told from the bytes read.
///
/// ```swift
/// let book = try OpenedBook(contentsOf: "Books/alice-in-wonderland.txt")
/// let session = ReadingSession(document: book.document, granularity: .sentence)
/// ```
public struct OpenedBook: Sendable {
    /// What a book opened as: its format and the book it was read as.
    public enum Content: Sendable {
        case plainText(PlainTextBook)
        case epub(EPUBBook)
    }

    /// How a book is opened.
    public struct Options: Sendable {
        /// How plain text is read (invalid UTF-8 replaced or refused, NUL bytes allowed).
        public var plainText: PlainTextBook.Options
        /// The locale plain text is tokenized with (a BCP-47 tag or ICU id); an EPUB's
        /// elements have their own languages.
        public var locale: String
        /// The page layout of the document.
        public var layout: PageLayout
        /// What an EPUB may hold at most.
        public var epubLimits: EPUBLimits

        public init(
            plainText: PlainTextBook.Options = .init(), locale: String = "en", layout: PageLayout = PageLayout(),
            epubLimits: EPUBLimits = EPUBLimits()
        ) {
            self.plainText = plainText
            self.locale = locale
            self.layout = layout
            self.epubLimits = epubLimits
        }
    }

    /// The book, by format.
    public let content: Content
    /// The book as a document, laid out with the options' layout.
    public let document: Document
    /// What names the book in messages: its path, or the name given for a stream or bytes.
    public let name: String
    /// The locale plain text is tokenized with.
    public let locale: String

    /// The plain-text book, when the book is one.
    public var plainText: PlainTextBook? {
        if case .plainText(let book) = content { return book }
        return nil
    }

    /// The EPUB book, when the book is one.
    public var epub: EPUBBook? {
        if case .epub(let book) = content { return book }
        return nil
    }

    /// The book's recorded narration (an EPUB's Media Overlays and `<audio>` elements) over
    /// ``document``, or `nil` when it has none.
    public var narration: Narration? {
        guard let epub, !epub.mediaOverlays.isEmpty || !epub.embeddedAudio.isEmpty else { return nil }
        let narration = epub.narration(in: document)
        return narration.isEmpty ? nil : narration
    }

    /// What the book says about itself: an EPUB's title and creators; none for plain text.
    public var metadata: BookMetadata { epub?.metadata ?? BookMetadata() }

    /// What was wrong with the book but did not stop it from being read (an EPUB's content
    /// document skipped, named); empty for plain text.
    public var problems: [String] { epub?.problems ?? [] }

    /// Opens the book in the file at `path`: a regular file is copied into memory once; a pipe
    /// or a device is read as a stream (at most 1 GiB).
    ///
    /// - Throws: ``BookOpenError``: ``BookOpenError/Code-swift.struct/unreadable`` when the file
    ///   cannot be opened or read, and as ``init(bytes:name:options:)`` for its contents.
    public init(contentsOf path: String, options: Options = Options()) throws(BookOpenError) {
        let file: MappedFile
        do {
            file = try MappedFile(path: path, stopsAtNUL: !options.plainText.allowsNUL, readsArchives: true)
        } catch {
            throw BookOpenError(name: path, plainTextError: error)
        }
        try self.init(file.bytes, file: file, name: path, options: options)
        withExtendedLifetime(file) {}
    }

    /// Reads the book from the open file descriptor `descriptor` (standard input's, 0) as a
    /// stream, from where it stands to its end, at most 1 GiB; `name` names it in messages.
    /// The descriptor stays open.
    ///
    /// - Throws: ``BookOpenError``, as ``init(contentsOf:options:)``.
    public init(fileDescriptor descriptor: Int32, name: String, options: Options = Options())
        throws(BookOpenError)
    {
        let file: MappedFile
        do {
            file = try MappedFile(
                descriptor: descriptor, name: name, stopsAtNUL: !options.plainText.allowsNUL, readsArchives: true)
        } catch {
            throw BookOpenError(name: name, plainTextError: error)
        }
        try self.init(file.bytes, file: file, name: name, options: options)
        withExtendedLifetime(file) {}
    }

    /// Reads the book from the bytes of its file; `name` names it in messages.
    ///
    /// - Throws: ``BookOpenError``: ``BookOpenError/Code-swift.struct/invalidText`` for plain
    ///   text that cannot be read (binary, not UTF-8, empty, too large),
    ///   ``BookOpenError/Code-swift.struct/invalidEPUB`` for an EPUB that cannot be read, and
    ///   ``BookOpenError/Code-swift.struct/noText`` for a book with nothing to read.
    public init(bytes: [UInt8], name: String, options: Options = Options()) throws(BookOpenError) {
        self = try bytes.withUnsafeBufferPointer { bytes throws(BookOpenError) in
            try OpenedBook(bytes, file: nil, name: name, options: options)
        }
    }

    /// The book in `bytes` (those of `file`, when it was read from one).
    private init(_ bytes: UnsafeBufferPointer<UInt8>, file: MappedFile?, name: String, options: Options)
        throws(BookOpenError)
    {
        self.name = name
        self.locale = options.locale
        if ZIPSignature.isArchive(prefix: bytes) {
            let epub: EPUBBook
            do {
                epub = try EPUBBook(bytes: Array(bytes), limits: options.epubLimits)
            } catch {
                throw BookOpenError(name: name, epubError: error)
            }
            content = .epub(epub)
            document = Document(epub: epub, layout: options.layout)
            return
        }
        let book: PlainTextBook
        do {
            book = try PlainTextBook.load(bytes, options: options.plainText, file: file)
        } catch {
            throw BookOpenError(name: name, plainTextError: error)
        }
        guard !book.paragraphs.isEmpty else { throw BookOpenError(code: .noText, name: name) }
        content = .plainText(book)
        document = Document(book: book, locale: options.locale, layout: options.layout)
    }
}

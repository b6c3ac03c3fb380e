import TextNavigation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A book a command opened, as a document: an EPUB when its bytes are a ZIP archive (known by
/// content, not by the file's name), else plain text.
struct OpenedBook {
    let document: Document
    /// The EPUB book, when the file is one.
    let epub: EPUBBook?
    /// The plain-text book, when the file is one.
    var plainText: PlainTextBook?
    /// The locale a plain-text book is tokenized with.
    var locale = "en"

    /// How many texts the book has: a plain-text book's paragraphs, an EPUB's elements.
    var textCount: Int { plainText?.paragraphs.count ?? document.elements.count }

    /// The text at `index` (below ``textCount``) and the locale it is tokenized with: a
    /// plain-text paragraph with the book's locale, an EPUB element with its own language.
    func text(at index: Int) -> (text: TextStorage, locale: String) {
        if let plainText { return (plainText.paragraphs[index].text, locale) }
        let element = document.elements[index]
        return (element.text, element.language)
    }

    /// The ruby readings of the element at an index, for speech: a plain-text book's Aozora
    /// readings, an EPUB's `<rt>` readings.
    var readings: (Int) -> [SpeechMarkup.Reading] {
        if let plainText { return SpeechOptions.readings(of: plainText) }
        let document = self.document
        return { index in
            guard index >= 0, index < document.elements.count else { return [] }
            return document.elements[index].markup.ruby.map {
                SpeechMarkup.Reading(range: $0.range, reading: $0.reading)
            }
        }
    }

    /// Opens the book at `path` laid out with `layout`; plain text is tokenized with `locale`,
    /// an EPUB's elements with their own languages. `-` reads standard input as a stream: an
    /// EPUB when it starts with a ZIP signature, else plain text. An EPUB's problems that did
    /// not stop reading (a content document skipped) are written to standard error.
    static func open(at path: String, lossy: Bool, locale: String, layout: PageLayout = PageLayout())
        throws(CommandFailure) -> OpenedBook
    {
        let book: PlainTextBook
        if path == "-" {
            switch try BookInput.standardInput(lossy: lossy) {
            case .archive(let bytes):
                return try openEPUB(named: "standard input", layout: layout) { () throws(EPUBError) in
                    try EPUBBook(bytes: bytes)
                }
            case .plainText(let streamed):
                book = try BookInput.book(named: "standard input") { streamed }
            }
        } else if isArchive(at: path) {
            return try openEPUB(named: path, layout: layout) { () throws(EPUBError) in
                try EPUBBook(contentsOf: path)
            }
        } else {
            book = try BookInput.book(at: path, lossy: lossy)
        }
        return OpenedBook(
            document: Document(book: book, locale: locale, layout: layout), epub: nil, plainText: book, locale: locale)
    }

    /// The EPUB `load` reads, named `name` in errors and warnings.
    private static func openEPUB(
        named name: String, layout: PageLayout, _ load: () throws(EPUBError) -> EPUBBook
    ) throws(CommandFailure) -> OpenedBook {
        let epub: EPUBBook
        do {
            epub = try load()
        } catch {
            throw CommandFailure("\(name): \(error)", exitCode: .dataError)
        }
        for problem in epub.problems { writeToStandardError("warning: \(name): \(problem)\n") }
        return OpenedBook(document: Document(epub: epub, layout: layout), epub: epub)
    }
}

/// Whether `path` is a regular file that starts as a ZIP archive does (anything else, a
/// missing file, a symbolic link or a pipe, is left for the plain-text reader, which reports
/// it). With the system's calls alone: Foundation's file manager and handle, here before,
/// brought a megabyte and a half of Foundation's pages into every read-all's memory.
private func isArchive(at path: String) -> Bool {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var prefix = [UInt8](repeating: 0, count: 4)
    let count = prefix.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    return count > 0 && EPUBBook.isArchive(prefix: prefix.prefix(count))
}

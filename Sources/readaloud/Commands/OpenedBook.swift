import Foundation
import TextNavigation

/// A book a command opened, as a document: an EPUB when its bytes are a ZIP archive (known by
/// content, not by the file's name), else plain text.
struct OpenedBook {
    let document: Document
    /// The EPUB book, when the file is one.
    let epub: EPUBBook?

    /// Opens the book at `path` (`-` reads standard input) laid out with `layout`; plain text
    /// is tokenized with `locale`, an EPUB's elements with their own languages. An EPUB's
    /// problems that did not stop reading (a content document skipped) are written to
    /// standard error.
    static func open(at path: String, lossy: Bool, locale: String, layout: PageLayout = PageLayout())
        throws(CommandFailure) -> OpenedBook
    {
        let name = path == "-" ? "standard input" : path
        let standardInput = path == "-" ? try BookInput.bytes(at: path) : nil
        if let standardInput, !EPUBBook.isArchive(prefix: standardInput) {
            let book = try BookInput.book(fromStandardInput: standardInput, lossy: lossy)
            return OpenedBook(document: Document(book: book, locale: locale, layout: layout), epub: nil)
        }
        if standardInput != nil || isArchive(at: path) {
            let epub: EPUBBook
            do {
                epub =
                    try standardInput.map { bytes throws(EPUBError) in try EPUBBook(bytes: bytes) }
                    ?? EPUBBook(contentsOf: path)
            } catch {
                throw CommandFailure("\(name): \(error)", exitCode: .dataError)
            }
            for problem in epub.problems { writeToStandardError("warning: \(name): \(problem)\n") }
            return OpenedBook(document: Document(epub: epub, layout: layout), epub: epub)
        }
        let book = try BookInput.book(at: path, lossy: lossy)
        return OpenedBook(document: Document(book: book, locale: locale, layout: layout), epub: nil)
    }

    /// Whether the file at `path` starts as a ZIP archive does (missing files are left for the
    /// plain-text reader to report).
    private static func isArchive(at path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let prefix = (try? handle.read(upToCount: 4)) ?? Data()
        return EPUBBook.isArchive(prefix: [UInt8](prefix))
    }
}

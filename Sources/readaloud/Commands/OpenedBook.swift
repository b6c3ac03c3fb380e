import Foundation
import TextNavigation
import TextNavigationBooks
import TextNavigationSpeech

/// The command line's side of opening a book: the library's ``OpenedBook``, its errors as one
/// clear line with the command line's exit codes, and what speech and the `units` command ask
/// of either format.
extension OpenedBook {
    /// How many texts the book has: a plain-text book's paragraphs, an EPUB's elements.
    var textCount: Int { plainText?.paragraphs.count ?? document.elements.count }

    /// The text at `index` (below ``textCount``) and the locale it is tokenized with: a
    /// plain-text paragraph with the book's locale, an EPUB element with its own language.
    func text(at index: Int) -> (text: TextStorage, locale: String) {
        if let plainText { return (plainText.paragraphs[index].text, locale) }
        let element = document.elements[index]
        return (element.text, element.language)
    }

    /// The title a front end shows: the book's own (an EPUB's `dc:title`), else the file's
    /// name without its extension (standard input's name for `-`).
    var displayTitle: String {
        if let title = metadata.title?.value { return title }
        return URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
    }

    /// Opens the book at `path` laid out with `layout`; plain text is tokenized with `locale`,
    /// an EPUB's elements with their own languages. `-` reads standard input as a stream. An
    /// EPUB's problems that did not stop reading (a content document skipped) are written to
    /// standard error.
    static func open(at path: String, lossy: Bool, locale: String, layout: PageLayout = PageLayout())
        throws(CommandFailure) -> OpenedBook
    {
        let options = OpenedBook.Options(plainText: .init(lossy: lossy), locale: locale, layout: layout)
        let book: OpenedBook
        do {
            book =
                path == "-"
                ? try OpenedBook(fileDescriptor: 0, name: "standard input", options: options)
                : try OpenedBook(contentsOf: path, options: options)
        } catch {
            throw BookInput.failure(error, path: path)
        }
        for problem in book.problems { writeToStandardError("warning: \(book.name): \(problem)\n") }
        return book
    }
}

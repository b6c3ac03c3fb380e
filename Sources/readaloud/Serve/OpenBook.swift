import Foundation
import TextNavigation
import TextNavigationBooks

/// A book the server has open: its document, the layout it was paginated at, its selection,
/// and where it came from (for its identity in the saved-selection store).
///
/// Not `Sendable`: used on the request thread only; reading sessions share just the document.
final class OpenBook {
    /// Where the book's text came from.
    enum Source {
        case file(path: String)
        case text(String)
        /// A client's own elements (`openDocument`), known by their text joined.
        case elements(text: String)
    }

    let id: Int

    /// What names the book's one resource when its markup names none (Readium locators and Web
    /// Annotations of plain text): its file's name, or `text` for text sent with `open`.
    var resourceName: String {
        switch source {
        case .file(let path): SavedSelectionFormat.resource(of: path)
        case .text: "text"
        case .elements: "document"
        }
    }
    let source: Source
    let document: Document
    /// The book's own title and creators (an EPUB's), if it gives them.
    let metadata: BookMetadata
    /// The title `open` answers with: the book's own, else its first heading near the start,
    /// else the file's name.
    let title: String?
    /// The book's recorded narration (an EPUB's Media Overlays), or `nil`.
    var narration: Narration?
    /// How the book is said where not as written (its ruby, lexicons, the client's lexicon),
    /// sent with each utterance as its `pronunciations`.
    var pronunciations: (any PronunciationSource)?
    /// The EPUB book, when the book is one (its table of contents makes the chapters).
    var epub: EPUBBook?
    /// The book's chapters, made when first asked for.
    private(set) lazy var chapters = ChapterList(document: document, epub: epub)
    /// The layout as the client gave it (a text scale shrinks what fits; see ``pageLayout``).
    var width: Int
    var linesPerPage: Int
    var textScale: Double = 1
    private(set) lazy var selection = SelectionController(document: document)
    private var cachedIdentity: BookIdentity?

    init(id: Int, source: Source, document: Document, metadata: BookMetadata, width: Int, linesPerPage: Int) {
        self.id = id
        self.source = source
        self.document = document
        self.metadata = metadata
        self.width = width
        self.linesPerPage = linesPerPage
        self.title = metadata.title?.value ?? Self.title(of: document, source: source)
    }

    /// The layout pages are cut by: `width` cells by `linesPerPage` lines at text scale 1; at a
    /// larger scale fewer cells and lines fit (at least one of each).
    var pageLayout: PageLayout {
        PageLayout(
            width: max(1, (Double(width) / textScale).rounded(.down)),
            linesPerPage: max(1, Int((Double(linesPerPage) / textScale).rounded(.down))))
    }

    /// The book's identity in the saved-selection store (as `readaloud save` computes it), read
    /// once.
    func identity() throws(CommandFailure) -> BookIdentity {
        if let cachedIdentity { return cachedIdentity }
        let identity: BookIdentity
        switch source {
        case .file(let path): identity = BookIdentity(fingerprintOf: try BookInput.bytes(at: path))
        case .text(let text), .elements(let text): identity = BookIdentity(fingerprintOf: text.utf8)
        }
        cachedIdentity = identity
        return identity
    }

    /// The first heading near the start, else the file's name without its extension.
    private static func title(of document: Document, source: Source) -> String? {
        for index in document.elements.indices.prefix(20) {
            let element = document.elements[index]
            if element.traits.contains(.heading) {
                return CommonOptions.oneLine(element.string).trimmingCharacters(in: .whitespaces)
            }
        }
        if case .file(let path) = source {
            return URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        }
        return nil
    }
}

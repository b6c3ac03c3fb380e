import ReadaloudJSON
import TextNavigation
import TextNavigationBooks

/// `openDocument`: a client's own pages of elements, read over serve as the Swift API reads
/// a document made of them (``Document/init(pages:marksPageTurns:relayout:)``).
extension Server {
    func openDocument(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let width = try params.optionalInteger("width", in: 1...100_000) ?? PageLayout().cellWidth
        let linesPerPage = try params.optionalInteger("linesPerPage", in: 1...100_000) ?? PageLayout().linesPerPage
        let pages = try ClientElements.pages(params["pages"], width: width)
        let document = Document(pages: pages, marksPageTurns: try params.optionalBool("marksPageTurns") ?? true)
        let text = pages.joined().map(\.string).joined(separator: "\u{2029}")
        let id = nextBookID
        nextBookID += 1
        var metadata = BookMetadata()
        if let title = try params.optionalString("title") {
            metadata = BookMetadata(title: .init(title))
        }
        let book = OpenBook(
            id: id, source: .elements(text: text), document: document, metadata: metadata, width: width,
            linesPerPage: linesPerPage)
        insert(book)
        return Self.answer(opening: book, activeClasses: (nil, nil))
    }
}

import Testing
import TextNavigationBooks

@testable import TextNavigation

/// A document keeps the links a backend set, finds an element's index by identity, and its
/// locators name places reached through the links.
@Suite struct LinkedDocumentTests {
    /// What makes a book's document's elements.
    private static func factory(of document: Document) throws -> ElementFactory {
        guard case .made(let factory) = document.elements.source else { throw BookDocumentError.notMade }
        return factory
    }

    private static func thousandParagraphs() throws -> PlainTextBook {
        try PlainTextBook((0..<1_000).map { "Paragraph \($0)." }.joined(separator: "\n\n"))
    }

    private enum BookDocumentError: Error {
        case notMade
    }

    @Test func aDocumentMadeWithElementsKeepsTheLinksTheBackendSet() {
        let elements = [TextElement("Zero."), TextElement("One."), TextElement("Two."), TextElement("Three.")]
        // The backend reads 0, 2, 3 and leaves 1 (a sidebar) unlinked.
        TextElement.link([elements[0], elements[2], elements[3]])
        let document = Document(elements: elements)
        #expect(elements[0].nextTextNavigationElement === elements[2])
        #expect(elements[2].previousTextNavigationElement === elements[0])
        #expect(elements[2].nextTextNavigationElement === elements[3])
        // Only the unset links are filled, with the neighbours by index.
        #expect(elements[1].previousTextNavigationElement === elements[0])
        #expect(elements[1].nextTextNavigationElement === elements[2])
        #expect(elements[0].previousTextNavigationElement == nil)
        #expect(elements[3].nextTextNavigationElement == nil)
        #expect(document.elements.count == 4)
    }

    @Test func aDocumentMadeWithPagesKeepsTheLinksTheBackendSet() {
        let document = LinkedPages.columns()
        let elements = document.elements
        // Linked column by column, not row by row.
        #expect(elements[0].nextTextNavigationElement === elements[2])
        #expect(elements[4].nextTextNavigationElement === elements[1])
        #expect(elements[1].previousTextNavigationElement === elements[4])
        // The page-2 paragraph, unlinked, follows the right column's last cell.
        #expect(elements[5].nextTextNavigationElement === elements[6])
        #expect(elements[6].previousTextNavigationElement === elements[5])
    }

    @Test func indexOfFindsAGivenElementByIdentity() {
        let elements = [TextElement("Same."), TextElement("Same."), TextElement("Other.")]
        let document = Document(pages: [[elements[0]], [elements[1], elements[2]]])
        #expect(elements.map { document.index(of: $0) } == [0, 1, 2])
        #expect(document.index(of: TextElement("Same.")) == nil)
    }

    @Test func indexOfFindsABooksElementWithoutMakingOne() throws {
        let book = try Self.thousandParagraphs()
        let document = Document(book: book)
        let factory = try Self.factory(of: document)
        let held = [document.elements[0], document.elements[500], document.elements[999]]
        let tracked = factory.trackedCount
        #expect(held.map { document.index(of: $0) } == [0, 500, 999])
        #expect(factory.trackedCount == tracked)
        // The same paragraph from another document of the same book is not this document's.
        #expect(Document(book: book).elements[500].string == held[1].string)
        #expect(document.index(of: Document(book: book).elements[500]) == nil)
        #expect(document.index(of: TextElement("Paragraph 500.")) == nil)
    }

    @Test func aBooksDocumentReadsItsParagraphsInOrderMakingNoneAhead() throws {
        let book = try Self.thousandParagraphs()
        let document = Document(book: book)
        let factory = try Self.factory(of: document)
        #expect(document.readingNeighbour(of: 10, .forward) == 11)
        #expect(document.readingNeighbour(of: 10, .backward) == 9)
        #expect(document.readingNeighbour(of: 999, .forward) == nil)
        #expect(factory.trackedCount == 0)
    }

    @Test func aLocatorOfAPlaceReachedThroughTheLinksResolvesThere() throws {
        let document = LinkedPages.columns()
        var navigator = Navigator(document: document)
        // Apples, They are sweet, Bananas, Cherries, Dogs: the right column's first cell.
        for _ in 0..<4 { _ = navigator.move(.forward, by: .sentence) }
        #expect(navigator.position == ReadingPosition(element: 1, offset: 0))
        let stored = Locator(position: navigator.position, in: document).json
        // The same pages built again, as a reader opening the book later would.
        let reopened = LinkedPages.columns()
        let resolved = try Locator(json: stored).resolve(in: reopened)
        #expect(resolved == ReadingPosition(element: 1, offset: 0))
        #expect(
            BackendDocumentTests.spoken(ReadingSession(document: reopened, granularity: .sentence, from: resolved)) == [
                "Dogs bark loudly.", "Eels swim in rivers.", "They are long.", "Foxes run fast.", "Page 2 of 2",
                "Geese fly south in the autumn.", "end",
            ])
    }
}

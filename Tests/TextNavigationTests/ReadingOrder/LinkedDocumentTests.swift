import Testing

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
}

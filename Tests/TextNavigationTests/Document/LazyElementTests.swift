import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// A book's document makes its elements as they are asked for (``Document/Elements``).
@Suite struct LazyElementTests {
    /// A book of `count` paragraphs of about 1,000 UTF-16 units each.
    private func longBook(_ count: Int) throws -> PlainTextBook {
        let paragraph = String(repeating: "Alice was beginning to get very tired. ", count: 26)
        return try PlainTextBook((0..<count).map { "\($0). \(paragraph)" }.joined(separator: "\n\n"))
    }

    @Test func anElementHeldIsTheOneTheDocumentGivesAgain() throws {
        let document = Document(book: try longBook(400))
        try #require(document.elements.count == 400)
        let held = document.elements[3]
        for index in document.elements.indices { _ = document.elements[index].stringTokenizer }
        #expect(document.elements[3] === held)
        #expect(held.nextTextNavigationElement?.previousTextNavigationElement === held)
        #expect(held.previousTextNavigationElement?.nextTextNavigationElement === held)
    }

    @Test func linksFollowTheDocumentAndEndAtItsEdges() throws {
        let document = Document(book: try longBook(5))
        for index in document.elements.indices {
            let element = document.elements[index]
            let next = index < 4 ? document.elements[index + 1].string : nil
            let previous = index > 0 ? document.elements[index - 1].string : nil
            #expect(element.nextTextNavigationElement?.string == next)
            #expect(element.previousTextNavigationElement?.string == previous)
        }
    }

    @Test func elementsNobodyHoldsAreLetGoWithTheirCaches() throws {
        let document = Document(book: try longBook(400))
        try #require(document.elements.count == 400)
        weak let first: TextElement? = document.elements[0] as? TextElement
        weak let tokenizer: StringTokenizer? = document.elements[0].stringTokenizer
        _ = tokenizer?.units(for: .word)
        #expect(first != nil)  // one of the most recent
        for index in document.elements.indices.dropFirst() { _ = document.elements[index].stringTokenizer }
        #expect(first == nil)
        #expect(tokenizer == nil)
        // Made again, the same text and units.
        #expect(document.elements[0].string.hasPrefix("0. Alice"))
        #expect(document.elements[0].stringTokenizer.units(for: .word).count == 1 + 7 * 26)
    }

    /// An element asked for again and again is held once and counted once against the budget
    /// of recent elements, so it does not push out the others.
    @Test func elementsAskedForAgainDoNotPushOutTheOthers() throws {
        let document = Document(book: try longBook(400))
        try #require(document.elements.count == 400)
        weak let first: TextElement? = document.elements[0] as? TextElement
        // As many elements as are held at least, whatever their weight; then two of them in
        // turn, which as new elements would push out the first many times over.
        let last = ElementFactory.recentMinimum - 1
        for index in 1...last { _ = document.elements[index] }
        for _ in 0..<500 {
            _ = document.elements[last - 1]
            _ = document.elements[last]
        }
        #expect(first != nil)
        // New elements still push the oldest out.
        for index in 100..<400 { _ = document.elements[index] }
        #expect(first == nil)
    }

    /// Short elements weigh their own state too (issue 14: a million one-character paragraphs
    /// kept a quarter of a million elements alive, 350 MB): a few dozen are held, and those a
    /// reader prepares ahead stay made, with their units, until they are read.
    @Test func shortElementsAreHeldByTheDozenNotTheHundredThousand() throws {
        let document = Document(book: try PlainTextBook(Array(repeating: "a", count: 30_000).joined(separator: "\n\n")))
        weak let first: TextElement? = document.elements[0] as? TextElement
        for index in 1..<20_000 { _ = document.elements[index] }
        #expect(first == nil)
        let end = document.prepareUnitsAhead(.word, from: 20_000, budget: Document.preparationBudget)
        #expect(end - 20_000 > 20)
        #expect((20_000..<end).allSatisfy { document.elements[$0].stringTokenizer.hasUnits(.word) })
    }

    @Test func aBookOfMillionsOfParagraphsKeepsNoSlotForEach() throws {
        // 200,000 one-character paragraphs, each asked for once: the factory keeps track of
        // the few dozen it holds, not of every paragraph (it kept a weak slot for each,
        // 16 bytes a paragraph, before any was made).
        let book = try PlainTextBook(String(repeating: "a\n\n", count: 200_000))
        let document = Document(book: book)
        guard case .made(let factory) = document.elements.source else {
            Issue.record("a book's document makes its elements")
            return
        }
        #expect(factory.trackedCount == 0)
        let held = document.elements[7]
        for index in document.elements.indices { _ = document.elements[index] }
        #expect(factory.trackedCount < 20_000)
        #expect(document.elements[7] === held)
        #expect(document.elements[199_999].text.string == "a")
    }

    @Test func paginationMakesNoElementAndRelayoutReachesLaterOnes() throws {
        let document = Document(book: try longBook(50), layout: PageLayout(width: 70, linesPerPage: 30))
        try #require(document.elements.count == 50)
        let held = document.elements[0]
        _ = document.pageCount
        document.relayout(PageLayout(width: 30, linesPerPage: 30))
        #expect((held as? TextElement)?.lines.width == 30)
        #expect((document.elements[40] as? TextElement)?.lines.width == 30)
        #expect(document.elements[40].stringTokenizer.units(for: .line).count > 30)
    }
}

import Testing
import TextNavigation
import TextNavigationBooks

@Suite struct NavigatorTests {
    @Test(arguments: [TextGranularity.word, .line, .sentence, .character])
    func movementCrossesEveryParagraphEdgeWithNoGapAndNoRepeat(granularity: TextGranularity) throws {
        let document = try BookDocuments.document(
            "alice-in-wonderland.txt", layout: PageLayout(width: 50, linesPerPage: 25))
        let elements = granularity == .character ? Array(document.elements.prefix(60)) : Array(document.elements)
        // Every unit of the document, in order, from each element's tokenizer.
        var expected: [NavigationUnit] = []
        for index in elements.indices {
            let element = document.elements[index]
            let segments = element.stringTokenizer.units(for: granularity)
            for unit in 0..<segments.count {
                expected.append(
                    NavigationUnit(
                        element: index, range: segments[unit], text: element.text.string(in: segments[unit])!,
                        granularity: granularity))
            }
        }
        var navigator = Navigator(document: document)
        var visited: [NavigationUnit] = []
        if let first = navigator.currentUnit(granularity) { visited.append(first) }
        while visited.count < expected.count, let unit = navigator.move(.forward, by: granularity) {
            visited.append(unit)
        }
        #expect(visited == expected)
        // And back again from where it stopped.
        try #require(!visited.isEmpty && !expected.isEmpty)
        var backward: [NavigationUnit] = [visited.last!]
        while let unit = navigator.move(.backward, by: granularity) { backward.append(unit) }
        #expect(backward.reversed() == expected)
        #expect(
            navigator.position == ReadingPosition(element: expected[0].element, offset: expected[0].range.lowerBound))
    }

    @Test func nextLineAtTheEndOfAParagraphLandsOnTheNextParagraphsFirstLine() throws {
        let document = Document(
            book: try PlainTextBook("aaa bbb ccc ddd\n\neee fff"), layout: PageLayout(width: 8, linesPerPage: 10))
        var navigator = Navigator(document: document, position: ReadingPosition(element: 0, offset: 13))
        let next = navigator.move(.forward, by: .line)
        #expect(next?.element == 1)
        #expect(next?.range.lowerBound == 0)
    }

    @Test func theEndReportsThatNothingMoved() throws {
        let document = Document(book: try PlainTextBook("One two.\n\nThree."))
        var navigator = Navigator(document: document, position: document.endPosition)
        #expect(navigator.move(.forward, by: .word) == nil)
        #expect(navigator.position == document.endPosition)
        var start = Navigator(document: document)
        #expect(start.move(.backward, by: .word) == nil)
        #expect(start.position == document.startPosition)
    }

    @Test func stopAtElementEdgeMovesToTheEdgeOnceThenStops() throws {
        let document = Document(book: try PlainTextBook("One two.\n\nThree."))
        var navigator = Navigator(
            document: document, position: ReadingPosition(element: 0, offset: 4), boundaryBehavior: .stopAtElementEdge)
        let edge = navigator.move(.forward, by: .word)
        #expect(edge?.isEdge == true)
        #expect(navigator.position == ReadingPosition(element: 0, offset: 8))
        #expect(navigator.move(.forward, by: .word) == nil)
        var crossing = Navigator(document: document, position: ReadingPosition(element: 0, offset: 4))
        #expect(crossing.move(.forward, by: .word)?.text == "Three")
    }

    @Test func linkedElementsAreSymmetricAndHoldNoCycle() {
        weak var weakFirst: TextElement?
        do {
            let elements = (0..<5).map { TextElement("Element \($0).") }
            TextElement.link(elements)
            for element in elements {
                if let next = element.nextTextNavigationElement {
                    #expect(next.previousTextNavigationElement === element)
                }
                if let previous = element.previousTextNavigationElement {
                    #expect(previous.nextTextNavigationElement === element)
                }
            }
            #expect(elements.first?.previousTextNavigationElement == nil)
            #expect(elements.last?.nextTextNavigationElement == nil)
            weakFirst = elements.first
        }
        #expect(weakFirst == nil)
    }
}

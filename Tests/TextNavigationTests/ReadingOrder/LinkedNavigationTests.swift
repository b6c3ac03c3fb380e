import Testing
import TextNavigation

/// A navigator goes from element to element by their links, not by index: past a sidebar the
/// backend linked around, down one column and then the other.
@Suite struct LinkedNavigationTests {
    static let granularities: [TextGranularity] = [.character, .word, .sentence, .line, .paragraph]

    /// Every unit a navigator reaches from the document's start, moving forward until the edge.
    private func forward(_ document: Document, by granularity: TextGranularity) -> [NavigationUnit] {
        var navigator = Navigator(document: document)
        var units = [navigator.currentUnit(granularity)].compactMap { $0 }
        while let unit = navigator.move(.forward, by: granularity) { units.append(unit) }
        return units
    }

    /// Every unit a navigator reaches moving backward from the end of element `last`.
    private func backward(_ document: Document, from last: Int, by granularity: TextGranularity) -> [NavigationUnit] {
        var navigator = Navigator(
            document: document,
            position: ReadingPosition(element: last, offset: document.elements[last].text.count))
        var units: [NavigationUnit] = []
        while let unit = navigator.move(.backward, by: granularity) { units.append(unit) }
        return units
    }

    /// The sidebar's document and the two-column one, made anew, each with its reading order.
    static var documents: [(Document, [Int])] {
        [(LinkedPages.sidebar(), LinkedPages.sidebarOrder), (LinkedPages.columns(), LinkedPages.columnOrder)]
    }

    @Test(arguments: granularities)
    func movingForwardPassesTheSidebarAndGoesDownEachColumn(_ granularity: TextGranularity) {
        for (document, order) in Self.documents {
            let units = forward(document, by: granularity)
            #expect(units == LinkedPages.units(granularity, of: document, order: order))
            #expect(Set(units.map(\.element)) == Set(order))
        }
    }

    @Test(arguments: granularities)
    func movingBackwardPassesTheSidebarAndGoesUpEachColumn(_ granularity: TextGranularity) {
        for (document, order) in Self.documents {
            #expect(
                backward(document, from: order[order.count - 1], by: granularity)
                    == LinkedPages.units(granularity, of: document, order: order).reversed())
        }
    }

    @Test func paragraphsComeInColumnOrder() {
        let document = LinkedPages.columns()
        #expect(
            forward(document, by: .paragraph).map(\.text) == [
                "Apples grow on trees. They are sweet.", "Bananas are yellow.", "Cherries are red.",
                "Dogs bark loudly.", "Eels swim in rivers. They are long.", "Foxes run fast.",
                "Geese fly south in the autumn.",
            ])
    }

    @Test func fromTheSidebarMovingGoesOnWithTheLinkedParagraphs() {
        // The sidebar keeps no link of its own: the document links it to the elements beside
        // it, and moving back from the paragraph after it passes it by.
        let document = LinkedPages.sidebar()
        var navigator = Navigator(document: document, position: ReadingPosition(element: 2, offset: 0))
        #expect(navigator.move(.forward, by: .paragraph)?.element == 3)
        #expect(navigator.move(.backward, by: .paragraph)?.element == 1)
        navigator.move(to: ReadingPosition(element: 2, offset: 0))
        #expect(navigator.move(.backward, by: .paragraph)?.element == 1)
        #expect(navigator.move(.forward, by: .paragraph)?.element == 3)
    }

    @Test func aLinkLeadingOutsideTheDocumentIsItsEdge() {
        // Element 1 links to an element the document does not hold: element 2 comes after it by
        // index only.
        let elsewhere = TextElement("Elsewhere.")
        let elements = [TextElement("First."), TextElement("Last read."), TextElement("Never reached.")]
        elements[1].links?.set(next: elsewhere, previous: elements[0])
        let document = Document(elements: elements)
        var navigator = Navigator(document: document, boundaryBehavior: .stopAtDocumentEdge)
        #expect(navigator.move(.forward, by: .sentence)?.text == "Last read.")
        let edge = navigator.move(.forward, by: .sentence)
        #expect(edge?.isEdge == true)
        #expect(navigator.position == ReadingPosition(element: 1, offset: 10))
        #expect(navigator.move(.forward, by: .sentence) == nil)
        withExtendedLifetime(elsewhere) {}
    }

    @Test func aMoveOverACycleOfEmptyElementsEnds() {
        // Two empty elements linked to each other: a move passing over them stops where the
        // links come back, and never reaches the element after them by index.
        let elements = [TextElement("Alpha."), TextElement(""), TextElement(""), TextElement("Omega.")]
        elements[0].links?.set(next: elements[1], previous: nil)
        elements[1].links?.set(next: elements[2], previous: elements[0])
        elements[2].links?.set(next: elements[1], previous: elements[1])
        let document = Document(elements: elements)
        var navigator = Navigator(document: document)
        #expect(navigator.move(.forward, by: .word) == nil)
        #expect(navigator.position == ReadingPosition(element: 0, offset: 0))
    }
}

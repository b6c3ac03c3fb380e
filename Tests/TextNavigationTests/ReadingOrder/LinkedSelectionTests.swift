import Testing
import TextNavigation

/// Selection extends and shrinks through the links: from the foot of one column to the top of
/// the next, over a sidebar, and never round a cycle.
@Suite struct LinkedSelectionTests {
    static let granularities: [TextGranularity] = [.character, .word, .sentence, .line, .paragraph]

    /// The text of `element`'s first unit of `granularity`, or, with `last`, from the start of
    /// its last unit to the element's end (what a selection going on past it holds).
    private func unitText(_ document: Document, _ element: Int, _ granularity: TextGranularity, last: Bool) -> String {
        let text = document.elements[element].text
        let units = document.elements[element].stringTokenizer.units(for: granularity)
        return text.string(in: last ? units[units.count - 1].lowerBound..<text.count : units[0]) ?? ""
    }

    @Test(arguments: granularities)
    func extendingFromTheFootOfAColumnReachesTheTopOfTheNext(_ granularity: TextGranularity) throws {
        // "Cherries are red." (element 4) ends the left column; "Dogs bark loudly." (element 1)
        // starts the right one.
        let document = LinkedPages.columns()
        let controller = SelectionController(document: document)
        let last = try #require(document.elements[4].stringTokenizer.units(for: granularity).ranges.last)
        #expect(controller.select(granularity, at: ReadingPosition(element: 4, offset: last.lowerBound)))
        let footText = document.elements[4].text.string(in: last) ?? ""
        #expect(controller.selectedText == footText)
        #expect(controller.extend(by: granularity))
        #expect(controller.selection?.focus.element == 1)
        #expect(controller.selection?.isBackward(in: document) == false)
        #expect(
            controller.selectedText
                == unitText(document, 4, granularity, last: true) + "\n"
                + unitText(document, 1, granularity, last: false))
        #expect(controller.textInput(forElement: 1)?.selectedTextRange?.start.offset == 0)
        #expect(controller.shrink(by: granularity))
        #expect(controller.selectedText == footText)
        #expect(controller.textInput(forElement: 1)?.selectedTextRange == nil)
    }

    @Test(arguments: granularities)
    func extendingBackwardFromTheTopOfAColumnReachesTheFootOfTheOneBefore(_ granularity: TextGranularity) throws {
        let document = LinkedPages.columns()
        let controller = SelectionController(document: document)
        let first = try #require(document.elements[1].stringTokenizer.units(for: granularity).ranges.first)
        // A backward selection of the right column's first unit: focus at its start.
        #expect(
            controller.select(
                from: ReadingPosition(element: 1, offset: first.upperBound),
                to: ReadingPosition(element: 1, offset: first.lowerBound)))
        #expect(controller.extend(by: granularity))
        #expect(controller.selection?.focus.element == 4)
        #expect(controller.selection?.isBackward(in: document) == true)
        let parts = controller.selection?.parts(in: document) ?? []
        #expect(parts.map(\.element) == [4, 1])
        #expect(
            controller.selectedText
                == unitText(document, 4, granularity, last: true) + "\n"
                + unitText(document, 1, granularity, last: false)
        )
        #expect(controller.shrink(by: granularity))
        #expect(controller.selection?.focus == ReadingPosition(element: 1, offset: first.lowerBound))
    }

    @Test func extendingByWordsPassesTheSidebar() {
        let document = LinkedPages.sidebar()
        let controller = SelectionController(document: document)
        // "well." ends element 1; the next word by the links is "By", in element 3.
        let offset = LinkedPages.sidebarTexts[1].utf16.count - 5
        #expect(controller.select(.word, at: ReadingPosition(element: 1, offset: offset)))
        #expect(controller.extend(by: .word))
        #expect(controller.selectedText == "well.\nBy")
        #expect(controller.selection?.parts(in: document).map(\.element) == [1, 3])
        #expect(controller.textInput(forElement: 2)?.selectedTextRange == nil)
        #expect(controller.shrink(by: .word))
        #expect(controller.selectedText == "well")
    }

    @Test func extendingNeverComesRoundACycleToTheAnchor() {
        let elements = [TextElement("Alpha one."), TextElement("Bravo two."), TextElement("Charlie three.")]
        elements[0].links?.set(next: elements[1], previous: elements[1])
        elements[1].links?.set(next: elements[0], previous: elements[0])
        let controller = SelectionController(document: Document(elements: elements))
        #expect(controller.select(.paragraph, at: ReadingPosition(element: 0, offset: 0)))
        #expect(controller.extend(by: .paragraph))
        #expect(controller.selectedText == "Alpha one.\nBravo two.")
        #expect(!controller.extend(by: .paragraph))
        #expect(controller.selectedText == "Alpha one.\nBravo two.")
    }
}

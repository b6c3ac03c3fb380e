import Testing
import TextNavigation
import TextNavigationBooks

@Suite struct TextElementTests {
    @Test func anElementsTextInputFollowsTheDocumentsLayout() throws {
        let text = "The quick brown fox jumps over the lazy dog and keeps on running far away."
        let document = Document(book: try PlainTextBook(text), layout: PageLayout(width: 20, linesPerPage: 3))
        let element = try #require(document.elements.first as? TextElement)
        let input = element.makeTextInput()
        let narrowLines = input.layout.lineCount
        #expect(narrowLines == element.stringTokenizer.units(for: .line).count)
        #expect(narrowLines >= 4)
        let position = TextPosition(offset: 35)
        let before = input.text(in: TextRange(position, TextPosition(offset: 39)))
        document.relayout(PageLayout(width: 40, linesPerPage: 3))
        #expect(input.layout.lineCount < narrowLines)
        #expect(input.layout.lineCount == element.stringTokenizer.units(for: .line).count)
        #expect(input.text(in: TextRange(position, TextPosition(offset: 39))) == before)
    }

    @Test func eachTextInputHasItsOwnSelection() {
        let element = TextElement("Hello world, hello reader.")
        let first = element.makeTextInput()
        let second = element.makeTextInput()
        first.selectedTextRange = TextRange(0..<5)
        #expect(first.selectedTextRange == TextRange(0..<5))
        #expect(second.selectedTextRange == nil)
        #expect(first.text(in: first.selectedTextRange!) == "Hello")
    }

    @Test func anInvalidLocaleFallsBackToTheRootLocale() {
        let element = TextElement("Some words here.", locale: "not a locale!")
        #expect(element.tokenizer.units(for: .word).count == 3)
        let input = element.makeTextInput()
        #expect(input.layout.lineCount == 1)
    }
}

/// A `TextElement` from a `String` takes what one from a ``TextStorage`` takes.
@Suite struct TextElementFromStringTests {
    @Test func aStringElementTakesWidthActionsAndContent() throws {
        let action = CustomAction(name: "Look up") { _ in true }
        let element = TextElement(
            "A drawing of the Rabbit, who is late for the Duchess.", traits: .image, label: "The White Rabbit",
            value: "plate 2", customActions: [action],
            customContent: [CustomContent(label: "Artist", value: "Tenniel")],
            locale: "en-GB", width: 20, markup: ElementMarkup())
        #expect(element.text.string == "A drawing of the Rabbit, who is late for the Duchess.")
        #expect(element.traits == .image)
        #expect(element.label == "The White Rabbit")
        #expect(element.value == "plate 2")
        #expect(element.customActions.map(\.name) == ["Look up"])
        #expect(element.customContent.map(\.value) == ["Tenniel"])
        #expect(element.locale == "en-GB")
        // Laid out 20 cells wide until a document lays it out: three lines, not one.
        #expect(element.makeTextInput().layout.lineCount == 3)
    }
}

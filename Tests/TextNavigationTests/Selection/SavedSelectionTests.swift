import Foundation
import Testing
import TextNavigation

@Suite("SavedSelection")
struct SavedSelectionTests {
    /// Context is counted in UTF-16 units, as a locator's (``Locator/contextLength``), widened to
    /// whole characters: 🎧 takes two.
    @Test func contextIsTakenFromTheElementUpToFiftyUTF16Units() throws {
        let before = String(repeating: "a", count: 60) + "🎧"
        let after = "é" + String(repeating: "z", count: 70)
        let element = before + "selected" + after
        let start = before.utf16.count
        let selection = try #require(
            SavedSelection(
                book: "b", elementIndex: 3, elementText: element, utf16Range: start..<(start + 8),
                granularity: .word))
        #expect(selection.text == "selected")
        #expect(selection.contextBefore == String(repeating: "a", count: 48) + "🎧")
        #expect(selection.contextAfter == "é" + String(repeating: "z", count: 49))
        #expect(selection.utf16Range == start..<(start + 8))
    }

    @Test func contextIsShortNearTheElementsEdges() throws {
        let selection = try #require(
            SavedSelection(book: "b", elementIndex: 0, elementText: "Hi there", utf16Range: 0..<2, granularity: .word))
        #expect(selection.contextBefore == "")
        #expect(selection.contextAfter == " there")
    }

    @Test(arguments: [(-1)..<2, 0..<9, 1..<2, 2..<4])
    func rangeOutsideTheTextOrInsideASurrogatePairIsNil(_ range: Range<Int>) {
        // "a🎧b": the emoji is UTF-16 units 1 and 2.
        #expect(
            SavedSelection(book: "b", elementIndex: 0, elementText: "a🎧b", utf16Range: range, granularity: .character)
                == nil)
    }

    @Test func jsonRoundTripKeepsEveryField() throws {
        let selection = SavedSelection.sample(4)
        let decoded = try JSONDecoder().decode(SavedSelection.self, from: JSONEncoder().encode(selection))
        #expect(decoded == selection)
        let noOptionals = SavedSelection(
            book: "b", elementIndex: 0, utf16Range: 0..<0, text: "", contextBefore: "", contextAfter: "",
            granularity: .document)
        #expect(try JSONDecoder().decode(SavedSelection.self, from: JSONEncoder().encode(noOptionals)) == noOptionals)
    }
}

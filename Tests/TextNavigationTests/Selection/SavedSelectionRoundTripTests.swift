import Foundation
import Testing
import TextNavigation

@testable import TextNavigationStore

/// A saved selection's round trip (issue 28, item 5): saved with a note, as one group when it
/// crosses elements, with the store's errors thrown, and found again, start and end, in a book
/// that has changed since.
@Suite struct SavedSelectionRoundTripTests {
    static let paragraphs = [
        "Chapter One",
        "It was a bright cold day in April, and the clocks were striking thirteen.",
        "Winston Smith slipped quickly through the glass doors of Victory Mansions.",
    ]

    static func document(_ paragraphs: [String]) -> Document {
        Document(elements: paragraphs.map { TextElement($0) })
    }

    /// A controller over the book with a fresh store as its save target.
    static func controller(_ scratch: ScratchDirectory) throws -> (SelectionController, SavedSelectionStore) {
        let controller = SelectionController(document: document(paragraphs))
        let store = try SavedSelectionStore(url: scratch.storeURL)
        controller.saveTarget = (store, "1984")
        return (controller, store)
    }

    @Test func aSelectionAcrossElementsIsSavedAsOneGroupWithItsNote() throws {
        let scratch = try ScratchDirectory("round-trip")
        defer { scratch.remove() }
        let (controller, store) = try Self.controller(scratch)
        // "the clocks were striking thirteen." and "Winston Smith"
        #expect(controller.select(.word, at: ReadingPosition(element: 1, offset: 39)))
        for _ in 0..<6 { #expect(controller.extend(by: .word)) }
        #expect(controller.selectedText == "the clocks were striking thirteen.\nWinston Smith")
        let records = try controller.saveSelection(note: "the opening")
        #expect(records.map(\.text) == ["the clocks were striking thirteen.", "Winston Smith"])
        #expect(records.map(\.note) == ["the opening", "the opening"])
        let group = try #require(records.first?.groupID)
        #expect(records.allSatisfy { $0.groupID == group })
        #expect(try store.selections(forBook: "1984") == records)
        // A selection in one element has no group.
        #expect(controller.select(.word, at: ReadingPosition(element: 2, offset: 0)))
        #expect(try controller.saveSelection().map(\.groupID) == [nil])
    }

    @Test func savingThrowsTheStoresErrorAndTheActionSaysFalse() throws {
        let scratch = try ScratchDirectory("round-trip")
        defer { scratch.remove() }
        let (controller, store) = try Self.controller(scratch)
        #expect(controller.select(.sentence, at: ReadingPosition(element: 1, offset: 0)))
        try store.close()
        #expect(throws: SavedSelectionStoreError.closed(path: store.url.path)) {
            try controller.saveSelection(note: "lost")
        }
        #expect(!controller.performEditAction(named: "save"))
    }

    /// The book changed: a paragraph added before, words added before the selection in its
    /// element and after it in the next. Both ends are found by their context.
    @Test func aSavedSelectionIsFoundAgainInAChangedBook() throws {
        let scratch = try ScratchDirectory("round-trip")
        defer { scratch.remove() }
        let (controller, store) = try Self.controller(scratch)
        #expect(controller.select(.word, at: ReadingPosition(element: 1, offset: 39)))
        for _ in 0..<6 { #expect(controller.extend(by: .word)) }
        let records = try controller.saveSelection()
        let saved = try store.selections(forBook: "1984")
        #expect(saved.count == 2)

        let changed = Self.document([
            "Part One",
            "Chapter One",
            "It was a bright, very cold day in April, and the clocks were striking thirteen.",
            "Winston Smith, his chin nuzzled into his breast, slipped quickly through the glass doors.",
        ])
        let first = try #require(saved[0].resolve(in: changed))
        #expect(
            first
                == DocumentSelection(
                    anchor: ReadingPosition(element: 2, offset: 45), focus: ReadingPosition(element: 2, offset: 79)))
        let second = try #require(saved[1].resolve(in: changed))
        #expect(changed.elements[3].text.string(in: second.start.offset..<second.end.offset) == "Winston Smith")
        let whole = try #require(SavedSelection.resolve(saved, in: changed))
        let again = SelectionController(document: changed)
        #expect(again.select(.word, at: whole.start))
        while again.selection?.end != whole.end, again.extend(by: .word) {}
        #expect(again.selectedText == "the clocks were striking thirteen.\nWinston Smith")
        #expect(records.count == 2)
        // Gone from the book: not found, no crash.
        #expect(saved[1].resolve(in: Self.document(["Something else entirely, nothing like it."])) == nil)
    }

    /// Context is counted in UTF-16 units, whole characters, as a locator counts it: text of
    /// characters outside the BMP keeps 50 units of context, not 50 characters.
    @Test func contextIsCountedAsALocatorCountsIt() throws {
        let text = String(repeating: "🎧", count: 40) + " word " + String(repeating: "読", count: 60)
        let document = Self.document([text])
        let range = 81..<85  // "word"
        let selection = try #require(
            SavedSelection(book: "b", elementIndex: 0, elementText: text, utf16Range: range, granularity: .word))
        #expect(selection.text == "word")
        let start = Locator(position: ReadingPosition(element: 0, offset: range.lowerBound), in: document)
        let end = Locator(position: ReadingPosition(element: 0, offset: range.upperBound), in: document)
        #expect(selection.contextBefore == start.textBefore)
        #expect(selection.contextAfter == end.textAfter)
        // 50 units reach into an emoji: the context widens to the whole emoji, as a locator's.
        #expect(selection.contextBefore.utf16.count == 51)
        #expect(
            selection.resolve(in: document)
                == DocumentSelection(
                    anchor: ReadingPosition(element: 0, offset: 81), focus: ReadingPosition(element: 0, offset: 85)))
    }
}

import Synchronization
import Testing
import TextNavigation
import TextNavigationBooks
import TextNavigationStore

/// Records what a text input's delegate hears.
final class RecordingInputDelegate: TextInputDelegate {
    var events: [String] = []
    func selectionWillChange(_ textInput: any TextInput) {
        events.append("will:\(textInput.selectedTextRange?.description ?? "nil")")
    }
    func selectionDidChange(_ textInput: any TextInput) {
        events.append("did:\(textInput.selectedTextRange?.description ?? "nil")")
    }
}

@Suite struct SelectionControllerTests {
    static func document() throws -> Document {
        Document(book: try PlainTextBook("One two three.\n\nFour five. Six seven.\n"))
    }

    @Test func selectExtendAndShrinkByWordsAcrossElements() throws {
        let controller = SelectionController(document: try Self.document())
        #expect(controller.select(.word, at: ReadingPosition(element: 0, offset: 5)))
        #expect(controller.selectedText == "two")
        #expect(controller.extend(by: .word))
        #expect(controller.selectedText == "two three")
        #expect(controller.extend(by: .word))
        #expect(controller.selectedText == "two three.\nFour")
        #expect(controller.extend(by: .sentence))
        #expect(controller.selectedText == "two three.\nFour five.")
        #expect(controller.shrink(by: .word))
        #expect(controller.selectedText == "two three.\nFour")
        #expect(controller.shrink(by: .word))
        #expect(controller.selectedText == "two three")
        #expect(controller.shrink(by: .word))
        #expect(controller.selectedText == "two")
        #expect(controller.shrink(by: .word))
        #expect(controller.selectedText == "")
        #expect(controller.selection?.isEmpty == true)
        #expect(!controller.shrink(by: .word))
        #expect(controller.selection?.anchor == ReadingPosition(element: 0, offset: 4))
    }

    @Test func selectionInAGapSelectsNothing() throws {
        let controller = SelectionController(document: try Self.document())
        #expect(
            !controller.select(.word, at: ReadingPosition(element: 1, offset: 10)) || controller.selectedText == "five")
        #expect(!controller.select(.word, at: ReadingPosition(element: 7, offset: 0)))
        #expect(!controller.extend(by: .word))
    }

    @Test func extendingStopsAtTheEndOfTheDocument() throws {
        let controller = SelectionController(document: try Self.document())
        #expect(controller.select(.sentence, at: ReadingPosition(element: 1, offset: 12)))
        #expect(controller.selectedText == "Six seven.")
        #expect(!controller.extend(by: .sentence))
        #expect(controller.selectedText == "Six seven.")
    }

    @Test func theTextInputDelegateHearsWillAndDidChange() throws {
        let controller = SelectionController(document: try Self.document())
        let delegate = RecordingInputDelegate()
        controller.inputDelegate = delegate
        controller.select(.word, at: ReadingPosition(element: 0, offset: 0))
        controller.extend(by: .word)
        #expect(delegate.events == ["will:nil", "did:0-3", "will:0-3", "did:0-7"])
        #expect(controller.textInput(forElement: 0)?.selectedTextRange == TextRange(0..<7))
    }

    @Test func theEditRotorListsCopyAndSaveWithTheirOtherNames() throws {
        let document = try Self.document()
        let controller = SelectionController(document: document)
        let copied = Mutex<[String]>([])
        controller.pasteboard = { text in copied.withLock { $0.append(text) } }
        let scratch = try ScratchDirectory("selection-controller")
        defer { scratch.remove() }
        let store = try SavedSelectionStore(url: scratch.storeURL)
        controller.saveTarget = (store, "test-book")
        #expect(controller.editActions.isEmpty)
        controller.select(.sentence, at: ReadingPosition(element: 1, offset: 0))
        #expect(controller.editActions.map(\.name) == ["Copy", "Save selection"])
        #expect(controller.editActions.allSatisfy { $0.category == .edit })
        #expect(controller.editAction(named: "  Bookmark ")?.name == "Save selection")
        #expect(controller.editAction(named: "keep")?.name == "Save selection")
        #expect(controller.editAction(named: "delete") == nil)
        #expect(controller.performEditAction(named: "copy"))
        #expect(copied.withLock { $0 } == ["Four five."])
        #expect(controller.performEditAction(named: "save"))
        let saved = try store.selections(forBook: "test-book")
        #expect(saved.map(\.text) == ["Four five."])
        #expect(saved.first?.elementIndex == 1)
        #expect(saved.first?.utf16Range == 0..<10)
        #expect(saved.first?.granularity == .sentence)
    }

    @Test func elementsOwnEditActionsComeFirst() {
        let note = CustomAction(name: "Add note", category: .edit, userInputLabels: ["annotate"]) { range in
            range != nil
        }
        let other = CustomAction(name: "Next chapter") { _ in true }
        let element = TextElement(text: TextStorage("Some text here."), customActions: [note, other])
        let controller = SelectionController(document: Document(pages: [[element]]))
        controller.select(.word, at: ReadingPosition(element: 0, offset: 0))
        #expect(controller.editActions.map(\.name) == ["Add note"])
        #expect(controller.performEditAction(named: "annotate"))
    }
}

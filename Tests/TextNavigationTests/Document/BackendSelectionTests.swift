import Foundation
import Testing
import TextNavigation
import TextNavigationStore

/// Selection, locators, saved selections and relayout inside a backend's document: a scanned
/// page selects and locates by its own lines, and pages the backend cuts again keep every
/// locator valid.
@Suite struct BackendSelectionTests {
    @Test func selectionInsideTheScannedPageUsesItsOwnGeometry() throws {
        let document = Document(pages: try BackendDocuments.pages())
        let controller = SelectionController(document: document)
        // "rain" ends the first handwritten line; extending by a word reaches "kept" on the second.
        #expect(controller.select(.word, at: ReadingPosition(element: 2, offset: 15)))
        #expect(controller.selectedText == "rain")
        #expect(controller.extend(by: .word))
        #expect(controller.selectedText == "rain\nkept")
        let input = try #require(controller.textInput(forElement: 2))
        #expect(input is ScannedPage)
        #expect(input.selectedTextRange == TextRange(14..<23))
        // One highlight per handwritten line, each in its line's rect on the page image.
        let rects = input.selectionRects(for: try #require(input.selectedTextRange))
        #expect(rects.map(\.rect.minY) == [100, 160])
        #expect(rects.map(\.rect.height) == [40, 40])
        // The document's own scanned page keeps no selection: the controller's input is its own.
        let scanned = try #require(document.elements[2] as? ScannedPage)
        #expect(scanned.selectedTextRange == nil)
    }

    @Test func locatorsInsideTheScannedPageResolve() throws {
        let document = Document(pages: try BackendDocuments.pages())
        let position = ReadingPosition(element: 2, offset: 24)  // "us" on the second line
        let locator = Locator(position: position, in: document)
        #expect(locator.page == 2)
        #expect(locator.textBefore == "Dear Sir, the rain\nkept ")
        let stored = try Locator(json: locator.json)
        #expect(try stored.resolve(in: document) == position)
        // The same backend content opened again (new element objects) finds the same place.
        let reopened = Document(pages: try BackendDocuments.pages())
        #expect(try stored.resolve(in: reopened) == position)
    }

    @Test func aSelectionInTheScannedPageIsSavedUnderTheBooksIdentity() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("backend-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SavedSelectionStore(url: directory.appendingPathComponent("selections.sqlite"))
        let book = BookIdentity("backend:letters/1887-03")
        let controller = SelectionController(document: Document(pages: try BackendDocuments.pages()))
        controller.saveTarget = (store, book)
        #expect(controller.select(.word, at: ReadingPosition(element: 2, offset: 25)))
        #expect(controller.performEditAction(named: "save"))
        let saved = try store.selections(forBook: book)
        #expect(saved.map(\.text) == ["us"])
        #expect(saved.first?.elementIndex == 2 && saved.first?.pageHint == 2)
        #expect(try store.selections(forBook: BookIdentity("another book")).isEmpty)
    }

    @Test func aBackendsRelayoutCallbackRecutsItsPagesAndLocatorsStayValid() throws {
        let elements: [any NavigableElement] = (1...6).map { TextElement("Paragraph number \($0) of the story.") }
        // The backend puts as many paragraphs on a page as its layout has lines.
        let document = Document(pages: [Array(elements[0..<2]), Array(elements[2..<4]), Array(elements[4...])]) {
            layout in
            stride(from: 0, to: elements.count, by: layout.linesPerPage).map {
                Array(elements[$0..<min($0 + layout.linesPerPage, elements.count)])
            }
        }
        let position = ReadingPosition(element: 4, offset: 10)
        let locator = Locator(position: position, in: document)
        #expect(locator.page == 3)
        #expect(document.relayout(PageLayout(width: 40, linesPerPage: 3)))
        #expect(document.pageCount == 2)
        #expect(document.layout == PageLayout(width: 40, linesPerPage: 3))
        #expect(try locator.resolve(in: document) == position)
        #expect(Locator(position: position, in: document).page == 2)
        let turns = ReadingSession(document: document, granularity: .sentence).filter {
            if case .pageTurn = $0 { true } else { false }
        }
        #expect(turns == [.pageTurn(from: 1, to: 2, announcement: "Page 2 of 2")])
    }

    @Test func aRelayoutWithoutCallbackOrWithOtherElementsChangesNothing() throws {
        let fixed = Document(pages: try BackendDocuments.pages())
        #expect(!fixed.relayout(PageLayout(width: 30, linesPerPage: 2)))
        #expect(fixed.pageCount == 3)
        let other = Document(pages: [[TextElement("One.")], [TextElement("Two.")]]) { _ in
            [[TextElement("One."), TextElement("Two.")]]
        }
        #expect(!other.relayout(PageLayout(width: 30, linesPerPage: 2)))
        #expect(other.pageCount == 2)
    }
}

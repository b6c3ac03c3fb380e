// An example reader backend: it embeds TextNavigation as a backend would, through the public
// API alone. It builds a document from its own pages (text elements, a scanned page and its own
// figure type), reads it all by word across pages, makes a locator, lays its pages out again
// through its relayout callback, and saves and lists a selection in a temporary store.
import Foundation
import TextNavigation
import TextNavigationStore

/// `text` on one line: line breaks shown as `\n`.
func oneLine(_ text: String) -> String { text.replacingOccurrences(of: "\n", with: "\\n") }

/// One read-all event as a line of output.
func describe(_ event: ReadingEvent) -> String {
    switch event {
    case .utterance(let utterance):
        let kind = utterance.isLabel ? " image label" : ""
        return "  page \(utterance.page) element \(utterance.element)\(kind): \(utterance.text)"
    case .heading(_, let text): return "  (heading: \(text))"
    case .customContent(_, let content): return "  (\(content.label): \(content.value))"
    case .pageTurn(_, _, let announcement): return "  -- \(announcement) --"
    case .printPage(_, let label): return "  (print page \(label))"
    case .end: return "  (end)"
    }
}

func run() throws {
    let book = try BackendBook.make()
    let document = Document(pages: book.pages(linesPerPage: 3)) { layout in
        book.pages(linesPerPage: layout.linesPerPage)
    }
    print("document: \(document.elements.count) elements on \(document.pageCount) pages")

    print("read all by word:")
    for event in ReadingSession(document: document, granularity: .word) { print(describe(event)) }

    let place = ReadingPosition(element: 3, offset: 24)
    let locator = Locator(position: place, in: document)
    print("locator in the scanned letter: page \(locator.page ?? 0), before \"\(oneLine(locator.textBefore))\"")

    guard document.relayout(PageLayout(width: 30, linesPerPage: 2)) else {
        throw ExampleError("the document refused the backend's pages")
    }
    let resolved = try Locator(json: locator.json).resolve(in: document)
    let page = document.pageIndex(containing: resolved) + 1
    print("relaid out at width 30, 2 lines a page: \(document.pageCount) pages; locator at \(resolved), page \(page)")

    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("readaloud-example-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SavedSelectionStore(url: directory.appendingPathComponent("selections.sqlite"))
    let identity = BookIdentity("example-backend:chapter-one")
    let controller = SelectionController(document: document)
    controller.saveTarget = (store, identity)
    guard controller.select(.word, at: ReadingPosition(element: 3, offset: 15)), controller.extend(by: .word),
        controller.performEditAction(named: "save")
    else { throw ExampleError("could not select and save in the scanned letter") }
    print("saved selection: \"\(oneLine(controller.selectedText))\"")
    for saved in try store.selections(forBook: identity) {
        print(
            "listed: \(identity): element \(saved.elementIndex) \(saved.utf16Range) \"\(oneLine(saved.text))\""
                + " page \(saved.pageHint ?? 0)")
    }
}

do {
    try run()
} catch {
    print("readaloud-example-backend: \(error)")
    exit(1)
}

import Testing
import TextNavigation
import TextNavigationBooks

/// One document read from 8 tasks at once through the public API, each with its own session
/// and navigator: the document's lazy work (tokenizers, line layout, pagination) is first done
/// under contention, and every task must read exactly what one task alone reads. Run under
/// `swift test --sanitize=thread` it also checks that nothing races.
@Suite("Reliability: concurrent readers")
struct ConcurrencyTests {
    static let granularities: [TextGranularity] = [.word, .sentence, .line, .paragraph]

    /// What one reader gets from a document: the read-all events, then the units a navigator
    /// visits by word from the start, then a locator round trip in the middle.
    static func read(_ document: Document, _ granularity: TextGranularity) throws -> [String] {
        var result = ReadingSession(document: document, granularity: granularity, page: 1).map { "\($0)" }
        var navigator = Navigator(document: document)
        for _ in 0..<500 {
            guard let unit = navigator.move(.forward, by: .word) else { break }
            result.append("\(unit.element):\(unit.range)")
        }
        let middle = ReadingPosition(element: document.elements.count / 2, offset: 3)
        let locator = Locator(position: middle, in: document)
        result.append("\(try Locator(json: locator.json).resolve(in: document))")
        result.append("pages \(document.pageCount)")
        return result
    }

    @Test func eightTasksReadOneDocumentAsOneTaskDoes() async throws {
        let book = try BookDocuments.book("rashomon.txt")
        let layout = PageLayout(width: 40, linesPerPage: 12)
        let expected = try Self.granularities.map {
            try Self.read(Document(book: book, locale: "ja", layout: layout), $0)
        }
        let shared = Document(book: book, locale: "ja", layout: layout)
        let results = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for task in 0..<8 {
                group.addTask { (task, try Self.read(shared, Self.granularities[task % Self.granularities.count])) }
            }
            var results: [Int: [String]] = [:]
            for try await (task, events) in group { results[task] = events }
            return results
        }
        #expect(results.count == 8)
        for (task, events) in results {
            let reference = expected[task % Self.granularities.count]
            #expect(events.count > 50)
            #expect(events == reference, "task \(task) read something else than a lone reader")
        }
    }
}

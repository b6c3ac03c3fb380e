import Testing
import TextNavigation
import TextNavigationBooks

/// An utterance's page is the page on which its unit starts, whether the session began at a
/// page or at a position; a session from a page starts with the first unit starting on it.
@Suite struct ReadingSessionPageTests {
    /// Paragraphs of about six lines at width 30, four lines a page: most cross a page edge.
    static func document() throws -> Document {
        let paragraph = "Alice was beginning to get very tired of sitting by her sister on the bank."
        let text = (1...12).map { "\($0). \(paragraph) \(paragraph)" }.joined(separator: "\n\n")
        return Document(book: try PlainTextBook(text), layout: PageLayout(width: 30, linesPerPage: 4))
    }

    static func utterances(_ session: ReadingSession) -> [Utterance] {
        session.compactMap { if case .utterance(let utterance) = $0 { utterance } else { nil } }
    }

    /// The first utterance is the first unit of the whole reading that starts on the page or
    /// after it (a page a paragraph covers entirely has none of its own; the last such page
    /// leaves nothing to read).
    @Test func aSessionFromAPageStartsWithTheFirstUnitStartingOnIt() throws {
        let document = try Self.document()
        let all = Self.utterances(ReadingSession(document: document, granularity: .paragraph))
        var crossing = 0
        for index in 1..<document.pageCount {
            let page = try #require(document.page(at: index))
            let session = ReadingSession(document: document, granularity: .paragraph, page: index + 1)
            let first = Self.utterances(session).first
            let expected = all.first { $0.position >= page.start }
            // On a last page that a unit begun before covers, nothing is left to read.
            #expect(first?.position == expected?.position, "page \(index + 1)")
            #expect(first.map { $0.page == document.pageIndex(containing: $0.position) + 1 } ?? true)
            if page.start.offset > 0 { crossing += 1 }
        }
        #expect(crossing > 0, "no paragraph crossed a page edge")
    }

    /// By word, a run with no word in it is read by its sentence: a session from the middle of
    /// one spanning pages (80 replacement characters, one a line, two lines a page; found by
    /// the fuzzer) starts on the page where that sentence starts, turning no page back.
    @Test func aSessionInsideARunWithoutWordsStartsOnTheRunsPage() throws {
        let text = String(repeating: "\u{FFFD}", count: 80)
        let document = Document(book: try PlainTextBook(text), layout: PageLayout(width: 1, linesPerPage: 2))
        #expect(document.pageCount == 40)
        let session = ReadingSession(
            document: document, granularity: .word, from: ReadingPosition(element: 0, offset: 15))
        let events = Array(session)
        #expect(events.count == 2, "\(events)")
        guard case .utterance(let utterance)? = events.first else {
            Issue.record("the first event is \(String(describing: events.first))")
            return
        }
        #expect(utterance.range == 0..<80)
        #expect(utterance.page == 1)
    }

    @Test func everyUtterancesPageIsWhereItsUnitStartsFromAnyPosition() throws {
        let document = try Self.document()
        for index in 1..<document.pageCount {
            let start = try #require(document.page(at: index)).start
            for session in [
                ReadingSession(document: document, granularity: .paragraph, from: start),
                ReadingSession(document: document, granularity: .paragraph, page: index + 1),
            ] {
                for utterance in Self.utterances(session) {
                    #expect(utterance.page == document.pageIndex(containing: utterance.position) + 1, "\(utterance)")
                }
            }
        }
    }
}

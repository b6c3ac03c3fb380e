import Testing

@testable import TextNavigation

/// A session that defers pagination reads what an eager one reads, with the same page numbers;
/// only page turns due before its first utterance come after it.
@Suite struct DeferredPaginationTests {
    /// The events with every page turn moved after the first utterance, as a deferring session
    /// gives them.
    private func deferredOrder(_ events: [ReadingEvent]) -> [ReadingEvent] {
        guard let first = events.firstIndex(where: { if case .utterance = $0 { true } else { false } }) else {
            return events
        }
        let early = events[..<first].filter { if case .pageTurn = $0 { true } else { false } }
        let rest = events[..<first].filter { if case .pageTurn = $0 { false } else { true } }
        return rest + [events[first]] + early + events[(first + 1)...]
    }

    @Test(arguments: ["alice-in-wonderland.txt", "rashomon.txt"])
    func deferringSessionReadsTheSameEventsAsAnEagerOne(book name: String) throws {
        let reference = try BookDocuments.document(name, layout: PageLayout(width: 40, linesPerPage: 9))
        let middle = reference.elements.count / 2
        // Starts inside a unit, in the white space after one, and at an element's start.
        let starts = [
            ReadingPosition(element: middle, offset: reference.elements[middle].text.count / 2),
            ReadingPosition(element: middle + 1, offset: 0),
            ReadingPosition(element: 3, offset: 1),
        ]
        for start in starts {
            for granularity in [TextGranularity.word, .sentence, .line] {
                let eager = ReadingSession(document: reference, granularity: granularity, from: start)
                let expected = Array(eager.prefix(40))
                let fresh = try BookDocuments.document(name, layout: PageLayout(width: 40, linesPerPage: 9))
                let deferred = ReadingSession(
                    document: fresh, granularity: granularity, from: start, deferringPagination: true)
                let first = deferred.next()
                // The first utterance came before any pagination, and knows its page when asked.
                let actual = [first].compactMap { $0 } + Array(deferred.prefix(39))
                #expect(actual == deferredOrder(expected))
            }
        }
    }
}

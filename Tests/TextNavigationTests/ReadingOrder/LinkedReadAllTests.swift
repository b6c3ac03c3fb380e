import Foundation
import Testing
import TextNavigation

/// Read-all goes from element to element by their links: the sidebar a backend linked around
/// is never heard, columns come one after the other, and pages still turn.
@Suite struct LinkedReadAllTests {
    static let granularities: [TextGranularity] = [.character, .word, .sentence, .line, .paragraph]

    /// The utterances of reading `document` all by `granularity`.
    private func utterances(_ document: Document, by granularity: TextGranularity) -> [Utterance] {
        ReadingSession(document: document, granularity: granularity).compactMap { event in
            if case .utterance(let utterance) = event { utterance } else { nil }
        }
    }

    /// The element indices in the order `utterances` read them, each once.
    private func elementOrder(_ utterances: [Utterance]) -> [Int] {
        utterances.map(\.element).reduce(into: []) { order, element in
            if order.last != element { order.append(element) }
        }
    }

    @Test func theSidebarIsNeverHeard() {
        #expect(
            BackendDocumentTests.spoken(ReadingSession(document: LinkedPages.sidebar(), granularity: .sentence)) == [
                "Owls at night.", "Heading", "Owls hunt in the dark.", "They hear very well.",
                "By day they sleep in trees.", "Page 2 of 2", "Then night comes again.", "The end.", "end",
            ])
    }

    @Test func theColumnsComeInColumnOrderAndThePageTurns() {
        #expect(
            BackendDocumentTests.spoken(ReadingSession(document: LinkedPages.columns(), granularity: .sentence)) == [
                "Apples grow on trees.", "They are sweet.", "Bananas are yellow.", "Cherries are red.",
                "Dogs bark loudly.", "Eels swim in rivers.", "They are long.", "Foxes run fast.", "Page 2 of 2",
                "Geese fly south in the autumn.", "end",
            ])
    }

    @Test(arguments: granularities)
    func everyGranularityReadsInTheLinksOrder(_ granularity: TextGranularity) {
        for (document, order) in [
            (LinkedPages.sidebar(), LinkedPages.sidebarOrder), (LinkedPages.columns(), LinkedPages.columnOrder),
        ] {
            let read = utterances(document, by: granularity)
            #expect(elementOrder(read) == order)
            // Nothing dropped or repeated: each element's utterances are its units' text.
            let expected = LinkedPages.units(granularity, of: document, order: order).map {
                $0.text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            #expect(read.map(\.text) == expected.filter { !$0.isEmpty })
            // The last element is on page 2, the others on page 1.
            #expect(read.allSatisfy { $0.page == ($0.element == order.last ? 2 : 1) })
        }
    }

    @Test func aSessionFromWherePausedReadingStoppedGoesOnInColumnOrder() {
        let document = LinkedPages.columns()
        let session = ReadingSession(document: document, granularity: .sentence)
        var heard: [String] = []
        while heard.last != "Cherries are red.", case .utterance(let utterance)? = session.next() {
            heard.append(utterance.text)
        }
        session.pause()
        let resumed = ReadingSession(document: document, granularity: .sentence, from: session.position)
        #expect(
            BackendDocumentTests.spoken(resumed) == [
                "Dogs bark loudly.", "Eels swim in rivers.", "They are long.", "Foxes run fast.", "Page 2 of 2",
                "Geese fly south in the autumn.", "end",
            ])
    }

    @Test func theSessionEndsAtTheEndOfTheLastElementRead() {
        // The last element by reading order is not the last by index.
        let elements = [TextElement("Left."), TextElement("Right."), TextElement("Below left.")]
        TextElement.link([elements[0], elements[2], elements[1]])
        let session = ReadingSession(document: Document(elements: elements), granularity: .word)
        while let event = session.next(), event != .end {}
        #expect(session.position == ReadingPosition(element: 1, offset: 6))
    }

    @Test func aLinkToAnotherPageTurnsToItForwardAndBack() {
        // Page 1 holds Alpha and X-ray, page 2 Bravo; Alpha leads to Bravo, Bravo back to X-ray.
        let alpha = TextElement("Alpha.")
        let xray = TextElement("X-ray.")
        let bravo = TextElement("Bravo.")
        TextElement.link([alpha, bravo, xray])
        let document = Document(pages: [[alpha, xray], [bravo]])
        #expect(
            BackendDocumentTests.spoken(ReadingSession(document: document, granularity: .sentence)) == [
                "Alpha.", "Page 2 of 2", "Bravo.", "Page 1 of 2", "X-ray.", "end",
            ])
    }

    @Test func linksInACycleAreReadOnce() {
        // Alpha and Bravo lead to each other; Charlie, after them by index, is not reached.
        let elements = [TextElement("Alpha."), TextElement("Bravo."), TextElement("Charlie.")]
        elements[0].links?.set(next: elements[1], previous: elements[1])
        elements[1].links?.set(next: elements[0], previous: elements[0])
        let document = Document(elements: elements)
        #expect(
            BackendDocumentTests.spoken(ReadingSession(document: document, granularity: .word)) == [
                "Alpha", "Bravo", "end",
            ])
    }
}

import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

/// Chapters and the stops listeners ask for: a book's chapters from its headings or its table
/// of contents, reading that ends at a chapter's end, a sleep timer that stops at a sentence's
/// end, and a pause after each utterance.
@Suite("Reading: chapters, the chapter's end, the sleep timer, pausing after each unit")
struct ChapterAndTimerTests {
    private func utterances(_ events: [ReadingEvent]) -> [Utterance] {
        events.compactMap { if case .utterance(let utterance) = $0 { utterance } else { nil } }
    }

    @Test("Alice: twelve chapters from her headings, each titled with its subtitle")
    func aliceChapters() throws {
        let document = try BookDocuments.document("alice-in-wonderland.txt")
        let list = ChapterList(headingsOf: document)
        #expect(list.chapters.count == 12)
        #expect(list.chapters.first?.title == "CHAPTER I.: Down the Rabbit-Hole")
        #expect(list.chapters.last?.title == "CHAPTER XII.: Alice’s Evidence")
        for (index, chapter) in list.chapters.enumerated() {
            #expect(document.elements[chapter.element].string.hasPrefix("CHAPTER "))
            let elements = list.elements(ofChapter: index)
            #expect(elements.lowerBound == chapter.element)
            #expect(list.index(containing: elements.upperBound - 1) == index)
        }
        #expect(list.index(containing: 0) == nil)
        #expect(list.elements(ofChapter: 11).upperBound == document.elements.count)
    }

    @Test("an EPUB's chapters come from its table of contents: the first level with more than one")
    func epubChapters() throws {
        let book = try EPUBBook(contentsOf: EPUBFixtures.path("idpf-childrens-literature.epub"))
        let document = Document(epub: book)
        let list = ChapterList(document: document, epub: book)
        // One part at the top, its sections below: the sections are the chapters.
        #expect(book.navigation.tableOfContents.filter { $0.depth == 0 }.count == 1)
        let entries = book.navigation.tableOfContents.filter { $0.depth == 1 && !$0.isHidden }
        #expect(list.chapters.count >= 2)
        // One chapter an element: entries that lead to the same element are one chapter.
        var elements = Set<Int>()
        let expected = entries.compactMap { entry in
            book.elementIndex(of: entry).flatMap { elements.insert($0).inserted ? ($0, entry.title) : nil }
        }
        .sorted { $0.0 < $1.0 }
        #expect(list.chapters.map(\.element) == expected.map(\.0))
        #expect(list.chapters.map(\.title) == expected.map(\.1))
    }

    @Test("a session with an end element ends there, and goes on from the next chapter's start")
    func sessionEndsAtTheChapterEnd() throws {
        let document = try BookDocuments.document("alice-in-wonderland.txt")
        let list = ChapterList(headingsOf: document)
        let chapter = list.elements(ofChapter: 1)
        let session = ReadingSession(
            document: document, granularity: .sentence, from: ReadingPosition(element: chapter.lowerBound, offset: 0))
        session.endElement = chapter.upperBound
        let events = Array(session)
        let read = utterances(events)
        #expect(events.last == .end)
        #expect(read.first?.element == chapter.lowerBound && read.last.map { chapter.contains($0.element) } == true)
        #expect(read.last?.element == chapter.upperBound - 1)
        #expect(session.position == ReadingPosition(element: chapter.upperBound, offset: 0))
    }

    @Test("the player stops at the chapter's end and, on a sleep timer, at a sentence's end")
    func playerStops() throws {
        let document = try BookDocuments.document("alice-in-wonderland.txt")
        let list = ChapterList(headingsOf: document)
        let chapter = list.elements(ofChapter: 2)
        let log = PlayerLog()
        let player = ReadAloudPlayer(document: document, granularity: .sentence) { log.record($0) }
        player.stops = ReadingStops(endElement: chapter.upperBound)
        player.play(from: ReadingPosition(element: chapter.lowerBound, offset: 0))
        #expect(log.wait { _ in log.hasEnded })
        #expect(utterances(log.readingEvents).allSatisfy { chapter.contains($0.element) })
        #expect(utterances(log.readingEvents).last?.element == chapter.upperBound - 1)

        // A timer run out: reading by word stops at the end of the first sentence.
        let timed = PlayerLog()
        let byWord = ReadAloudPlayer(document: document, granularity: .word) { timed.record($0) }
        byWord.stops = ReadingStops(sleepAfter: .zero)
        let start = ReadingPosition(element: chapter.lowerBound + 2, offset: 0)
        byWord.play(from: start)
        #expect(timed.wait { $0.contains(.sleepTimerEnded) })
        let words = utterances(timed.readingEvents)
        let sentence = try #require(
            document.elements[start.element].stringTokenizer.units(for: .sentence).ranges.first)
        #expect(words.count > 3)
        // The last word read is the sentence's last word.
        let lastWord = document.elements[start.element].stringTokenizer.units(for: .word).ranges.last {
            $0.upperBound <= sentence.upperBound
        }
        #expect(words.last?.range == lastWord, "\(words.map { "\($0.element):\($0.text)" })")
        #expect(byWord.state == .stopped)
        #expect(!timed.hasEnded)
    }

    @Test("pausing after each utterance: one utterance, paused; resume reads the next")
    func pauseAfterEach() throws {
        let document = try BookDocuments.document("alice-in-wonderland.txt")
        let log = PlayerLog()
        let player = ReadAloudPlayer(document: document, granularity: .sentence) { log.record($0) }
        player.stops = ReadingStops(pausesAfterEachUtterance: true)
        player.play(from: ReadingPosition(element: 20, offset: 0))
        #expect(log.wait { _ in self.utterances(log.readingEvents).count == 1 })
        #expect(log.wait { _ in if case .paused = player.state { true } else { false } })
        Thread.sleep(forTimeInterval: 0.05)
        #expect(utterances(log.readingEvents).count == 1)
        player.resume()
        #expect(log.wait { _ in self.utterances(log.readingEvents).count == 2 })
        Thread.sleep(forTimeInterval: 0.05)
        #expect(utterances(log.readingEvents).count == 2)
        player.stops = ReadingStops()
        player.resume()
        #expect(log.wait { _ in log.hasEnded })
    }
}

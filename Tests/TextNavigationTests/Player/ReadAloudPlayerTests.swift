import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

/// The read-aloud player: its states and transitions, pause and resume at the word, the heard
/// locator, skipping, announcements and their did-finish, estimated word timing, and print
/// pages, with a real book and an engine that takes real time.
@Suite struct ReadAloudPlayerTests {
    /// A short book of three paragraphs, the middle one a heading-free run of sentences.
    static let text = """
        The first paragraph has a few words in it. It has two sentences.

        Second paragraph, longer than the first one, with many words to be spoken in order.

        Third and last.
        """

    static func document() throws -> Document {
        Document(book: try PlainTextBook(bytes: Array(text.utf8)), locale: "en")
    }

    /// The events a reading session gives for the same document and granularity.
    static func sessionEvents(_ document: Document, _ granularity: TextGranularity) -> [ReadingEvent] {
        Array(ReadingSession(document: document, granularity: granularity, from: document.startPosition))
    }

    @Test func aSilentPlayerPresentsTheSessionsEventsAndStopsAtTheEnd() throws {
        let document = try Self.document()
        let log = PlayerLog()
        let player = ReadAloudPlayer(document: document, granularity: .sentence) { log.record($0) }
        #expect(player.state == .stopped)
        player.play(from: document.startPosition)
        #expect(log.wait { _ in log.hasEnded })
        #expect(log.readingEvents == Self.sessionEvents(document, .sentence))
        #expect(player.state == .stopped)
        // No word events: the silent engine reports none.
        #expect(!log.all.contains { if case .word = $0 { true } else { false } })
        #expect(player.stop().position == document.endPosition)
    }

    @Test func playingReportsTheUtteranceAndWordThenPauseAndResumeGoOnAtThatWord() throws {
        let document = try Self.document()
        let engine = TimedSpeechEngine(perWord: .milliseconds(40))
        let log = PlayerLog()
        let player = ReadAloudPlayer(document: document, granularity: .paragraph, engine: engine) { log.record($0) }
        player.play(from: ReadingPosition(element: 1, offset: 0))
        // Wait for the fourth word of the second paragraph.
        #expect(log.wait { $0.filter { if case .word = $0 { true } else { false } }.count >= 4 })
        player.pause()
        guard case .paused(let utterance, let word?) = player.state else {
            Issue.record("not paused at a word: \(player.state)")
            return
        }
        #expect(utterance.element == 1)
        let words = log.all.compactMap { if case .word(_, let range, _, _) = $0 { range } else { nil } }
        #expect(word == words.last)
        // Stop would give the heard word's start.
        #expect(player.heardLocator.position == ReadingPosition(element: 1, offset: word.lowerBound))
        let before = engine.requests.count
        player.resume()
        #expect(log.wait { _ in engine.requests.count > before })
        let resumed = try #require(engine.requests.last)
        #expect(resumed.range.lowerBound == word.lowerBound)
        #expect(resumed.words.first == word)
        #expect(
            resumed.text.utf16.elementsEqual(
                utterance.text.utf16.dropFirst(word.lowerBound - utterance.range.lowerBound)))
        #expect(log.wait { _ in log.hasEnded })
        // Every word of the paragraphs was heard, the resumed one twice (before and after the pause).
        let heard = log.all.compactMap {
            if case .word(let u, let range, _, _) = $0 { "\(u.element):\(range)" } else { nil }
        }
        #expect(Set(heard).count == heard.count - 1)
    }

    @Test func stopReturnsTheLocatorOfTheWordBeingHeardNotTheUtterancePrepared() throws {
        let document = try Self.document()
        let engine = TimedSpeechEngine(perWord: .milliseconds(40))
        let log = PlayerLog()
        let player = ReadAloudPlayer(document: document, granularity: .sentence, engine: engine) { log.record($0) }
        player.play(from: document.startPosition)
        #expect(log.wait { $0.filter { if case .word = $0 { true } else { false } }.count >= 3 })
        let locator = player.stop()
        #expect(player.state == .stopped)
        guard
            case .word(let utterance, let range, _, _)? = log.all.last(where: {
                if case .word = $0 { true } else { false }
            })
        else { return }
        #expect(locator.position == ReadingPosition(element: utterance.element, offset: range.lowerBound))
        let heardWord = try #require(document.elements[utterance.element].text.string(in: range))
        #expect(locator.textAfter.hasPrefix(heardWord))
        // A new reading from the locator starts with the sentence holding that word.
        let next = Self.sessionEvents(document, .sentence).first
        let resumed = ReadingSession(document: document, from: locator.position)
        #expect(resumed.next() == next)
        let requests = engine.requests.count
        Thread.sleep(forTimeInterval: 0.2)
        #expect(engine.requests.count == requests, "the player went on after stop")
    }

    @Test func aPlayerStoppedBetweenUtterancesGivesWhereReadingGoesOn() throws {
        let document = try Self.document()
        let log = PlayerLog()
        let engine = TimedSpeechEngine(wordTiming: .none, perWord: .milliseconds(200))
        let player = ReadAloudPlayer(document: document, granularity: .paragraph, engine: engine) { log.record($0) }
        player.play(from: document.startPosition)
        #expect(log.wait { $0.contains { if case .utteranceFinished = $0 { true } else { false } } })
        // The first paragraph was heard whole; the second is being spoken, no word of it heard.
        #expect(player.stop().position == ReadingPosition(element: 1, offset: 0))
    }

    @Test func skipGoesToTheNextAndPreviousUtteranceAndByAnyGranularity() throws {
        let document = try Self.document()
        let engine = TimedSpeechEngine(perWord: .milliseconds(50))
        let log = PlayerLog()
        let player = ReadAloudPlayer(document: document, granularity: .sentence, engine: engine) { log.record($0) }
        let sentences = Self.sessionEvents(document, .sentence).compactMap {
            if case .utterance(let utterance) = $0 { utterance } else { nil }
        }
        func spoken() -> Utterance? {
            switch player.state {
            case .playing(let utterance, _), .paused(let utterance, _): utterance
            case .stopped: nil
            }
        }
        player.play(from: document.startPosition)
        #expect(spoken() == sentences[0])
        #expect(player.skip(.forward))
        #expect(spoken() == sentences[1])
        #expect(player.skip(.forward))
        #expect(spoken() == sentences[2])
        #expect(player.skip(.backward))
        #expect(spoken() == sentences[1])
        // By paragraph: the next paragraph's first sentence.
        #expect(player.skip(.forward, by: .paragraph))
        #expect(spoken() == sentences[2])
        // By word, once a word is heard: the sentence holding the next word.
        #expect(log.wait { $0.contains { if case .word(let u, _, _, _) = $0 { u == sentences[2] } else { false } } })
        #expect(player.skip(.forward, by: .word))
        #expect(spoken() == sentences[2])
        #expect(player.skip(.backward, by: .paragraph))
        #expect(spoken()?.element == 0)
        player.stop()
        // At the document's start there is no previous utterance.
        player.play(from: document.startPosition)
        #expect(!player.skip(.backward))
        player.stop()
    }

    @Test func anEngineWithoutMarksGetsEveryWordEstimatedInOrder() throws {
        let document = try Self.document()
        let engine = TimedSpeechEngine(wordTiming: .estimated, perWord: .milliseconds(15))
        let log = PlayerLog()
        let player = ReadAloudPlayer(
            document: document, granularity: .paragraph, engine: engine, settings: SpeechSettings(rate: 450)
        ) { log.record($0) }
        player.play(from: ReadingPosition(element: 2, offset: 0))
        #expect(log.wait { _ in log.hasEnded })
        let words = log.all.compactMap {
            if case .word(_, let range, _, let estimated) = $0 { (range, estimated) } else { nil }
        }
        #expect(words.map(\.0) == [0..<5, 6..<9, 10..<14])
        #expect(words.allSatisfy { $0.1 })
        // A marking engine's words are not estimated.
        let marked = PlayerLog()
        let markingPlayer = ReadAloudPlayer(
            document: document, granularity: .paragraph, engine: TimedSpeechEngine(perWord: .milliseconds(5))
        ) { marked.record($0) }
        markingPlayer.play(from: ReadingPosition(element: 2, offset: 0))
        #expect(marked.wait { _ in marked.hasEnded })
        #expect(marked.all.contains { if case .word(_, _, _, false) = $0 { true } else { false } })
        #expect(!marked.all.contains { if case .word(_, _, _, true) = $0 { true } else { false } })
    }

    @Test func announcementsAreSpokenThroughTheEngineAndReportSpokenWholeOrCutOff() throws {
        // One paragraph a page: each later paragraph comes after a page turn.
        let document = Document(
            book: try PlainTextBook(bytes: Array(Self.text.utf8)), locale: "en",
            layout: PageLayout(width: 200, linesPerPage: 1))
        let engine = TimedSpeechEngine(perWord: .milliseconds(30))
        let log = PlayerLog()
        let player = ReadAloudPlayer(document: document, granularity: .paragraph, engine: engine) { log.record($0) }
        player.play(from: document.startPosition)
        #expect(log.wait { _ in log.hasEnded })
        let turns = Self.sessionEvents(document, .paragraph).filter { if case .pageTurn = $0 { true } else { false } }
        #expect(turns.count == 2)
        #expect(log.readingEvents == Self.sessionEvents(document, .paragraph))
        let announced = engine.requests.filter { $0.priority != nil }
        #expect(announced.map(\.text) == ["Page 2 of 3", "Page 3 of 3"])
        #expect(announced.allSatisfy { $0.priority == .high && $0.words.isEmpty })
        let finished = log.all.compactMap {
            if case .announcementFinished(let announcement, let whole) = $0 {
                "\(announcement.text) \(whole)"
            } else {
                nil
            }
        }
        #expect(finished == ["Page 2 of 3 true", "Page 3 of 3 true"])
        // A pause during an announcement cuts it off; resuming says it again.
        let slow = TimedSpeechEngine(perWord: .milliseconds(300))
        let cut = PlayerLog()
        let pausing = ReadAloudPlayer(document: document, granularity: .sentence, engine: slow) { cut.record($0) }
        // The first paragraph's last sentence, "It has two sentences.", then the page turn.
        pausing.play(from: ReadingPosition(element: 0, offset: 43))
        #expect(cut.wait { _ in slow.requests.last?.priority == .high })
        pausing.pause()
        #expect(cut.wait { $0.contains { if case .announcementFinished(_, false) = $0 { true } else { false } } })
        pausing.resume()
        #expect(cut.wait { _ in slow.requests.filter { $0.text == "Page 2 of 3" }.count == 2 })
        pausing.stop()
    }

    @Test func settingsAndLanguageReachTheEngine() throws {
        let document = try Self.document()
        let engine = TimedSpeechEngine(perWord: .milliseconds(1))
        let log = PlayerLog()
        let settings = SpeechSettings(voice: "en-gb", rate: 300, pitch: 70, volume: 40, language: "en")
        let player = ReadAloudPlayer(document: document, granularity: .paragraph, engine: engine, settings: settings) {
            log.record($0)
        }
        player.play(from: ReadingPosition(element: 2, offset: 0))
        #expect(log.wait { _ in log.hasEnded })
        let request = try #require(engine.requests.first)
        #expect(request.settings == settings)
        #expect(request.language == "en")
        #expect(request.text == "Third and last.")
        #expect(request.element == 2)
    }

    @Test func anEPUBsPrintPagesAreAnnouncedBeforeTheUtteranceThatPassesThem() throws {
        let epub = try EPUBBook(contentsOf: EPUBFixtures.path("idpf-childrens-literature.epub"))
        let document = Document(epub: epub)
        let log = PlayerLog()
        let player = ReadAloudPlayer(document: document, granularity: .paragraph) { log.record($0) }
        player.play(from: document.startPosition)
        #expect(log.wait(timeout: .seconds(60)) { _ in log.hasEnded })
        let labels = log.readingEvents.compactMap { if case .printPage(_, let label) = $0 { label } else { nil } }
        #expect(labels == epub.printPages.map(\.label))
        #expect(labels.count > 10)
        // Each comes just before the first utterance reaching past its marker.
        let events = log.readingEvents
        for (index, event) in events.enumerated() {
            guard case .printPage(let element, let label) = event else { continue }
            let page = try #require(epub.printPages.first { $0.label == label })
            #expect(page.position.element == element)
            let next = events[(index + 1)...].first { if case .utterance = $0 { true } else { false } }
            guard case .utterance(let utterance)? = next else { continue }
            #expect(page.position < ReadingPosition(element: utterance.element, offset: utterance.range.upperBound))
        }
        // Without print pages, the same events as the session's.
        #expect(
            events.filter { if case .printPage = $0 { false } else { true } }
                == Self.sessionEvents(document, .paragraph))
    }
}

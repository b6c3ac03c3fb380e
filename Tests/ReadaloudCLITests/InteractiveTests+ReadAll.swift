import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Read-all in the reader: the highlight advances and the pages turn by themselves, silently or
/// spoken (espeak-ng, speech-dispatcher), and it says why when speech was wanted and is missing.
extension InteractiveTests {
    @Test func readAllAdvancesTheHighlightAndPausesAndStops() throws {
        let run = try InteractiveReaderRun(
            book: try Self.book(Self.chapters), arguments: ["--granularity", "sentence"])
        let tmux = run.session
        #expect(tmux.waitForText("Page 1 of 1  sentence"), "\(tmux.dump)")
        try tmux.send("Space")
        #expect(tmux.waitForText("End of reading"), "\(tmux.dump)")
        #expect(try tmux.textAtCursor().hasPrefix("Last words"))

        try tmux.send("Home", "Up", "Up")  // back to an earlier line
        #expect(tmux.waitForCursor(on: "A second"), "\(tmux.dump)")
        try tmux.send("Space", "Space")
        #expect(tmux.waitForText("Paused"), "\(tmux.dump)")
        #expect(try tmux.statusLine().contains("(paused)"))
        try tmux.send("Escape")
        #expect(tmux.waitForText("Stopped"), "\(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }

    @Test func readAllTurnsThePagesByItself() throws {
        let run = try InteractiveReaderRun(
            book: try Self.book(Self.parts), arguments: ["--granularity", "paragraph"], columns: 60, rows: 8)
        let tmux = run.session
        #expect(tmux.waitForText("Page 1 of 3  paragraph"), "\(tmux.dump)")
        try tmux.send("Space")
        #expect(tmux.waitUntil { try tmux.statusLine().hasPrefix("Page 2 of 3") }, "\(tmux.dump)")
        #expect(tmux.waitUntil { try tmux.statusLine().hasPrefix("Page 3 of 3") }, "\(tmux.dump)")
        #expect(tmux.waitForText("End of reading"), "\(tmux.dump)")
        #expect(try tmux.textAtCursor().hasPrefix("Paragraph 7"), "\(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }

    /// Spoken read-all through espeak-ng into WAV files (`--speak-to`, no sound device needed),
    /// the words highlighted in the audio's time: the cursor and the reverse-video highlight
    /// move word by word through the sentence, in order; Space pauses at once, Esc stops.
    @Test(.needsSpeechEngine) func spokenReadAllMovesTheHighlightWordByWord() throws {
        let audio = try CLIRunner.temporaryDirectory()
        let run = try InteractiveReaderRun(
            book: try Self.book(Self.chapters), arguments: ["--granularity", "sentence", "--speak-to", audio.path],
            pace: nil)
        let tmux = run.session
        try tmux.send("Down")
        #expect(tmux.waitForCursor(on: "The quick"), "\(tmux.dump)")
        try tmux.send("Space")
        #expect(tmux.waitForText("(speaking)"), "\(tmux.dump)")
        // The words the cursor sits on, sampled while the first sentence is spoken (a word
        // lasts about 300 ms at 175 words a minute).
        let sentence = ["The", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog."]
        var seen: [String] = []
        var highlights: Set<String> = []
        tmux.waitUntil(seconds: 20) {
            let word = try tmux.textAtCursor().split(separator: " ").first.map(String.init) ?? ""
            // A sample taken while the status line's progress ("32%") is redrawn catches the
            // cursor there for an instant: no word of the page.
            if word.hasSuffix("%"), Int(word.dropLast()) != nil { return false }
            if seen.last != word { seen.append(word) }
            if let highlight = try tmux.reversedText().dropLast().first { highlights.insert(highlight) }
            return word == "It"
        }
        print("spoken read-all: the cursor was on \(seen); highlighted: \(highlights.sorted())")
        let spoken = seen.drop { $0 != "The" }.prefix { $0 != "It" }
        #expect(spoken.count >= 6, "word by word: \(seen)")
        var next = sentence.startIndex
        for word in spoken {
            guard let index = sentence[next...].firstIndex(of: word) else {
                Issue.record("'\(word)' is not the next word of the sentence: \(seen)")
                break
            }
            next = index + 1
        }
        // The highlight is the word being spoken, not the sentence.
        #expect(highlights.isSuperset(of: ["quick", "brown"]) || highlights.contains("fox"), "\(highlights)")
        #expect(!highlights.contains { $0.hasPrefix("The quick brown") }, "\(highlights)")

        try tmux.send("Space")
        #expect(tmux.waitForText("(paused)"), "\(tmux.dump)")
        let paused = try tmux.cursor()
        usleep(800_000)
        #expect(try tmux.cursor() == paused, "paused: the highlight stays: \(tmux.dump)")
        try tmux.send("Space")
        #expect(tmux.waitForText("(speaking)"), "\(tmux.dump)")
        try tmux.send("Escape")
        #expect(tmux.waitForText("Stopped"), "\(tmux.dump)")
        let stopped = try tmux.cursor()
        usleep(800_000)
        #expect(try tmux.cursor() == stopped, "stopped: \(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: audio.path).filter { $0.hasSuffix(".wav") }
        #expect(files.count >= 2, "one WAV file an utterance: \(files)")
    }

    /// Spoken read-all through a private speech-dispatcher (audio into libao's null driver, so
    /// the words come about as fast as they are synthesised): the highlight is on words past a
    /// sentence's first (only word marks put it there), the pages turn by themselves, and Esc
    /// cancels the speech.
    @Test func spokenReadAllGoesThroughSpeechDispatcher() throws {
        let service = try SpeechDispatcherTests.service()
        defer { service.stop() }
        let sentences = String(repeating: "One two three four five six seven eight nine ten. ", count: 200)
        let run = try InteractiveReaderRun(
            book: try Self.book(sentences + "\n"),
            arguments: ["--granularity", "sentence", "--speech-backend", "speechd"], columns: 60, rows: 8,
            pace: nil, environment: ["SPEECHD_ADDRESS": service.address])
        let tmux = run.session
        try tmux.send("Space")
        #expect(tmux.waitForText("(speaking)"), "\(tmux.dump)")
        var highlighted: Set<String> = []
        tmux.waitUntil(seconds: 20) {
            if let word = try tmux.reversedText().dropLast().first { highlighted.insert(word) }
            return highlighted.contains { $0 != "One" }
        }
        print("spoken read-all through speech-dispatcher highlighted \(highlighted.sorted())")
        #expect(tmux.waitUntil { try tmux.statusLine().hasPrefix("Page 2 of") }, "pages turn: \(tmux.dump)")
        let laterWords: Set = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        #expect(!highlighted.isDisjoint(with: laterWords), "\(highlighted)")
        try tmux.send("Escape")
        #expect(tmux.waitForText("Stopped"), "\(tmux.dump)")
        #expect(try !tmux.statusLine().contains("(speaking)"))
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }

    @Test func readAllWithoutSpeechSaysWhyWhenSpeechWasWanted() throws {
        // An espeak-ng library that cannot load and no speech-dispatcher service: read-all goes
        // on at its pace and says why it is silent.
        let audio = try CLIRunner.temporaryDirectory()
        let run = try InteractiveReaderRun(
            book: try Self.book(Self.chapters),
            arguments: ["--granularity", "sentence", "--speech-backend", "espeak-ng", "--speak-to", audio.path],
            columns: 200, pace: nil, environment: ["READALOUD_ESPEAK_LIBRARY": "/nonexistent/libespeak-ng.so.1"])
        let tmux = run.session
        try tmux.send("Space")
        #expect(tmux.waitForText("(reading)  — No speech: speech needs espeak-ng"), "\(tmux.dump)")
        #expect(tmux.waitForText("End of reading"), "\(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }
}

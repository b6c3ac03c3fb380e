import Foundation
import Testing
import TextNavigation

@testable import TextNavigationSpeech
@testable import readaloud

/// Whether the tests can reach espeak-ng, and why not.
enum EspeakAvailability {
    static let libraryPaths = [
        "/usr/lib/x86_64-linux-gnu/libespeak-ng.so.1", "/usr/lib/aarch64-linux-gnu/libespeak-ng.so.1",
        "/usr/lib/libespeak-ng.so.1",
    ]
    static let isInstalled = libraryPaths.contains { FileManager.default.fileExists(atPath: $0) }
    static let reason: Comment = "espeak-ng is not installed (apt-get install espeak-ng)"
}

/// Word sync by SSML marks through espeak-ng, language and pronunciation, checked through
/// `--speak --speak-to DIR` (WAV files, no sound device).
@Suite(.enabled(if: EspeakAvailability.isInstalled, EspeakAvailability.reason))
struct SpeechMarkTests {
    struct Word: Hashable, CustomStringConvertible {
        var element: Int
        var start: Int
        var end: Int
        var text: String
        var description: String { "\(element):\(start)..<\(end) \(text)" }
    }

    /// The JSON objects of JSON Lines output.
    static func events(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    static func word(_ object: [String: Any]) -> Word? {
        guard let element = object["element"] as? Int, let start = object["start"] as? Int,
            let end = object["end"] as? Int, let text = object["text"] as? String
        else { return nil }
        return Word(element: element, start: start, end: end, text: text)
    }

    /// The words of a book as the library's tokenizer gives them (`readaloud units --offsets`).
    static func tokenizerWords(_ book: String, locale: String = "en") throws -> [Word] {
        let result = try CLIRunner.run(["units", book, "--granularity", "word", "--offsets", "--locale", locale])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let element = Int(fields[0]), let start = Int(fields[1]),
                let end = Int(fields[2])
            else { return nil }
            return Word(element: element, start: start, end: end, text: String(fields[3]))
        }
    }

    /// Speaks `book` into WAV files; returns the JSON Lines events and the files.
    static func speak(_ book: String, _ options: [String] = []) throws -> (events: [[String: Any]], files: [URL]) {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLIRunner.run([book, "--speak", "--speak-to", directory.path, "--format", "jsonl"] + options)
        #expect(result.status == 0, "\(result.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let kept = try CLIRunner.temporaryDirectory()
        let files = try names.map { name in
            let target = kept.appendingPathComponent(name)
            try FileManager.default.copyItem(at: directory.appendingPathComponent(name), to: target)
            return target
        }
        return (events(result.standardOutput), files)
    }

    /// Every progress event lies in its utterance, in order, not empty, not overlapping, with
    /// the utterance's text in its range; returns the progress events as words.
    static func checkedProgress(_ events: [[String: Any]]) -> [Word] {
        var words: [Word] = []
        var utterance: (element: Int, start: Int, end: Int, text: [UInt16])?
        var previousEnd = 0
        for event in events {
            switch event["type"] as? String {
            case "utterance":
                if let word = word(event) {
                    utterance = (word.element, word.start, word.end, Array(word.text.utf16))
                    previousEnd = word.start
                }
            case "progress":
                guard let word = word(event), let current = utterance else {
                    Issue.record("a progress event outside an utterance: \(event)")
                    continue
                }
                #expect(word.element == current.element, "\(word)")
                #expect(word.start >= previousEnd && word.start < word.end && word.end <= current.end, "\(word)")
                if word.start >= current.start, word.end <= current.end, word.start < word.end {
                    let slice = current.text[(word.start - current.start)..<(word.end - current.start)]
                    #expect(String(decoding: slice, as: UTF16.self) == word.text, "\(word)")
                }
                previousEnd = word.end
                words.append(word)
            default:
                break
            }
        }
        return words
    }

    /// The first chapter of the bundled Alice, as its own book.
    static func aliceChapterOne() throws -> String {
        let text = try String(contentsOfFile: CLIRunner.book("alice-in-wonderland.txt"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "CHAPTER I."), let end = lines.firstIndex(of: "CHAPTER II."),
            start < end
        else {
            Issue.record("Books/alice-in-wonderland.txt has no chapter I")
            return try CLIRunner.temporaryFile([])
        }
        return try CLIRunner.temporaryFile(Array(lines[start..<end].joined(separator: "\n").utf8))
    }

    @Test func everyWordOfAChapterGetsExactlyOneProgressEvent() throws {
        let book = try Self.aliceChapterOne()
        let expected = try Self.tokenizerWords(book)
        #expect(expected.count > 2000)
        let (events, files) = try Self.speak(book)
        let progress = Self.checkedProgress(events)
        // Exactly the tokenizer's words, each once, in order ("a" included, no lone "_").
        #expect(progress.count == expected.count)
        #expect(progress == expected)
        if progress != expected {
            let missing = Set(expected).subtracting(progress).sorted { ($0.element, $0.start) < ($1.element, $1.start) }
            Issue.record("missing: \(missing.prefix(10)); extra: \(Set(progress).subtracting(expected).prefix(10))")
        }
        // One WAV file per utterance and announcement; most words are timed by espeak-ng's own
        // marks.
        let spoken = events.filter { ["utterance", "heading", "pageTurn"].contains($0["type"] as? String) }
        #expect(files.count == spoken.count)
        let estimated = events.filter { $0["estimated"] as? Bool == true }
        #expect(estimated.count < expected.count / 50)
    }

    @Test func textIsEscapedForSSML() throws {
        // Spoken as written: "<" and "&" are words the engine says, not markup it swallows.
        let plain = try Self.speak(try CLIRunner.temporaryFile(Array("Tom  Jerry, if x  y.\n".utf8)))
        let marked = try Self.speak(try CLIRunner.temporaryFile(Array("Tom & Jerry, if x < y.\n".utf8)))
        let words = Self.checkedProgress(marked.events).map(\.text)
        #expect(words == ["Tom", "Jerry", "if", "x", "y"])
        #expect(plain.files.count == 1 && marked.files.count == 1)
        if let plainFile = plain.files.first, let markedFile = marked.files.first {
            let plainLength = try SpeechTests.sampleCount(plainFile)
            let markedLength = try SpeechTests.sampleCount(markedFile)
            // "and" and "less than" take time: more than a fifth of a second (22 050 samples a second).
            #expect(markedLength > plainLength + 4_500, "\(markedLength) vs \(plainLength)")
        }
    }

    static func wavLength(_ text: String, _ options: [String]) throws -> Int? {
        let spoken = try speak(try CLIRunner.temporaryFile(Array(text.utf8)), options)
        #expect(spoken.files.count == 1)
        return try spoken.files.first.map(SpeechTests.sampleCount)
    }

    @Test func rubyReadingsAreThePronunciation() throws {
        // (An editor's note marks the text as Aozora Bunko's, whose 《…》 are readings.)
        // 山路 with its Aozora reading is read as the reading (as long as the kana alone), not as
        // espeak-ng reads the bare kanji (twice as long, letter by letter).
        let withRuby = try Self.wavLength("山路《やまみち》を行く。［＃「山路」に傍点］\n", ["--locale", "ja"])
        let kana = try Self.wavLength("やまみちを行く。\n", ["--locale", "ja"])
        let bare = try Self.wavLength("山路を行く。\n", ["--locale", "ja"])
        guard let withRuby, let kana, let bare else { return }
        #expect(abs(withRuby - kana) < kana / 5, "\(withRuby) vs \(kana)")
        #expect(withRuby < bare * 2 / 3, "\(withRuby) vs \(bare)")
        // The base keeps its word's progress event.
        let events = try Self.speak(
            try CLIRunner.temporaryFile(Array("山路《やまみち》を行く。［＃「山路」に傍点］\n".utf8)), ["--locale", "ja"])
        #expect(Self.checkedProgress(events.events).map(\.text) == ["山路", "を", "行く"])
    }

    @Test func eachUtteranceIsSpokenInItsLanguage() throws {
        // The book's language picks the voice: French text with --locale fr is the French voice
        // (the same audio as --voice fr), not English rules.
        let text = "Le chat est sur la table avec les enfants.\n"
        let french = try Self.speak(try CLIRunner.temporaryFile(Array(text.utf8)), ["--locale", "fr"])
        let voiced = try Self.speak(try CLIRunner.temporaryFile(Array(text.utf8)), ["--voice", "fr"])
        let english = try Self.speak(try CLIRunner.temporaryFile(Array(text.utf8)), ["--locale", "en"])
        let audio = [french, voiced, english].map { $0.files.first.flatMap { try? Data(contentsOf: $0) } }
        #expect(audio.allSatisfy { ($0?.count ?? 0) > 10_000 })
        #expect(audio[0] == audio[1])
        #expect(audio[0] != audio[2])
    }

    /// The 16-bit samples of a WAV file that readaloud wrote (a 44-byte header).
    static func samples(_ file: URL) throws -> [Int16] {
        let data = try Data(contentsOf: file)
        guard data.count > 44 else { return [] }
        return stride(from: 44, to: data.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
        }
    }

    @Test func rateVolumeAndPitchReachTheEngine() throws {
        let book = try CLIRunner.temporaryFile(Array("The quick brown fox jumps over the lazy dog.\n".utf8))
        func audio(_ options: [String]) throws -> [Int16] {
            let spoken = try Self.speak(book, options)
            return try spoken.files.first.map(Self.samples) ?? []
        }
        let normal = try audio([])
        let fast = try audio(["--rate", "350"])
        let quiet = try audio(["--volume", "30"])
        let high = try audio(["--pitch", "90"])
        func peak(_ samples: [Int16]) -> Int { samples.map { abs(Int($0)) }.max() ?? 0 }
        #expect(normal.count > 10_000)
        #expect(fast.count < normal.count * 3 / 4, "\(fast.count) vs \(normal.count)")
        #expect(peak(quiet) < peak(normal) / 2, "\(peak(quiet)) vs \(peak(normal))")
        #expect(high != normal && abs(high.count - normal.count) < normal.count / 5)
    }

    @Test func ctrlCStopsAtTheWordBeingSpoken() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try SpeechDispatcherTests.checkInterruption(["--speak-to", directory.path], environment: [:])
    }

    @Test func anElementInAnotherLanguageGetsThatLanguagesVoice() throws {
        // A French block in an English book: the engine takes the element's language.
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let engine = try EspeakEngine(
            settings: SpeechSettings(language: "en"), output: .wavFiles(directory: WAVDirectory(directory)))
        func audio(_ language: String?) -> Data? {
            let markup = SpeechMarkup(announcement: "Le chat est sur la table.", language: language)
            #expect(engine.speak(markup, priority: nil, shouldStop: { false }) { _, _ in })
            return engine.lastFile.flatMap { try? Data(contentsOf: $0) }
        }
        // Lengths in bytes: espeak-ng's audio for a text varies by a few samples from one call to
        // the next, but French and English rules differ by far more.
        guard let english = audio("en_GB")?.count, let french = audio("fr")?.count,
            let frenchAgain = audio("fr_FR")?.count, let book = audio(nil)?.count
        else { return }
        #expect(abs(french - english) > english / 10, "\(french) vs \(english)")
        #expect(abs(frenchAgain - french) < french / 100, "\(frenchAgain) vs \(french)")
        #expect(abs(book - english) < english / 100, "\(book) vs \(english)")
    }
}

/// The SSML handed to the engines.
@Suite struct SpeechMarkupTests {
    @Test func marksWordsEscapesTextAndGivesReadings() {
        let text = "a <b> & 山路だ"
        let markup = SpeechMarkup(
            text: text, range: 10..<(10 + text.utf16.count),
            words: [0..<5, 10..<11, 12..<15, 18..<19, 19..<20, 20..<21],
            pronunciations: [Pronunciation(range: 18..<20, spoken: .text("やまみち"))])
        #expect(
            markup.ssml
                == "<speak><mark name=\"w0\"/>a <mark name=\"w1\"/>&lt;b&gt; &amp; <mark name=\"w2\"/><mark name=\"w3\"/>"
                + "<sub alias=\"やまみち\">山路</sub><mark name=\"w4\"/>だ</speak>")
        // Words are clipped to the utterance: the first one starts before it.
        #expect(markup.words == [10..<11, 12..<15, 18..<19, 19..<20, 20..<21])
    }
}

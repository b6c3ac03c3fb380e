import Foundation
import Synchronization
import Testing
import TextNavigation
import TextNavigationBooks
import TextNavigationSpeech

/// Media Overlays played: the corpus book's MP3 narration through `readaloud --speak
/// --speak-to DIR` and through the library's player, each clip's WAV file measured by sox
/// against the same stretch cut by the ffmpeg command line; pause, resume and stop in the
/// middle of a clip; audio that cannot be decoded read by the voice instead.
@Suite(.tags(.process), .enabled(if: AudioTools.isAvailable, AudioTools.reason))
struct NarrationPlaybackTests {
    static let book = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/epub/w3c-mol-navigation.epub")
        .path
    /// The book's six clips: file, clipBegin, clipEnd (milliseconds).
    static let clips: [(String, Int, Int)] = [
        ("ch1", 0, 1233), ("ch1", 1233, 7603), ("ch1", 7603, 12_398), ("ch1", 12_398, 29_218), ("ch2", 0, 1365),
        ("ch2", 1365, 7048),
    ]

    /// The JSON objects of `output`'s lines.
    private func objects(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// The book's audio file `name` (`ch1`, `ch2`) written out of the EPUB.
    private func audioFile(_ name: String, in directory: URL) throws -> URL {
        let epub = try EPUBBook(contentsOf: Self.book)
        let file = directory.appendingPathComponent("\(name).mp3")
        try Data(try epub.resource("EPUB/audio/\(name).mp3")).write(to: file)
        return file
    }

    /// sox's measure of the WAV file at `url`.
    private func measure(_ url: URL) throws -> AudioTools.Measure {
        try AudioTools.measure(file: url)
    }

    /// The WAV files in `directory`, in order.
    private func files(in directory: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".wav") }.sorted()
            .map { directory.appendingPathComponent($0) }
    }

    @Test(.needsSpeechEngine) func everyClipIsPlayedOnceInItsPlaceAndTheRestIsSpoken() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CLIRunner.run([Self.book, "--format", "jsonl", "--speak", "--speak-to", directory.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        let events = objects(result.standardOutput)
        // Clip progress, in order, each once: clip 3 heard 4795 ms into its paragraph's audio.
        let heard = events.filter { $0["type"] as? String == "progress" && $0["source"] as? String == "audio" }
        #expect(heard.compactMap { $0["clip"] as? Int } == [0, 1, 2, 3, 4, 5])
        #expect(heard.compactMap { $0["audioMilliseconds"] as? Int } == [0, 0, 0, 4795, 0, 0])
        // The unnarrated paragraph is spoken by the voice, word by word.
        let spoken = events.filter { $0["type"] as? String == "progress" && $0["source"] == nil }
        #expect(spoken.count > 20 && spoken.allSatisfy { $0["element"] as? Int == 3 })
        // Files: clip 0, "Heading", clips 1-3, three sentences, "Page 2 of 2", clip 4,
        // "Heading", clip 5.
        let written = try files(in: directory)
        try #require(written.count == 12, "\(written.map(\.lastPathComponent))")
        let clipFiles = [0, 2, 3, 4, 9, 11].map { written[$0] }
        let reference = directory.appendingPathComponent("reference")
        try FileManager.default.createDirectory(at: reference, withIntermediateDirectories: true)
        for ((name, begin, end), file) in zip(Self.clips, clipFiles) {
            let ours = try measure(file)
            #expect(abs(ours.milliseconds - Double(end - begin)) <= 10, "\(name) \(begin)-\(end): \(ours)")
            // The same stretch as ffmpeg's command line cuts it (decoding, then trimming).
            let cut = reference.appendingPathComponent("\(name)-\(begin).wav")
            try AudioTools.run(
                "/usr/bin/ffmpeg",
                [
                    "-v", "error", "-y", "-i", try audioFile(name, in: reference).path, "-ss",
                    String(Double(begin) / 1000), "-to", String(Double(end) / 1000), cut.path,
                ])
            let theirs = try measure(cut)
            #expect(abs(ours.milliseconds - theirs.milliseconds) <= 10, "\(ours) vs \(theirs)")
            #expect(ours.rms > 0.01 && abs(ours.rms - theirs.rms) <= 0.05 * theirs.rms, "\(ours) vs \(theirs)")
        }
        // The voice's files are speech, not clips: none is as long as a clip beside it.
        for index in [5, 6, 7] { #expect(try measure(written[index]).rms > 0.01) }
    }

    @Test func narrationOffReadsTheTextWithTheVoiceAlone() throws {
        let on = try CLIRunner.run([Self.book, "--format", "jsonl"])
        let off = try CLIRunner.run([Self.book, "--format", "jsonl", "--narration", "off"])
        #expect(on.status == 0 && off.status == 0)
        let narrated = objects(on.standardOutput).filter { $0["source"] as? String == "audio" }
        #expect(narrated.count == 5)
        #expect((narrated[2]["audio"] as? [[String: Any]])?.compactMap { $0["clip"] as? Int } == [2, 3])
        #expect(!off.standardOutput.contains(#""source":"audio""#))
        let bad = try CLIRunner.run([Self.book, "--narration", "maybe"])
        #expect(bad.status == 64 && bad.standardError.contains("--narration"), "\(bad.standardError)")
    }

    /// Chapter 2's audio replaced by text, and chapter 1's second clip moved past its file's end.
    @Test(.needsSpeechEngine) func audioThatCannotBeDecodedIsReadByTheVoiceWithAWarning() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = directory.appendingPathComponent("broken.epub")
        try copy(
            Self.book, to: broken,
            editing: """
                if name.endswith("ch2.mp3"): data = b"not audio at all"
                if name.endswith("ch1.smil"):
                    data = data.replace(b'"00:00:01.233" clipEnd="00:00:07.603"', b'"00:01:39" clipEnd="00:01:40"')
                """)
        let wavs = directory.appendingPathComponent("wavs")
        try FileManager.default.createDirectory(at: wavs, withIntermediateDirectories: true)
        let result = try CLIRunner.run([broken.path, "--format", "jsonl", "--speak", "--speak-to", wavs.path])
        #expect(result.status == 0, "\(result.standardError)")
        let warnings = result.standardError.split(separator: "\n")
        #expect(warnings.count == 2, "\(warnings)")
        #expect(
            warnings.contains {
                $0.contains("the clip of EPUB/audio/ch1.mp3 from 99000 ms begins after its audio ends")
            })
        #expect(warnings.contains { $0.contains("cannot play EPUB/audio/ch2.mp3") })
        let events = objects(result.standardOutput)
        let clips = events.filter { $0["type"] as? String == "progress" && $0["source"] as? String == "audio" }
        #expect(clips.compactMap { $0["clip"] as? Int } == [0, 2, 3])
        // The paragraph whose clip is past the end and chapter 2's paragraphs are spoken by the
        // voice, their words heard.
        let words = events.filter { $0["type"] as? String == "progress" && $0["source"] == nil }
        #expect(words.contains { $0["element"] as? Int == 1 && $0["text"] as? String == "playing" })
        #expect(words.contains { $0["element"] as? Int == 5 && $0["text"] as? String == "passes" })
    }

    @Test(.needsSpeechEngine) func pauseResumeAndStopInTheMiddleOfAClip() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let epub = try EPUBBook(contentsOf: Self.book)
        let document = Document(epub: epub)
        let narration = epub.narration(in: document)
        let wavs = WAVDirectory(directory)
        let voice = QueuedSpeechEngine(
            engine: try EspeakEngine(settings: SpeechSettings(language: "en"), output: .wavFiles(directory: wavs)))
        let engine = try NarratingSpeechEngine(
            voice: voice, output: .wavFiles(wavs, keepsTime: true), load: { try epub.resource($0) })
        let clipsHeard = Mutex<[Int]>([])
        func player() -> ReadAloudPlayer {
            ReadAloudPlayer(document: document, engine: engine, narration: narration) { event in
                if case .clip(_, _, let milliseconds) = event { clipsHeard.withLock { $0.append(milliseconds) } }
            }
        }
        func waitForClip(_ count: Int) throws {
            let deadline = ContinuousClock.now + .seconds(10)
            while clipsHeard.withLock({ $0.count }) < count, ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            try #require(clipsHeard.withLock { $0.count } == count)
        }
        // Clip 1, 6370 ms: heard for 1.5 s, paused, resumed, heard 1 s more, stopped.
        let first = player()
        first.play(from: ReadingPosition(element: 1, offset: 0))
        try waitForClip(1)
        Thread.sleep(forTimeInterval: 1.5)
        first.pause()
        let paused = try #require(first.heardLocator.narrationOffset)
        #expect(paused >= 1400 && paused <= 1900, "\(paused)")
        Thread.sleep(forTimeInterval: 0.3)
        first.resume()
        try waitForClip(2)
        #expect(clipsHeard.withLock { $0[1] } == paused)
        Thread.sleep(forTimeInterval: 1)
        let stopped = first.stop()
        let offset = try #require(stopped.narrationOffset)
        #expect(stopped.position == ReadingPosition(element: 1, offset: 0))
        #expect(offset >= paused + 900 && offset <= paused + 1500, "\(paused) then \(offset)")
        // A new player goes on from the locator, in the middle of the clip.
        let second = player()
        try second.play(from: try Locator(json: stopped.json))
        try waitForClip(3)
        #expect(clipsHeard.withLock { $0[2] } == offset)
        second.stop()
        engine.stopAndWait()
        // Each file is the rest of the clip from where it went on, as sox measures it.
        let written = try files(in: directory)
        try #require(written.count == 3, "\(written.map(\.lastPathComponent))")
        let lengths = try written.map { try measure($0).milliseconds }
        for (length, start) in zip(lengths, [0, paused, offset]) {
            #expect(abs(length - Double(6370 - start)) <= 10, "from \(start): \(length) ms")
        }
    }

    @Test func serveSendsEachNarratedUtteranceWithItsClips() throws {
        let server = try ServeProcess()
        let opened = try server.request(1, "open", ["path": Self.book])["result"] as? [String: Any] ?? [:]
        #expect(opened["narrated"] as? Bool == true)
        #expect(opened["activeClass"] as? String == "my-active-item")
        #expect(opened["playbackActiveClass"] as? String == "my-document-playing")
        let book = opened["book"] as? Int ?? 0
        var events: [[String: Any]] = []
        for (id, narration) in [(2, true), (3, false)] {
            _ = try server.request(id, "readAll", ["book": book, "narration": narration], events: &events)
            while events.last?["type"] as? String != "end" {
                let object = try server.nextObject()
                if object["method"] as? String == "event" { events.append(object["params"] as? [String: Any] ?? [:]) }
            }
            let utterances = events.filter { $0["type"] as? String == "utterance" }
            let clips = utterances.flatMap { ($0["audio"] as? [[String: Any]] ?? []).compactMap { $0["clip"] as? Int } }
            #expect(clips == (narration ? [0, 1, 2, 3, 4, 5] : []))
            #expect(utterances.filter { $0["source"] as? String == "audio" }.count == (narration ? 5 : 0))
            events = []
        }
        #expect(try server.finish() == 0)
    }

    @Test(.needsSpeechEngine) func aBookNarratedByEspeakPlaysEachSentencesClipCutWhereItsSMILSays() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        guard let (book, clips) = try narratedBook(in: directory) else { return }
        try #require(clips.count == 6)  // five sentences and the <audio> element's bell
        try expectValidEPUB(book)
        let wavs = directory.appendingPathComponent("wavs")
        try FileManager.default.createDirectory(at: wavs, withIntermediateDirectories: true)
        let result = try CLIRunner.run([book.path, "--format", "jsonl", "--speak", "--speak-to", wavs.path])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        // Walk the events and the files together: a narrated utterance's clips are one file
        // each, every other utterance and announcement one file of the voice.
        var written = try files(in: wavs)[...]
        var played: [(text: String, file: URL)] = []
        var spoken: [String] = []
        for event in objects(result.standardOutput) {
            switch event["type"] as? String {
            case "utterance":
                let audio = event["audio"] as? [[String: Any]] ?? []
                let text = event["text"] as? String ?? ""
                if audio.isEmpty { spoken.append(text) }
                for _ in 0..<max(1, audio.count) {
                    let next = written.popFirst()
                    let file = try #require(next, "no file for \(text)")
                    if !audio.isEmpty { played.append((text, file)) }
                }
            case "heading", "pageTurn":
                let next = written.popFirst()
                try #require(next != nil, "no file for \(event)")
            default:
                break
            }
        }
        #expect(written.isEmpty, "\(written.map(\.lastPathComponent))")
        #expect(played.map(\.text) == clips.compactMap { $0[3] as? String })
        for ((_, file), clip) in zip(played, clips) {
            let length = try measure(file).milliseconds
            let expected = Double((clip[2] as? Int ?? 0) - (clip[1] as? Int ?? 0))
            #expect(abs(length - expected) <= 10, "\(clip): \(length) ms")
        }
        // The voice reads what has no clip: the headings and the unrecorded paragraph.
        #expect(spoken.contains { $0.hasPrefix("Nobody recorded this paragraph") })
        #expect(spoken.filter { $0.hasPrefix("Chapter") }.count == 3)
        #expect(!spoken.contains("A bell rings."))
    }

    @Test(.needsSpeechEngine) func anAudioElementThatCannotBeDecodedIsReadAsItsFallbackText() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        guard let (book, _) = try narratedBook(in: directory) else { return }
        let broken = directory.appendingPathComponent("broken.epub")
        try copy(book.path, to: broken, editing: #"if name.endswith("bell.mp3"): data = b"no bell""#)
        let wavs = directory.appendingPathComponent("wavs")
        try FileManager.default.createDirectory(at: wavs, withIntermediateDirectories: true)
        let fallback = try CLIRunner.run([broken.path, "--format", "jsonl", "--speak", "--speak-to", wavs.path])
        #expect(fallback.status == 0 && fallback.standardError.contains("cannot play EPUB/audio/bell.mp3"))
        let bellWords = objects(fallback.standardOutput).filter {
            $0["type"] as? String == "progress" && $0["source"] == nil && $0["element"] as? Int == 7
        }
        #expect(bellWords.compactMap { $0["text"] as? String } == ["A", "bell", "rings"])
    }

    /// The book `make_narrated_book.py` builds in `directory`, and its clips
    /// (`[file, begin, end, text]`); `nil`, saying why, without the espeak-ng command.
    private func narratedBook(in directory: URL) throws -> (URL, [[Any]])? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng") else {
            print("skipped: the espeak-ng command is missing (it records the test book's narration)")
            return nil
        }
        let book = directory.appendingPathComponent("narrated.epub")
        let script = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/epub/make_narrated_book.py")
        let made = try AudioTools.run(
            try #require(Self.python), [script.path, book.path, directory.appendingPathComponent("work").path])
        let clips = try #require(try JSONSerialization.jsonObject(with: Data(made.utf8)) as? [[Any]], "\(made)")
        return (book, clips)
    }

    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Copies the EPUB at `book` to `output` with Python's zipfile, each entry's bytes `data`
    /// (its name `name`) changed by the Python statements `edit`.
    private func copy(_ book: String, to output: URL, editing edit: String) throws {
        let body = edit.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
        let program = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as old, zipfile.ZipFile(sys.argv[2], "w") as new:
                for info in old.infolist():
                    name, data = info.filename, old.read(info)
            \(body)
                    new.writestr(info, data)
            """
        try AudioTools.run(try #require(Self.python), ["-c", program, book, output.path])
    }

    /// Checks `book` with Debian's epubcheck, when it is installed.
    private func expectValidEPUB(_ book: URL) throws {
        let jar = "/usr/share/java/epubcheck.jar"
        guard FileManager.default.fileExists(atPath: jar), FileManager.default.isExecutableFile(atPath: "/usr/bin/java")
        else {
            print("skipped the epubcheck step: epubcheck is missing (Debian's epubcheck package)")
            return
        }
        let result = try CLIRunner.run(
            ["-XX:TieredStopAtLevel=1", "-jar", jar, book.path], program: URL(fileURLWithPath: "/usr/bin/java"))
        let text = result.standardOutput + result.standardError
        #expect(result.status == 0 && text.contains("0 fatals / 0 errors / 0 warnings"), "\(text)")
    }
}

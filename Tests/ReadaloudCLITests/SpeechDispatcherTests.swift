import Foundation
import Testing
import TextNavigation

@testable import TextNavigationSpeech
@testable import readaloud

#if canImport(Glibc)
    import Glibc
#endif

/// `--speak` through a real speech-dispatcher process that each test starts (and stops) itself:
/// espeak-ng output module, audio into libao's null driver. Skipped, with the reason printed,
/// where the service cannot run.
@Suite(.serialized) struct SpeechDispatcherTests {
    /// A running service, or the test cancelled (skipped) with the reason it cannot run.
    static func service(
        audio: String = "libao", module: SpeechDispatcherService.Module = .espeakNG
    ) throws -> SpeechDispatcherService {
        do {
            return try SpeechDispatcherService(audio: audio, module: module)
        } catch let unavailable as SpeechDispatcherService.Unavailable {
            print("SpeechDispatcherTests skipped: \(unavailable)")
            try Test.cancel("\(unavailable)")
        }
    }

    @Test func everyWordOfAChapterGetsExactlyOneProgressEvent() throws {
        let service = try Self.service()
        defer { service.stop() }
        let book = try SpeechMarkTests.aliceChapterOne()
        let expected = try SpeechMarkTests.tokenizerWords(book)
        // No --speech-backend: speech-dispatcher is used because its service answers (espeak-ng
        // directly would need a sound device, which this machine may not have).
        let result = try CLIRunner.run(
            [book, "--speak", "--format", "jsonl"], environment: ["SPEECHD_ADDRESS": service.address])
        #expect(result.status == 0, "\(result.standardError)")
        let events = SpeechMarkTests.events(result.standardOutput)
        let progress = SpeechMarkTests.checkedProgress(events)
        #expect(progress.count == expected.count)
        #expect(progress == expected)
        let estimated = events.filter { $0["estimated"] as? Bool == true }
        #expect(estimated.count < expected.count / 50)
    }

    /// A module that gives no marks (speech-dispatcher's generic module, here running espeak-ng
    /// into a file and taking two seconds a message): the first utterance finds it out, and the
    /// player times the words of the next ones itself, each word once, marked estimated, at
    /// times that grow through the utterance (words the engine never marked would all come at
    /// its end, at one time).
    @Test func aModuleWithoutMarksGetsEstimatedWords() throws {
        let service = try Self.service(
            module: .generic(command: "printf %s '$DATA' | espeak-ng -q --stdin -w /dev/null; sleep 2"))
        defer { service.stop() }
        let book = try CLIRunner.temporaryFile(Array("One two three four.\n\nFive six seven eight.\n".utf8))
        let result = try CLIRunner.run(
            [book, "--speak", "--speech-backend", "speechd", "--format", "jsonl", "--rate", "300"],
            environment: ["SPEECHD_ADDRESS": service.address])
        #expect(result.status == 0, "\(result.standardError)")
        let events = SpeechMarkTests.events(result.standardOutput)
        let words = SpeechMarkTests.checkedProgress(events).map(\.text)
        #expect(words == ["One", "two", "three", "four", "Five", "six", "seven", "eight"])
        let progress = events.filter { $0["type"] as? String == "progress" }
        #expect(progress.allSatisfy { $0["estimated"] as? Bool == true })
        let second = progress.filter { $0["element"] as? Int == 1 }.compactMap { $0["audioMilliseconds"] as? Int }
        #expect(second.count == 4 && second == second.sorted() && Set(second).count == 4, "\(second)")
    }

    @Test func theBackendCanBeChosen() throws {
        let service = try Self.service()
        defer { service.stop() }
        let book = try CLIRunner.temporaryFile(Array("Tom & Jerry, if x < y.\n".utf8))
        let result = try CLIRunner.run(
            [
                book, "--speak", "--speech-backend", "speechd", "--format", "jsonl", "--rate", "300", "--pitch", "70",
                "--volume", "50",
            ],
            environment: ["SPEECHD_ADDRESS": service.address])
        #expect(result.status == 0, "\(result.standardError)")
        let words = SpeechMarkTests.checkedProgress(SpeechMarkTests.events(result.standardOutput)).map(\.text)
        #expect(words == ["Tom", "Jerry", "if", "x", "y"])
        // speechd asked for where the service does not answer: one clear error.
        service.stop()
        let failed = try CLIRunner.run(
            [book, "--speak", "--speech-backend", "speechd"],
            environment: ["SPEECHD_ADDRESS": service.address, "SPEECHD_CMD": "/nonexistent"])
        #expect(failed.status == 69)
        #expect(failed.standardError.hasPrefix("Error: speech-dispatcher does not answer"), "\(failed.standardError)")
    }

    @Test func aServiceThatNeverSpeaksIsOneClearError() throws {
        // PulseAudio output with no PulseAudio server: the service takes text and never starts it.
        let service = try Self.service(audio: "pulse")
        defer { service.stop() }
        let book = try CLIRunner.temporaryFile(Array("Hello there.\n\nMore text.\n".utf8))
        let started = Date()
        let result = try CLIRunner.run(
            [book, "--speak", "--speech-backend", "speechd"],
            environment: ["SPEECHD_ADDRESS": service.address, "PULSE_SERVER": "unix:/nonexistent"])
        #expect(result.status == 69)
        #expect(
            result.standardError.hasPrefix("Error: speech-dispatcher took the text but is not speaking it"),
            "\(result.standardError)")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// Apple's camera example through speech-dispatcher's own priorities: "Opening camera"
    /// (default), "Camera loading" (low) and "Camera active" (high) posted in a burst are heard
    /// as "Opening camera" cut off by "Camera active"; "Camera loading" is never spoken.
    @Test func announcementPrioritiesAreSpeechDispatchersOwn() throws {
        let service = try Self.service()
        defer { service.stop() }
        setenv("SPEECHD_ADDRESS", service.address, 1)
        defer { unsetenv("SPEECHD_ADDRESS") }
        let engine = try SpeechDispatcherEngine(settings: SpeechSettings(language: "en"), autospawn: false)
        func kinds(_ id: Int?) -> [SpeechDispatcherEngine.Event.Kind] {
            engine.reportedEvents.filter { $0.message == id }.map(\.kind)
        }
        // The default announcement is long enough to be still speaking when the others arrive
        // (the null audio driver plays as fast as espeak-ng synthesises), and they are posted
        // once it has begun, so that a slow service does not cancel it before its first word.
        let opening = engine.post(
            SpeechMarkup(
                announcement: "Opening camera. "
                    + String(repeating: "Please hold the phone still while the camera opens. ", count: 20)),
            priority: .default)
        var deadline = Date().addingTimeInterval(10)
        while !kinds(opening).contains(.begin), Date() < deadline { usleep(1_000) }
        let loading = engine.post(SpeechMarkup(announcement: "Camera loading"), priority: .low)
        let active = engine.post(SpeechMarkup(announcement: "Camera active"), priority: .high)
        let ids = [opening, loading, active].compactMap { $0 }
        #expect(ids.count == 3)
        guard ids.count == 3 else { return }
        deadline = Date().addingTimeInterval(10)
        while !kinds(ids[2]).contains(.end), Date() < deadline { usleep(10_000) }
        usleep(200_000)  // anything still to come about the others
        print("speech-dispatcher events: \(engine.reportedEvents.map { "\($0.message) \($0.kind)" })")
        #expect(kinds(ids[0]) == [.begin, .cancel])
        #expect(!kinds(ids[1]).contains(.begin))
        #expect(kinds(ids[2]) == [.begin, .end])
    }

    @Test func ctrlCStopsAtTheWordBeingSpoken() throws {
        let service = try Self.service()
        defer { service.stop() }
        try Self.checkInterruption(["--speech-backend", "speechd"], environment: ["SPEECHD_ADDRESS": service.address])
    }

    /// Reads Alice's first chapter aloud with `options`, sends SIGINT once 40 words have been
    /// reported, and checks the stop: status 130, and a locator at the start of the last word
    /// reported (the one being spoken), or of an utterance none of whose words was reached, or
    /// after the last utterance when it had been spoken to its end.
    static func checkInterruption(_ options: [String], environment: [String: String]) throws {
        let book = try SpeechMarkTests.aliceChapterOne()
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = [book, "--speak", "--format", "jsonl"] + options
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = Data()
        let reader = output.fileHandleForReading
        while String(decoding: text, as: UTF8.self).components(separatedBy: "\"progress\"").count < 40 {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            text += chunk
        }
        kill(process.processIdentifier, SIGINT)
        text += reader.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let events = SpeechMarkTests.events(String(decoding: text, as: UTF8.self))
        guard let stopped = events.last, stopped["type"] as? String == "stopped",
            let locator = stopped["locator"] as? [String: Any]
        else {
            Issue.record("no stopped event at the end")
            return
        }
        let lastProgress = events.last { $0["type"] as? String == "progress" }
        let lastUtterance = events.last { $0["type"] as? String == "utterance" }
        let place = [locator["element"] as? Int ?? -1, locator["offset"] as? Int ?? -1]
        let candidates = [lastProgress, lastUtterance].compactMap { event -> [Int]? in
            guard let event, let element = event["element"] as? Int, let start = event["start"] as? Int else {
                return nil
            }
            return [element, start]
        }
        // Inside the utterance being read: at a word that was reached (or its start); otherwise
        // the utterance was over, and reading resumes after it.
        guard let lastUtterance, let element = lastUtterance["element"] as? Int,
            let start = lastUtterance["start"] as? Int, let end = lastUtterance["end"] as? Int
        else {
            Issue.record("no utterance before the stop")
            return
        }
        if place[0] == element, (start..<end).contains(place[1]) {
            #expect(candidates.contains(place), "\(locator)")
        } else {
            #expect(place.lexicographicallyPrecedes([element, end]) == false, "\(locator)")
        }
    }
}

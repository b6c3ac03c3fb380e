import Foundation
import Testing

/// `readaloud serve` driven as a client would: reading sessions with back-pressure, pause,
/// resume and stop, bad input answered with errors, and the end of input.
@Suite(.tags(.process)) struct ServeTests {
    private func result(_ response: [String: Any]) -> [String: Any] {
        response["result"] as? [String: Any] ?? [:]
    }

    /// Whether `locator` is where reading goes on after `utterance`: its end, or the start of
    /// the next element after an element's last utterance (nil: at the start of element 0).
    static func isJustAfter(_ locator: [String: Any]?, _ utterance: [String: Any]?) -> Bool {
        let element = locator?["element"] as? Int
        let offset = locator?["offset"] as? Int
        guard let utterance, let last = utterance["element"] as? Int else { return element == 0 && offset == 0 }
        return (element == last && offset == utterance["end"] as? Int) || (element == last + 1 && offset == 0)
    }

    private func errorCode(_ response: [String: Any]) -> Int? {
        (response["error"] as? [String: Any])?["code"] as? Int
    }

    @Test(.tags(.timing)) func aClientThatStopsReadingStopsTheSessionNotTheServersMemory() throws {
        let server = try ServeProcess()
        let book = result(try server.request(1, "open", ["path": "Books/alice-in-wonderland.txt"]))["book"] as? Int
        #expect(book != nil)
        guard let before = server.residentKiB else {
            print("skipped: no /proc/PID/status to read the server's memory from")
            return
        }
        // Character by character, Alice is over 140,000 events (tens of MB of JSON): without
        // back-pressure they would all pile up in the server while nobody reads.
        server.send(
            #"{"jsonrpc":"2.0","id":2,"method":"readAll","params":{"book":\#(book ?? 0),"granularity":"character"}}"#)
        Thread.sleep(forTimeInterval: 3)
        let after = server.residentKiB ?? 0
        print("serve back-pressure: resident \(before) KiB before reading, \(after) KiB after 3 s unread")
        if CLIRunner.isAddressSanitized {
            print("not checked: AddressSanitizer's quarantine keeps freed memory resident")
        } else {
            #expect(after - before < 8 * 1024, "the server grew from \(before) KiB to \(after) KiB")
        }
        // Now read: the session is alive and goes on where the queue left off.
        var events: [[String: Any]] = []
        var session: Int?
        while session == nil {
            let object = try server.nextObject()
            if object["method"] as? String == "event" {
                events.append(object["params"] as? [String: Any] ?? [:])
            } else if object["id"] as? Int == 2 {
                session = result(object)["session"] as? Int
            }
        }
        let stopped = try server.request(3, "stop", ["session": session ?? 0], events: &events)
        let utterances = events.filter { $0["type"] as? String == "utterance" }
        #expect(utterances.count > 100)
        // What was sent is what the queue (1 MiB) and the pipe held when the client stopped
        // reading, not everything read meanwhile.
        let sent = try events.reduce(0) { $0 + (try JSONSerialization.data(withJSONObject: $1)).count }
        #expect(sent < 3 << 20, "\(sent) bytes of events were sent after the client stopped reading")
        // The stop locator is where the last event sent ends.
        let locator = result(stopped)["locator"] as? [String: Any]
        #expect(result(stopped)["state"] as? String == "stopped")
        #expect(Self.isJustAfter(locator, utterances.last), "\(String(describing: locator))")
        #expect(try server.finish() == 0)
    }

    @Test func pauseHoldsEventsBackAndResumeGoesOnWhereItPaused() throws {
        let server = try ServeProcess()
        let book = result(try server.request(1, "open", ["path": "Books/udhr-arabic.txt"]))["book"] as? Int ?? 0
        var events: [[String: Any]] = []
        let session =
            result(try server.request(2, "readAll", ["book": book, "granularity": "sentence"], events: &events))[
                "session"] as? Int ?? 0
        let paused = try server.request(3, "pause", ["session": session], events: &events)
        #expect(result(paused)["state"] as? String == "paused")
        // Nothing comes between the pause's answer and the next request's.
        var quiet: [[String: Any]] = []
        _ = try server.request(4, "saved", ["book": 99], events: &quiet)
        #expect(quiet.isEmpty)
        let utterances = events.filter { $0["type"] as? String == "utterance" }
        let locator = result(paused)["locator"] as? [String: Any]
        #expect(Self.isJustAfter(locator, utterances.last), "\(String(describing: locator))")
        #expect(
            result(try server.request(5, "resume", ["session": session], events: &events))["state"] as? String
                == "reading")
        while events.last?["type"] as? String != "end" {
            let object = try server.nextObject()
            if object["method"] as? String == "event" { events.append(object["params"] as? [String: Any] ?? [:]) }
        }
        // Paused and resumed, the events are those of one uninterrupted read.
        let whole = try CLIRunner.run(["Books/udhr-arabic.txt", "--format", "jsonl"])
        let expected = whole.standardOutput.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary
        }
        let received = events.map { event -> NSDictionary in
            var event = event
            event["session"] = nil
            return event as NSDictionary
        }
        #expect(received == expected.compactMap { $0 })
        let stopped = try server.request(6, "stop", ["session": session])
        #expect(result(stopped)["state"] as? String == "finished")
        #expect(errorCode(try server.request(7, "stop", ["session": session])) == -32002)
        #expect(try server.finish() == 0)
    }

    @Test(.tags(.timing)) func aPauseJustAfterAPageTurnGoesOnWithTheUtteranceHeldBack() throws {
        let server = try ServeProcess()
        // Two paragraphs on different pages, each too big to share the 1 MiB output queue with
        // the other: while the client does not read, the session has sent the first paragraph
        // and the page turn, and waits to send the second.
        let first = String(repeating: "word ", count: 60_000)
        let second = String(repeating: "More text. ", count: 100_000)
        let opened = try server.request(
            1, "open", ["text": first + "\n\n" + second, "width": 100_000, "linesPerPage": 1])
        #expect(result(opened)["elements"] as? Int == 2)
        server.send(#"{"jsonrpc":"2.0","id":2,"method":"readAll","params":{"book":1,"granularity":"paragraph"}}"#)
        Thread.sleep(forTimeInterval: 1)
        server.send(#"{"jsonrpc":"2.0","id":3,"method":"pause","params":{"session":1}}"#)
        var events: [[String: Any]] = []
        var paused: [String: Any] = [:]
        while paused.isEmpty {
            let object = try server.nextObject()
            if object["method"] as? String == "event" {
                events.append(object["params"] as? [String: Any] ?? [:])
            } else if object["id"] as? Int == 3 {
                paused = object
            }
        }
        #expect(events.map { $0["type"] as? String }.contains("pageTurn"))
        #expect(events.filter { $0["type"] as? String == "utterance" }.count == 1)
        // The locator goes on with the second paragraph, which was not sent.
        let locator = result(paused)["locator"] as? [String: Any]
        let firstUtterance = events.first { $0["type"] as? String == "utterance" }
        let firstEnd = firstUtterance.map { "\($0["element"] ?? "?"):\($0["end"] ?? "?")" } ?? "none"
        #expect(
            Self.isJustAfter(locator, firstUtterance),
            "locator \(locator?["element"] ?? "?"):\(locator?["offset"] ?? "?") after an utterance ending at \(firstEnd)"
        )
        let resumed = try server.request(4, "resume", ["session": 1], events: &events)
        #expect(result(resumed)["state"] as? String == "reading")
        while events.last?["type"] as? String != "end" {
            let object = try server.nextObject()
            if object["method"] as? String == "event" { events.append(object["params"] as? [String: Any] ?? [:]) }
        }
        #expect(events.filter { $0["type"] as? String == "utterance" }.map { $0["element"] as? Int } == [0, 1])
        #expect(try server.finish() == 0)
    }

    @Test func badInputGetsAClearErrorAndTheServerGoesOn() throws {
        let server = try ServeProcess()
        func answer(_ line: [UInt8]) throws -> [String: Any] {
            server.send(line)
            return try server.nextAnswer()
        }
        func error(_ line: String) throws -> (code: Int?, message: String) {
            let object = try answer(Array(line.utf8))
            let error = object["error"] as? [String: Any]
            return (error?["code"] as? Int, error?["message"] as? String ?? "")
        }
        #expect(try error("{not json").code == -32700)
        let invalidUTF8 = try answer(
            Array(#"{"jsonrpc":"2.0","id":1,"method":"open","params":{"text":"a"#.utf8) + [0xFF] + Array(#""}}"#.utf8))
        #expect(errorCode(invalidUTF8) == -32700)
        #expect(((invalidUTF8["error"] as? [String: Any])?["message"] as? String)?.contains("UTF-8") == true)
        #expect(try error(#"{"id":2,"method":"open"}"#).code == -32600)
        #expect(try error(#"{"jsonrpc":"2.0","id":3,"method":"fly"}"#).code == -32601)
        let wrongType = try error(#"{"jsonrpc":"2.0","id":4,"method":"open","params":{"path":7}}"#)
        #expect(wrongType.code == -32602 && wrongType.message.contains("'path'"))
        let book = result(try server.request(5, "open", ["text": "Some text."]))["book"] as? Int ?? 0
        let missing = try error(#"{"jsonrpc":"2.0","id":5,"method":"element","params":{"book":\#(book)}}"#)
        #expect(missing.code == -32602 && missing.message.contains("'element'"), "\(missing.message)")
        #expect(
            try error(#"{"jsonrpc":"2.0","id":6,"method":"element","params":{"book":42,"element":0}}"#).code == -32001)
        #expect(try error(#"{"jsonrpc":"2.0","id":7,"method":"pause","params":{"session":9}}"#).code == -32002)
        let missingFile = try error(#"{"jsonrpc":"2.0","id":8,"method":"open","params":{"path":"Books/nothing.txt"}}"#)
        #expect(missingFile.code == -32003 && missingFile.message.contains("no such file"))
        let directory = try error(#"{"jsonrpc":"2.0","id":9,"method":"open","params":{"path":"Books"}}"#)
        #expect(directory.code == -32003 && directory.message.contains("directory"))
        let binary = try CLIRunner.temporaryFile([0x7F, 0x45, 0x4C, 0x46, 0, 0, 1, 2], name: "binary.bin")
        let binaryError = try error(#"{"jsonrpc":"2.0","id":10,"method":"open","params":{"path":"\#(binary)"}}"#)
        #expect(binaryError.code == -32003, "\(binaryError.message)")
        let invalidFile = try CLIRunner.temporaryFile(Array("caf".utf8) + [0xC3, 0x28], name: "invalid.txt")
        #expect(
            try error(#"{"jsonrpc":"2.0","id":11,"method":"open","params":{"path":"\#(invalidFile)"}}"#).code == -32003)
        #expect(try error(#"{"jsonrpc":"2.0","id":12,"method":"open","params":{"path":"-"}}"#).code == -32602)
        // Still serving.
        let opened = try server.request(13, "open", ["text": "One. Two."])
        #expect(result(opened)["elements"] as? Int == 1)
        // Ids go up; each open takes one when it starts, so the failed ones took theirs.
        #expect((result(opened)["book"] as? Int ?? 0) > book)
        #expect(try server.finish() == 0)
    }

    @Test func benchServeReportsRoundTripsFirstEventsAndRequestsWhileABookOpens() throws {
        let result = try CLIRunner.run([
            "bench", "--serve", "--serve-requests", "300", "--book", CLIRunner.book("udhr-arabic.txt"),
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let prefixes = [
            "serve tokenizer round trip over a pipe, lines framing (300 requests, one at a time): median ",
            "serve readAll to its first utterance event (20 sessions): median ",
            "serve tokenizer round trip while a 10 MB book opens (",
            "serve tokenizer round trip over a pipe, content-length framing (300 requests, one at a time): median ",
        ]
        #expect(lines.count == prefixes.count, "\(lines)")
        for (line, prefix) in zip(lines, prefixes) {
            #expect(line.hasPrefix(prefix), "\(line)")
            let median = line.components(separatedBy: "median ").last?.components(separatedBy: " µs").first
            #expect((median.flatMap(Double.init) ?? 0) > 0, "\(line)")
        }
    }

    @Test func theEndOfInputClosesBooksAndEndsTheServerWithStatusZero() throws {
        let server = try ServeProcess()
        _ = try server.request(1, "open", ["path": "Books/alice-in-wonderland.txt"])
        _ = try server.request(2, "readAll", ["book": 1, "granularity": "word"])
        #expect(try server.finish(timeout: 30) == 0)
    }
}

import Foundation
import Testing

/// `readAll` with acknowledgements: a client that hears one event at a time, pausing and
/// resuming while events it has not heard are in flight, hears every utterance of a chapter
/// exactly once; bad acks are errors and the server goes on.
@Suite(.tags(.process)) struct AcknowledgedReadingTests {
    private func result(_ response: [String: Any]) -> [String: Any] {
        response["result"] as? [String: Any] ?? [:]
    }

    private func errorMessage(_ response: [String: Any]) -> String? {
        (response["error"] as? [String: Any])?["message"] as? String
    }

    /// The sentences of Alice's first chapter, as the CLI reads them.
    static func chapterOne() throws -> [String] {
        let whole = try CLIRunner.run([
            CLIRunner.book("alice-in-wonderland.txt"), "--format", "jsonl", "--chapter", "1", "--chapter-end",
        ])
        return whole.standardOutput.split(separator: "\n").compactMap {
            let event = try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            return event?["type"] as? String == "utterance" ? event?["text"] as? String : nil
        }
    }

    @Test(arguments: [1, 4, 16])
    func pausingTwentyTimesHearsEveryUtteranceOnce(prefetch: Int) throws {
        let server = try ServeProcess()
        let book = result(try server.request(1, "open", ["path": "Books/alice-in-wonderland.txt"]))["book"] as? Int ?? 0
        var buffered: [[String: Any]] = []
        let session =
            result(
                try server.request(
                    2, "readAll",
                    ["book": book, "chapter": 1, "chapterEnd": true, "ack": true, "prefetch": prefetch],
                    events: &buffered))["session"] as? Int ?? 0
        var heard: [String] = []
        var pauses = 0
        var id = 3
        var next = 1
        reading: while true {
            if buffered.isEmpty {
                let object = try server.nextObject()
                if object["method"] as? String == "event" { buffered.append(object["params"] as? [String: Any] ?? [:]) }
                continue
            }
            let event = buffered.removeFirst()
            switch event["type"] as? String {
            case "end": break reading
            case "start": continue
            default: break
            }
            // Events come numbered in order, from where the last pause said.
            let number = event["seq"] as? Int ?? -1
            #expect(number == next, "event \(number), expected \(next)")
            next = number + 1
            if event["type"] as? String == "utterance" { heard.append(event["text"] as? String ?? "") }
            id += 1
            #expect(
                result(try server.request(id, "ack", ["session": session, "seq": number], events: &buffered))["next"]
                    != nil)
            // Every third utterance, pause with events in flight, drop them, and resume.
            if heard.count % 3 == 0, pauses < 20, event["type"] as? String == "utterance" {
                pauses += 1
                id += 1
                let paused = result(try server.request(id, "pause", ["session": session], events: &buffered))
                #expect(paused["state"] as? String == "paused")
                next = paused["next"] as? Int ?? -1
                #expect(next == number + 1)
                buffered.removeAll { ($0["seq"] as? Int ?? 0) >= next }
                id += 1
                _ = try server.request(id, "resume", ["session": session], events: &buffered)
            }
        }
        #expect(pauses == 20)
        #expect(heard == (try Self.chapterOne()))
        #expect(try server.finish() == 0)
    }

    @Test func stopGivesTheFirstUtteranceNotHeard() throws {
        let server = try ServeProcess()
        let book = result(try server.request(1, "open", ["path": "Books/alice-in-wonderland.txt"]))["book"] as? Int ?? 0
        var events: [[String: Any]] = []
        let session =
            result(try server.request(2, "readAll", ["book": book, "prefetch": 8], events: &events))["session"] as? Int
            ?? 0
        while events.filter({ $0["seq"] != nil }).count < 8 {
            let object = try server.nextObject()
            if object["method"] as? String == "event" { events.append(object["params"] as? [String: Any] ?? [:]) }
        }
        // Eight in flight and no more, until one is acknowledged.
        var quiet: [[String: Any]] = []
        _ = try server.request(3, "chapters", ["book": book], events: &quiet)
        #expect(quiet.isEmpty)
        let utterances = events.filter { $0["type"] as? String == "utterance" }
        let heard = utterances[2]["seq"] as? Int ?? 0
        let stopped = result(try server.request(4, "stop", ["session": session, "heard": heard]))
        let locator = stopped["locator"] as? [String: Any]
        #expect(locator?["element"] as? Int == utterances[3]["element"] as? Int)
        #expect(locator?["offset"] as? Int == utterances[3]["start"] as? Int)
        #expect(try server.finish() == 0)
    }

    @Test func badAcksAreErrorsAndTheServerGoesOn() throws {
        let server = try ServeProcess()
        let book = result(try server.request(1, "open", ["path": "Books/alice-in-wonderland.txt"]))["book"] as? Int ?? 0
        var events: [[String: Any]] = []
        let streaming = result(try server.request(2, "readAll", ["book": book], events: &events))["session"] as? Int
        #expect(
            errorMessage(try server.request(3, "ack", ["session": streaming ?? 0, "seq": 1], events: &events))?
                .contains("not acknowledged") == true)
        #expect(errorMessage(try server.request(4, "ack", ["session": 999, "seq": 1], events: &events)) != nil)
        for prefetch in [-1, 1_000_000_000] {
            #expect(
                errorMessage(try server.request(5, "readAll", ["book": book, "prefetch": prefetch], events: &events))
                    != nil)
        }
        #expect(
            errorMessage(try server.request(6, "readAll", ["book": book, "ack": true, "prefetch": 0], events: &events))
                != nil)
        let session =
            result(try server.request(7, "readAll", ["book": book, "ack": true], events: &events))["session"] as? Int
            ?? 0
        #expect(
            errorMessage(try server.request(8, "ack", ["session": session, "seq": 1_000], events: &events))?.contains(
                "was sent") == true)
        while !events.contains(where: { $0["session"] as? Int == session && $0["seq"] as? Int == 2 }) {
            let object = try server.nextObject()
            if object["method"] as? String == "event" { events.append(object["params"] as? [String: Any] ?? [:]) }
        }
        #expect(result(try server.request(9, "ack", ["session": session, "seq": 2], events: &events))["next"] != nil)
        #expect(
            errorMessage(try server.request(10, "ack", ["session": session, "seq": 1], events: &events))?.contains(
                "acknowledged") == true)
        #expect(try server.finish() == 0)
    }
}

import Foundation
import SeededRandom
import Testing

/// Thousands of random and mutated messages to a real `readaloud serve`: every one is answered
/// with a result or an error object (notifications excepted), and the server stays alive.
@Suite(.tags(.process)) struct ServeFuzzTests {
    /// What the test knows about a message's answer.
    enum Expectation {
        /// Exactly one answer line.
        case one
        /// Decided from the message's JSON: one answer for an object with an id, at most one
        /// otherwise (a notification, a batch).
        case fromJSON
    }

    /// How every event notification starts.
    static let eventPrefix = Array(#"{"jsonrpc":"2.0","method":"event","params":{"session":"#.utf8)

    static let methods = [
        "open", "close", "element", "units", "tokenizer", "move", "relayout", "locator", "resolve", "readAll",
        "pause", "resume", "stop", "select", "extend", "shrink", "save", "saved", "unsave", "nope", "",
    ]

    struct Generator {
        /// Seeded, so every run sends the same messages.
        var random: SplitMix64
        /// The ids of books and sessions the server has answered with, most recent last.
        var books: [Int] = []
        var sessions: [Int] = []
        /// Whether the request being made keeps to valid values (so that it is likely to succeed).
        var clean = false

        mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
        mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

        /// A value of a random type, for parameters of the wrong type.
        mutating func anyValue() -> Any {
            switch int(0...7) {
            case 0: return int(-3...300)
            case 1: return pick(["word", "sentence", "forward", "x", "", "rangeEnclosingPosition", "ÿ\u{0}"])
            case 2: return pick([true, false])
            case 3: return NSNull()
            case 4: return [int(0...5), "a"]
            case 5: return ["element": int(0...3), "offset": int(0...9)]
            case 6: return Double(int(-100...100)) / 7
            default: return Int.max
            }
        }

        // Long because: one case per method of `serve`, the table of the parameters each takes,
        // valid and not.
        mutating func params(for method: String) -> [String: Any] {
            var params: [String: Any] = [:]
            func maybe(_ key: String, _ value: @autoclosure () -> Any) {
                if clean || chance(93) { params[key] = value() }
            }
            let book = !books.isEmpty && chance(85) ? pick(Array(books.suffix(6))) : int(0...4)
            switch method {
            case "open":
                if clean {
                    params["path"] = pick(["Books/rashomon.txt", "Books/udhr-arabic.txt"])
                } else if chance(70) {
                    params["path"] = pick([
                        "Books/rashomon.txt", "Books/udhr-arabic.txt", "Books/missing.txt", "Books", "/dev/null",
                        "-", "", "Package.swift", "/proc/self/status",
                    ])
                } else {
                    params["text"] = pick(["Hello world. Second one.", "", "   ", "A\u{0}B", "語の文。次の文。", "x\n\ny"])
                }
                maybe("width", clean ? int(1...200) : int(-2...200))
                if chance(30) { params["linesPerPage"] = int(0...50) }
                if chance(20) { params["locale"] = pick(["ja", "th", "ar", "!!", "en_US@x=y"]) }
            case "close", "saved", "extend", "shrink":
                maybe("book", book)
                if method != "close", method != "saved" { maybe("granularity", granularity()) }
            case "element", "units", "tokenizer", "move", "locator", "select":
                maybe("book", book)
                maybe("element", clean ? int(0...2) : int(-1...70))
                maybe("offset", clean ? int(0...8) : int(-3...120))
                maybe("granularity", granularity())
                maybe(
                    "direction",
                    clean ? pick(["forward", "backward"]) : pick(["forward", "backward", "left", "up", "sideways"]))
                maybe(
                    "query",
                    pick([
                        "rangeEnclosingPosition", "isPositionAtBoundary", "isPositionWithinTextUnit",
                        "positionFromToBoundary", clean ? "isPositionAtBoundary" : "other",
                    ]))
            case "relayout":
                maybe("book", book)
                maybe("width", int(-1...120))
                maybe("linesPerPage", int(0...40))
                if chance(40) { params["textScale"] = pick([0.5, 1, 2.5, -1, 0, 1e9] as [Double]) }
            case "resolve", "readAll":
                maybe("book", book)
                if chance(40) {
                    params[method == "resolve" ? "locator" : "from"] = [
                        "type": "readaloud.locator", "version": pick([1, 2]), "element": int(-1...60),
                        "offset": int(-1...40), "before": pick(["", "下人", "x"]), "after": pick(["", "の", "Hello"]),
                    ]
                }
                if method == "readAll" {
                    maybe("granularity", granularity())
                    if chance(30) { params["page"] = int(-1...12) }
                }
            case "pause", "resume", "stop":
                maybe("session", !sessions.isEmpty && chance(80) ? pick(Array(sessions.suffix(4))) : int(0...8))
            case "save":
                maybe("book", book)
                if chance(50) {
                    params["selection"] = ["element": int(-1...9), "start": int(-1...9), "end": int(0...20)]
                }
                if chance(50) { params["note"] = pick(["a note", "", "ノート"]) }
            case "unsave":
                maybe("book", book)
                maybe("id", pick([UUID().uuidString, "not-an-id", "00000000-0000-0000-0000-000000000000"]))
            default:
                break
            }
            // Now and then a wrong type, an unknown field or a missing one.
            if !clean, chance(15), let key = params.keys.sorted().first { params[key] = anyValue() }
            if !clean, chance(8) { params["unexpected"] = anyValue() }
            return params
        }

        mutating func granularity() -> String {
            clean
                ? pick(["character", "word", "sentence", "line", "paragraph"])
                : pick(["character", "word", "sentence", "line", "paragraph", "document", "page", ""])
        }

        /// A well-formed request (sometimes with a strange id, no id, or no params).
        mutating func request(id: Int) -> [String: Any] {
            let method = pick(clean ? ServeFuzzTests.methods.filter { $0 != "close" } : ServeFuzzTests.methods)
            var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
            if clean || chance(95) { message["id"] = chance(80) ? id : "r\(id)" }
            if clean || chance(92) { message["params"] = params(for: method) }
            if !clean, chance(3) { message["jsonrpc"] = pick(["1.0", 2] as [Any]) }
            return message
        }

        /// `bytes` changed in one of a few ways, never adding a line end.
        mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
            var bytes = bytes
            for _ in 0..<int(1...3) where !bytes.isEmpty {
                let at = int(0...(bytes.count - 1))
                switch int(0...4) {
                case 0: bytes[at] = UInt8(int(0...255))
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + int(1...8)))
                case 2: bytes.insert(contentsOf: (0..<int(1...4)).map { _ in UInt8(int(0...255)) }, at: at)
                case 3: bytes = Array(bytes[..<at])
                default:
                    bytes.insert(contentsOf: Array(pick(["{", "]", "\"", "\\u", "\\ud800", ",", "nul"]).utf8), at: at)
                }
            }
            return bytes.map { $0 == 0x0A ? 0x20 : $0 }
        }

        /// The next message to send, and what is known about its answer.
        mutating func message(_ index: Int) -> ([UInt8], Expectation) {
            let kind = int(0...99)
            clean = kind < 30
            defer { clean = false }
            let request = try! JSONSerialization.data(withJSONObject: request(id: index))
            switch kind {
            case 0..<45: return (Array(request), .fromJSON)
            case 45..<85: return (mutate(Array(request)), .fromJSON)
            case 85..<90:
                let batch = (0..<int(1...4)).map { _ in self.request(id: index) }
                return (Array(try! JSONSerialization.data(withJSONObject: batch)), .fromJSON)
            case 90..<95:
                return ((0..<int(1...60)).map { _ in UInt8(int(0...255)) }.map { $0 == 0x0A ? 0x20 : $0 }, .fromJSON)
            default:
                // Deep nesting and other shapes that are JSON-RPC in no way.
                let depth = int(1...20_000)
                let shapes: [[UInt8]] = [
                    Array(String(repeating: "[", count: depth).utf8),
                    Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8),
                    Array("\"\(String(repeating: "x", count: int(0...100)))\"".utf8),
                    Array("1e999999".utf8), Array("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"open\"}".utf8),
                    [0xEF, 0xBB, 0xBF] + Array("{}".utf8), [0xC3, 0x28], [0xED, 0xA0, 0x80],
                ]
                return (pick(shapes), .one)
            }
        }
    }

    @Test func everyMessageIsAnsweredAndTheServerStaysAlive() throws {
        let store = try CLIRunner.temporaryDirectory().appendingPathComponent("selections.sqlite")
        let server = try ServeProcess(["--store", store.path])
        var generator = Generator(random: SplitMix64(seed: 20))
        let count = 5000
        var answered = 0
        var results = 0
        for index in 0..<count {
            let (message, expectation) = generator.message(index)
            server.send(message)
            server.send("{\"jsonrpc\":\"2.0\",\"id\":\"sentinel\(index)\",\"method\":\"sentinel\"}")
            guard var answers = try Self.answers(from: server, until: "sentinel\(index)") else {
                Issue.record("the server ended after message \(index): \(String(decoding: message, as: UTF8.self))")
                return
            }
            // An `open` or `relayout` is answered when the book is ready, maybe after the sentinel.
            if answers.isEmpty, Self.isBackgroundRequest(message), let late = try Self.nextAnswer(from: server) {
                answers.append(late)
            }
            let text = String(decoding: message.prefix(300), as: UTF8.self)
            for answer in answers {
                let responses = (answer as? [Any]) ?? [answer]
                for response in responses {
                    guard let object = response as? [String: Any] else {
                        Issue.record("not a response object for message \(index) (\(text)): \(response)")
                        continue
                    }
                    if let result = object["result"] {
                        results += 1
                        if let book = (result as? [String: Any])?["book"] as? Int { generator.books.append(book) }
                        if let session = (result as? [String: Any])?["session"] as? Int {
                            generator.sessions.append(session)
                        }
                    }
                    #expect(object["jsonrpc"] as? String == "2.0")
                    #expect(object.keys.contains("id"), "message \(index): \(text)")
                    #expect((object["result"] != nil) != (object["error"] != nil), "message \(index): \(text)")
                    if let error = object["error"] as? [String: Any] {
                        #expect(error["code"] is Int && error["message"] is String, "message \(index): \(text)")
                    }
                }
            }
            Self.expectAnswerCount(answers.count, to: message, expectation, label: "message \(index) (\(text))")
            answered += answers.count
        }
        try Self.expectStillServing(server)
        #expect(answered > count / 2)
        // Not only errors: enough messages get through to exercise the methods themselves.
        print("serve fuzz: \(count) messages, \(answered) answers, \(results) results")
        #expect(results > count / 20)
        #expect(try server.finish() == 0)
    }

    /// The answers the server wrote before the answer to the request with id `sentinel`, events
    /// left out; `nil` when the server ended first.
    static func answers(from server: ServeProcess, until sentinel: String) throws -> [Any]? {
        var answers: [Any] = []
        while true {
            guard let line = try server.nextLine(timeout: 60) else { return nil }
            // Events (of the sessions readAll started) are skipped unread: there are many.
            if line.starts(with: eventPrefix) { continue }
            let value = try JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])
            if let object = value as? [String: Any] {
                if object["method"] as? String == "event" { continue }
                if object["id"] as? String == sentinel { return answers }
            }
            answers.append(value)
        }
    }

    /// Whether `message` is one `open` or `relayout` request with an id (answered on a thread
    /// of its own).
    static func isBackgroundRequest(_ message: [UInt8]) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] else {
            return false
        }
        return ["open", "relayout"].contains(object["method"] as? String) && object.keys.contains("id")
    }

    /// The next answer (no event), or `nil` when the server ended.
    static func nextAnswer(from server: ServeProcess) throws -> Any? {
        while let line = try server.nextLine(timeout: 60) {
            if line.starts(with: eventPrefix) { continue }
            let value = try JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed])
            if (value as? [String: Any])?["method"] as? String == "event" { continue }
            return value
        }
        return nil
    }

    /// Checks that `message` got as many answers as `expectation` says.
    static func expectAnswerCount(_ count: Int, to message: [UInt8], _ expectation: Expectation, label: String) {
        switch expectation {
        case .one:
            #expect(count == 1, "\(label) got \(count) answers")
        case .fromJSON where message.allSatisfy({ [0x20, 0x09, 0x0D].contains($0) }):
            #expect(count == 0, "a blank line is no message")
        case .fromJSON:
            let parsed = try? JSONSerialization.jsonObject(with: Data(message), options: [.fragmentsAllowed])
            if parsed == nil || (parsed as? [String: Any])?.keys.contains("id") == true {
                #expect(count == 1, "\(label) got \(count) answers")
            } else {
                #expect(count <= 1, "\(label) got \(count) answers")
            }
        }
    }

    /// A message over the 16 MiB limit, read without holding it, then a request that works.
    static func expectStillServing(_ server: ServeProcess) throws {
        server.send([UInt8](repeating: UInt8(ascii: "x"), count: (16 << 20) + 100))
        let tooLong = try server.nextAnswer()
        #expect((tooLong["error"] as? [String: Any])?["code"] as? Int == -32600)
        var events: [[String: Any]] = []
        let opened = try server.request(1_000_000, "open", ["text": "Still here. Still serving."], events: &events)
        let book = (opened["result"] as? [String: Any])?["book"] as? Int
        #expect(book != nil, "\(opened)")
        let answer = try server.request(
            1_000_001, "tokenizer",
            [
                "book": book ?? 0, "element": 0, "granularity": "word", "direction": "forward", "offset": 0,
                "query": "rangeEnclosingPosition",
            ], events: &events)
        #expect(answer["result"] as? [Int] == [0, 5])
    }
}

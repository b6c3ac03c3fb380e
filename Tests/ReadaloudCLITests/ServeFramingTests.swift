import Foundation
import Testing

/// `readaloud serve --framing content-length`: every message framed as the Language Server
/// Protocol's base protocol frames it, both ways; an off-the-shelf LSP-style library
/// (python-lsp-jsonrpc) talks to it unchanged; bad framing is answered, never the end of the
/// server.
@Suite(.tags(.process))
struct ServeFramingTests {
    /// The frames of `output`: each `Content-Length` message's JSON object.
    static func frames(_ output: String) throws -> [[String: Any]] {
        var bytes = Substring(output).utf8[...]
        var objects: [[String: Any]] = []
        while !bytes.isEmpty {
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.hasPrefix("Content-Length: "), let end = text.range(of: "\r\n\r\n") else {
                Issue.record("not a frame: \(text.prefix(80))")
                break
            }
            let length = try #require(Int(text[text.index(text.startIndex, offsetBy: 16)..<end.lowerBound]))
            let bodyStart = bytes.index(
                bytes.startIndex, offsetBy: text.utf8.distance(from: text.startIndex, to: end.upperBound))
            let bodyEnd = bytes.index(bodyStart, offsetBy: length)
            let body = Data(bytes[bodyStart..<bodyEnd])
            objects.append(try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any]))
            bytes = bytes[bodyEnd...]
        }
        return objects
    }

    /// `object` as a framed message.
    static func frame(_ object: String, headers: String = "") -> String {
        "Content-Length: \(object.utf8.count)\r\n\(headers)\r\n" + object
    }

    @Test func messagesAreFramedByContentLengthBothWays() throws {
        let book = CLIRunner.repositoryRoot.appendingPathComponent("Books/alice-in-wonderland.txt").path
        let open = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"open\",\"params\":{\"path\":\"\(book)\"}}"
        // UTF-8 beyond ASCII: the length counts bytes, not characters.
        let text = "{\"jsonrpc\":\"2.0\",\"id\":\"é\",\"method\":\"open\",\"params\":{\"text\":\"Café — naïve.\"}}"
        let element = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"element\",\"params\":{\"book\":2,\"element\":0}}"
        let input =
            Self.frame(open) + "\r\n"
            + Self.frame(text, headers: "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n")
            + Self.frame(element).replacingOccurrences(of: "Content-Length", with: "content-length")
        let result = try CLIRunner.run(["serve", "--framing", "content-length"], input: Data(input.utf8))
        #expect(result.status == 0, "\(result.standardError)")
        // Books open on threads of their own, so answers come as they are ready: by id.
        let replies = Dictionary(
            try Self.frames(result.standardOutput).map { ("\($0["id"] ?? "")", $0) },
            uniquingKeysWith: { first, _ in first })
        #expect(replies.keys.sorted() == ["1", "3", "é"])
        #expect((replies["1"]?["result"] as? [String: Any])?["book"] as? Int == 1)
        #expect((replies["3"]?["result"] as? [String: Any])?["text"] as? String == "Café — naïve.", "\(replies)")
    }

    @Test func badFramingIsAnsweredAndTheServerGoesOn() throws {
        let ok = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"open\",\"params\":{\"text\":\"Still here.\"}}"
        let long =
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"open\",\"params\":{\"text\":\""
            + String(repeating: "x", count: 2000)
            + "\"}}"
        let input =
            "Content-Type: text/plain\r\n\r\n{}" + "Content-Length: twelve\r\n\r\n" + Self.frame(long) + Self.frame(ok)
            + "Content-Length: 500\r\n\r\n{\"jsonrpc\""
        let result = try CLIRunner.run(
            ["serve", "--framing", "content-length", "--max-message-bytes", "1024"], input: Data(input.utf8))
        #expect(result.status == 0, "\(result.standardError)")
        let replies = try Self.frames(result.standardOutput)
        let messages = replies.map { (($0["error"] as? [String: Any])?["message"] as? String) ?? "" }
        // The header block without a length, then the bytes after it read as a header block of
        // their own ("{}Content-Length: twelve" has a colon but no usable length), the long
        // message skipped, the good one answered, the truncated one named.
        #expect(messages.first == "the message's framing: a message without a Content-Length header", "\(messages)")
        #expect(messages.contains { $0.contains("over the limit of 1024 bytes") }, "\(messages)")
        #expect(replies.contains { $0["id"] as? Int == 9 && $0["result"] != nil }, "\(replies)")
        #expect(messages.contains("the message's framing: the input ended 10 bytes into a message of 500 bytes"))
    }

    /// Whether `python` runs and imports `module`.
    static func imports(_ python: String, _ module: String) -> Bool {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: python)
        check.arguments = ["-c", "import \(module)"]
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }

    @Test func lyingLengthsAreNamedAndReadingFindsItsWayBack() throws {
        let ok = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"open\",\"params\":{\"text\":\"ok\"}}"
        let cut = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"open\",\"params\":{\"text\":\"x\"}}"
        // A negative length, one of 2^63, one too short (the rest of its body runs into the
        // next header line), then a sound message.
        let input =
            "Content-Length: -5\r\n\r\n{}" + "Content-Length: 9223372036854775808\r\n\r\n{}"
            + "Content-Length: 5\r\n\r\n" + cut + Self.frame(ok)
        let result = try CLIRunner.run(["serve", "--framing", "content-length"], input: Data(input.utf8))
        #expect(result.status == 0, "\(result.standardError)")
        let replies = try Self.frames(result.standardOutput)
        let messages = replies.compactMap { ($0["error"] as? [String: Any])?["message"] as? String }
        #expect(messages.contains("the message's framing: Content-Length '-5' is not a number of bytes"), "\(messages)")
        #expect(
            messages.contains("the message's framing: Content-Length '9223372036854775808' is not a number of bytes"),
            "\(messages)")
        #expect(messages.contains { $0.hasPrefix("the message is not JSON") }, "\(messages)")
        #expect(replies.contains { $0["id"] as? Int == 2 && $0["result"] != nil }, "\(replies)")
    }

    /// Debian's python3, which has python-lsp-jsonrpc (python3-pylsp-jsonrpc), or `nil`.
    static let pythonWithLSPJSONRPC: URL? =
        imports("/usr/bin/python3", "pylsp_jsonrpc") ? URL(fileURLWithPath: "/usr/bin/python3") : nil

    @Test func pythonLSPJSONRPCTalksToTheServerUnchanged() throws {
        let python = "/usr/bin/python3"
        guard Self.pythonWithLSPJSONRPC != nil else {
            print("skipped: python-lsp-jsonrpc is missing (apt-get install python3-pylsp-jsonrpc)")
            return
        }
        let book = CLIRunner.repositoryRoot.appendingPathComponent("Books/alice-in-wonderland.txt").path
        let script = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Serve/lsp_framing_check.py").path
        let result = try CLIRunner.run(
            [script, CLIRunner.executable.path, book], program: URL(fileURLWithPath: python))
        #expect(result.status == 0, "\(result.standardError)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(summary["finished"] as? Bool == true, "\(summary)")
        #expect(summary["status"] as? Int == 0)
        // Acknowledged, pausing twenty times: every sentence of chapter 1 heard once.
        #expect(summary["pauses"] as? Int == 20)
        #expect(summary["heard"] as? [String] == (try AcknowledgedReadingTests.chapterOne()))
        // A plain-text book is titled by its first heading.
        #expect((summary["opened"] as? [String: Any])?["title"] as? String == "CHAPTER I.")
        #expect(summary["firstElement"] as? String == "[Illustration]")
        #expect((summary["error"] as? String)?.contains("element") == true, "\(summary)")
        #expect(summary["firstEvent"] as? String == "start")
        #expect(summary["lastEvent"] as? String == "end")
        // As many sentences as the command line reads.
        let cli = try CLIRunner.run([book, "--format", "jsonl", "--granularity", "sentence"])
        let sentences = cli.standardOutput.split(separator: "\n").filter { $0.contains("\"type\":\"utterance\"") }.count
        #expect(summary["utterances"] as? Int == sentences, "\(summary)")
    }
}

import Foundation
import Testing

/// Search from every front end: `readaloud search`, serve's `search` page by page, and the
/// terminal reader's `/`.
@Suite("Front ends: search", .tags(.process))
struct SearchCLITests {
    static let book = CLIRunner.book("alice-in-wonderland.txt")

    private func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("readaloud search: each match with its page and context, JSON Lines with locators, exit 1 for none")
    func command() throws {
        let text = try CLIRunner.run(["search", Self.book, "CHESHIRE"])
        #expect(text.status == 0, "\(text.standardError)")
        let lines = text.standardOutput.split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines.first == "306:8-16\tpage 45\t“It’s a [Cheshire] cat,” said the Duchess, “and that’s why. Pig!”")
        let json = try objects(
            try CLIRunner.run(["search", Self.book, "cheshire", "--format", "jsonl"]).standardOutput)
        #expect(json.count == 8)
        #expect(json.last as NSDictionary? == ["type": "end", "matches": 7, "limited": false] as NSDictionary)
        // A match's locator is where --from reads from.
        let locator = try #require(json[2]["locator"] as? [String: Any])
        let from = String(decoding: try JSONSerialization.data(withJSONObject: locator), as: UTF8.self)
        let read = try objects(
            try CLIRunner.run([Self.book, "--from", from, "--format", "jsonl", "--granularity", "word"]).standardOutput)
        #expect(read.first { $0["type"] as? String == "utterance" }?["text"] as? String == "Cheshire")
        let limited = try objects(
            try CLIRunner.run(["search", Self.book, "cheshire", "--format", "jsonl", "--limit", "2"]).standardOutput)
        #expect(limited.count == 3 && limited.last?["limited"] as? Bool == true)
        #expect(
            try CLIRunner.run(["search", Self.book, "cat", "--whole-words"]).standardOutput.split(separator: "\n")
                .count < (try CLIRunner.run(["search", Self.book, "cat"]).standardOutput.split(separator: "\n").count))
        let none = try CLIRunner.run(["search", Self.book, "zebra crossing"])
        #expect(none.status == 1 && none.standardOutput.isEmpty && none.standardError.isEmpty)
        let blank = try CLIRunner.run(["search", Self.book, "   "])
        #expect(blank.status == 64 && blank.standardError.hasPrefix("Error: the query is empty or white space alone"))
        let japanese = try CLIRunner.run(["search", CLIRunner.book("rashomon.txt"), "下人", "--whole-words"])
        #expect(japanese.standardOutput.split(separator: "\n").count == 45)
    }

    @Test("bench --search: DocumentSearch and Foundation find the same matches, both timed")
    func bench() throws {
        let result = try CLIRunner.run([
            "bench", "--search", "cheshire", "--book", Self.book, "--repetitions", "1",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(" MB: 7 matches in "), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("with the same options: 7 matches in "), "\(result.standardOutput)")
    }

    @Test("serve: search page by page gives the command's matches, then next is null")
    func serve() throws {
        let server = try ServeProcess()
        let book =
            (try server.request(1, "open", ["path": Self.book])["result"] as? [String: Any])?["book"] as? Int ?? 0
        var matches: [[String: Any]] = []
        var from: Any? = nil
        var id = 2
        repeat {
            var params: [String: Any] = ["book": book, "query": "cheshire", "limit": 3]
            if let from { params["from"] = from }
            let answer = try #require(try server.request(id, "search", params)["result"] as? [String: Any])
            matches += answer["matches"] as? [[String: Any]] ?? []
            from = answer["next"] is NSNull ? nil : answer["next"]
            id += 1
        } while from != nil && id < 10
        let command = try objects(
            try CLIRunner.run(["search", Self.book, "cheshire", "--format", "jsonl"]).standardOutput)
        #expect(matches.map { $0 as NSDictionary } == command.dropLast().map { $0 as NSDictionary })
        let error = try server.request(id, "search", ["book": book, "query": ""])
        #expect((error["error"] as? [String: Any])?["code"] as? Int == -32602)
        #expect(try server.finish() == 0)
    }

    @Test("terminal reader: / finds a text ignoring case and diacritics, and wraps around")
    func reader() throws {
        let path = try CLIRunner.temporaryFile(Array("A café by the sea.\n\nThe sea was calm.\n".utf8))
        let run = try InteractiveReaderRun(book: path, arguments: ["--granularity", "word"])
        let tmux = run.session
        try tmux.send("/")
        try tmux.type("CAFE")
        try tmux.send("Enter")
        #expect(tmux.waitForText("Found: CAFE"), "\(tmux.dump)")
        #expect(tmux.waitForCursor(on: "café"), "\(tmux.dump)")
        try tmux.send("/")
        try tmux.type("sea")
        try tmux.send("Enter")
        #expect(
            tmux.waitUntil { try tmux.cursor().y == 0 && tmux.textAtCursor().hasPrefix("sea.") }, "\(tmux.dump)")
        try tmux.send("/")
        try tmux.send("Enter")
        #expect(tmux.waitForCursor(on: "sea was"), "the next one: \(tmux.dump)")
        try tmux.send("/")
        try tmux.send("Enter")
        #expect(
            tmux.waitUntil { try tmux.cursor().y == 0 && tmux.textAtCursor().hasPrefix("sea.") },
            "around to the first: \(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }
}

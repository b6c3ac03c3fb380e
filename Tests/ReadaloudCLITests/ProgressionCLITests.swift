import Foundation
import Testing

/// How far through the book, from every front end: the `start` event's `positions`, the
/// locators' `totalProgression` and `position`, serve's `open` and `locator`, and the terminal
/// reader's status line and `g 50%`.
@Suite("Front ends: progression and positions", .tags(.process))
struct ProgressionCLITests {
    private func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("read-all: positions in the start event; locators' progression grows from 0 and passes 0.5 mid-book")
    func readAll() throws {
        let result = try CLIRunner.run([
            "Books/alice-in-wonderland.txt", "--format", "jsonl", "--granularity", "paragraph",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let events = try objects(result.standardOutput)
        let positions = try #require(events.first?["positions"] as? Int)
        // The book's UTF-16 length, counted here, in positions of 1024 units.
        let text = try String(
            contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("Books/alice-in-wonderland.txt"),
            encoding: .utf8)
        #expect(abs(positions - text.utf16.count / 1024) <= 3, "\(positions) positions")
        let locators = events.compactMap { $0["locator"] as? [String: Any] }
        let progressions = locators.compactMap { $0["totalProgression"] as? Double }
        let numbers = locators.compactMap { $0["position"] as? Int }
        #expect(progressions.count == locators.count && numbers.count == locators.count)
        #expect(progressions.first == 0 && numbers.first == 1)
        #expect(zip(progressions, progressions.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 <= $1 })
        #expect((progressions.last ?? 0) > 0.99 && (progressions.last ?? 1) < 1)
        #expect(numbers.last == positions)
        // The utterance at the middle of the book: half of the book's paragraphs' text before it.
        let middle = try #require(progressions.firstIndex { $0 >= 0.5 })
        #expect(progressions[middle] - 0.5 < 0.01)
        #expect(numbers[middle] == Int(Double(positions) * 0.5) + 1 || numbers[middle] == Int(Double(positions) * 0.5))
    }

    @Test("serve: open tells the positions, locator the progression")
    func serve() throws {
        let server = try ServeProcess()
        let opened = try server.request(1, "open", ["path": "Books/udhr-arabic.txt"])["result"] as? [String: Any] ?? [:]
        let positions = try #require(opened["positions"] as? Int)
        #expect(positions >= 8)
        let elements = try #require(opened["elements"] as? Int)
        let book = opened["book"] as? Int ?? 0
        func locator(_ id: Int, _ element: Int, _ offset: Int) throws -> [String: Any]? {
            try server.request(id, "locator", ["book": book, "element": element, "offset": offset])["result"]
                as? [String: Any]
        }
        let start = try locator(2, 0, 0)
        #expect(start?["totalProgression"] as? Double == 0 && start?["position"] as? Int == 1)
        // The last element's end: its length is its text's.
        let last =
            try server.request(3, "element", ["book": book, "element": elements - 1])["result"] as? [String: Any]
        let length = (last?["text"] as? String)?.utf16.count ?? 0
        let end = try locator(4, elements - 1, length)
        #expect(
            end?["totalProgression"] as? Double == 1 && end?["position"] as? Int == positions,
            "\(String(describing: end))")
        #expect(try server.finish() == 0)
    }

    @Test("terminal reader: the status line says how far, and g 50% goes half way")
    func reader() throws {
        let run = try InteractiveReaderRun(
            book: CLIRunner.repositoryRoot.appendingPathComponent("Books/alice-in-wonderland.txt").path)
        let tmux = run.session
        #expect(tmux.waitUntil { try tmux.statusLine().contains("  0%  ") }, "\(tmux.dump)")
        try tmux.send("g")
        #expect(tmux.waitForText("or 0% to 100%"), "\(tmux.dump)")
        try tmux.type("50%")
        try tmux.send("Enter")
        #expect(tmux.waitForText("50%, Page "), "\(tmux.dump)")
        #expect(try tmux.statusLine().contains("  50%  "), "\(tmux.dump)")
        try tmux.send("g")
        try tmux.type("150%")
        try tmux.send("Enter")
        #expect(tmux.waitForText("There is no place '150%'"), "\(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }
}

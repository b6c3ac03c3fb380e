import Foundation
import Testing

/// Chapters and timers from every front end: `--chapter`, `--chapter-end` and `--sleep`,
/// serve's `chapters` and readAll's stops, and the terminal reader's `]`, `[`, `e`, `t`, `p`.
@Suite("Front ends: chapters, the chapter's end, the sleep timer", .tags(.process))
struct ChapterCLITests {
    static let book = CLIRunner.book("alice-in-wonderland.txt")

    private func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    private func texts(_ events: [[String: Any]]) -> [String] {
        events.filter { $0["type"] as? String == "utterance" }.compactMap { $0["text"] as? String }
    }

    @Test("--chapter N --chapter-end reads chapter N alone; --sleep stops at a sentence's end with a locator")
    func command() throws {
        let chapter = try CLIRunner.run([
            Self.book, "--chapter", "2", "--chapter-end", "--format", "jsonl", "--granularity", "paragraph",
        ])
        #expect(chapter.status == 0, "\(chapter.standardError)")
        let events = try objects(chapter.standardOutput)
        let read = texts(events)
        #expect(read.prefix(2) == ["CHAPTER II.", "The Pool of Tears"])
        #expect(!read.contains("CHAPTER III.") && read.count > 20)
        #expect(read.last?.hasPrefix("It was high time to go") == true)
        #expect(events.last?["type"] as? String == "end")

        let slept = try CLIRunner.run([Self.book, "--chapter", "3", "--sleep", "0", "--format", "jsonl"])
        #expect(slept.status == 0, "\(slept.standardError)")
        let sleptEvents = try objects(slept.standardOutput)
        #expect(texts(sleptEvents) == ["CHAPTER III."])
        let stopped = try #require(sleptEvents.last)
        #expect(stopped["type"] as? String == "stopped")
        #expect((stopped["locator"] as? [String: Any])?["after"] as? String == "A Caucus-Race and a Long Tale")

        let past = try CLIRunner.run([Self.book, "--chapter", "13"])
        #expect(past.status == 65 && past.standardError.contains("the book has 12"))
        let both = try CLIRunner.run([Self.book, "--chapter", "2", "--page", "3"])
        #expect(both.status == 64)
    }

    @Test("serve: chapters, readAll from a chapter to its end, pausing after each, the sleep timer's event")
    func serve() throws {
        let server = try ServeProcess()
        let book =
            (try server.request(1, "open", ["path": Self.book])["result"] as? [String: Any])?["book"] as? Int ?? 0
        let chapters = try #require(try server.request(2, "chapters", ["book": book])["result"] as? [[String: Any]])
        #expect(chapters.count == 12)
        #expect(chapters.first?["title"] as? String == "CHAPTER I.: Down the Rabbit-Hole")
        #expect(chapters.first?["element"] as? Int == 17 && chapters.first?["page"] as? Int == 2)

        func readToTheEnd(_ id: Int, _ params: [String: Any]) throws -> [[String: Any]] {
            var events: [[String: Any]] = []
            _ = try server.request(id, "readAll", params, events: &events)
            while !["end", "sleepTimerEnded"].contains(events.last?["type"] as? String ?? "") {
                let object = try server.nextObject()
                if object["method"] as? String == "event" { events.append(object["params"] as? [String: Any] ?? [:]) }
            }
            return events
        }
        let twelve = try readToTheEnd(
            3, ["book": book, "chapter": 12, "chapterEnd": true, "granularity": "paragraph"])
        #expect(texts(twelve).first == "CHAPTER XII." && texts(twelve).last == "THE END")
        let slept = try readToTheEnd(4, ["book": book, "chapter": 3, "sleepMinutes": 0.000_01])
        #expect(texts(slept) == ["CHAPTER III."])
        #expect((slept.last?["locator"] as? [String: Any])?["element"] as? Int == 84)

        var events: [[String: Any]] = []
        let session =
            (try server.request(5, "readAll", ["book": book, "chapter": 1, "pauseAfterEach": true], events: &events)[
                "result"] as? [String: Any])?["session"] as? Int ?? 0
        while texts(events).isEmpty {
            let object = try server.nextObject()
            if object["method"] as? String == "event" { events.append(object["params"] as? [String: Any] ?? [:]) }
        }
        // Paused after the first utterance: nothing more comes before the answer to a request.
        _ = try server.request(6, "chapters", ["book": book], events: &events)
        #expect(texts(events) == ["CHAPTER I."])
        _ = try server.request(7, "resume", ["session": session], events: &events)
        while texts(events).count < 2 {
            let object = try server.nextObject()
            if object["method"] as? String == "event" { events.append(object["params"] as? [String: Any] ?? [:]) }
        }
        _ = try server.request(8, "chapters", ["book": book], events: &events)
        #expect(texts(events) == ["CHAPTER I.", "Down the Rabbit-Hole"])
        let bad = try server.request(9, "readAll", ["book": book, "chapter": 40])
        #expect((bad["error"] as? [String: Any])?["code"] as? Int == -32602)
        #expect(try server.finish() == 0)
    }

    @Test("terminal reader: ] and [ move by chapter, e t p set the stops, p pauses after a unit")
    func reader() throws {
        let run = try InteractiveReaderRun(book: Self.book, arguments: ["--granularity", "paragraph"])
        let tmux = run.session
        try tmux.send("]")
        #expect(tmux.waitForText("Chapter 1 of 12: CHAPTER I."), "\(tmux.dump)")
        #expect(tmux.waitForCursor(on: "CHAPTER I."), "\(tmux.dump)")
        try tmux.send("]")
        #expect(tmux.waitForCursor(on: "CHAPTER II."), "\(tmux.dump)")
        try tmux.send("Down")
        try tmux.send("[")
        #expect(tmux.waitForCursor(on: "CHAPTER II."), "back to this chapter's start: \(tmux.dump)")
        try tmux.send("[")
        #expect(tmux.waitForCursor(on: "CHAPTER I."), "\(tmux.dump)")
        try tmux.send("t")
        #expect(tmux.waitForText("Sleep timer: 15 min"), "\(tmux.dump)")
        try tmux.send("e")
        #expect(tmux.waitForText("Stop at chapter end: on"), "\(tmux.dump)")
        try tmux.send("p")
        #expect(tmux.waitForText("Pause after each: on"), "\(tmux.dump)")
        try tmux.send("Space")
        #expect(tmux.waitUntil { try tmux.statusLine().contains("(paused)") }, "\(tmux.dump)")
        #expect(try tmux.textAtCursor().hasPrefix("CHAPTER I."), "one unit, then paused: \(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }
}

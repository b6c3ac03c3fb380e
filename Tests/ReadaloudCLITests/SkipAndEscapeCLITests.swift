import Foundation
import Testing

/// Skipping and escaping structures from every front end: `--skip` and the utterances'
/// `structures` field, serve's `skip` and `escape`, and the terminal reader's `x` key.
@Suite("Front ends: skipping and escaping structures", .tags(.process))
struct SkipAndEscapeCLITests {
    /// A Gutenberg-style book: a footnote block and an illustration block between paragraphs.
    static let book = """
        Before the note.

        [Footnote 1: The note's own text.]

        After the note.

        [Illustration: A map of the island.]

        The end.

        """

    private func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    private func utterances(_ arguments: [String]) throws -> [[String: Any]] {
        let path = try CLIRunner.temporaryFile(Array(Self.book.utf8))
        let result = try CLIRunner.run([path, "--format", "jsonl", "--granularity", "paragraph"] + arguments)
        #expect(result.status == 0, "\(result.standardError)")
        return try objects(result.standardOutput).filter { $0["type"] as? String == "utterance" }
    }

    private func texts(_ utterances: [[String: Any]]) -> [String] {
        utterances.compactMap { $0["text"] as? String }.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test("--skip: notes by default, none, a list; utterances name their structures")
    func skipOption() throws {
        #expect(
            texts(try utterances([]))
                == ["Before the note.", "After the note.", "[Illustration: A map of the island.]", "The end."])
        let everything = try utterances(["--skip", "none"])
        #expect(texts(everything).count == 5)
        let kinds = everything.map { utterance in
            ((utterance["structures"] as? [[String: Any]]) ?? []).compactMap { $0["kind"] as? String }
        }
        #expect(kinds == [[], ["note"], [], ["figure"], []])
        #expect(
            texts(try utterances(["--skip", "figures,notes"]))
                == ["Before the note.", "After the note.", "The end."])
        #expect(texts(try utterances(["--skip", "all"])) == ["Before the note.", "After the note.", "The end."])
    }

    @Test("--skip with a kind it does not know is a usage error naming the kinds")
    func unknownKind() throws {
        let path = try CLIRunner.temporaryFile(Array(Self.book.utf8))
        let result = try CLIRunner.run([path, "--skip", "note,pictures"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--skip"), "\(result.standardError)")
        #expect(result.standardError.contains("pagebreak"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("an EPUB's notes (Children's Literature's annotations) are passed by unless --skip none")
    func epubNotes() throws {
        let book = EPUBCLITests.epub("idpf-childrens-literature.epub")
        func noteUtterances(_ arguments: [String]) throws -> Int {
            let result = try CLIRunner.run([book, "--format", "jsonl", "--granularity", "paragraph"] + arguments)
            #expect(result.status == 0, "\(result.standardError)")
            return try objects(result.standardOutput).filter { object in
                ((object["structures"] as? [[String: Any]]) ?? []).contains { $0["kind"] as? String == "note" }
            }.count
        }
        #expect(try noteUtterances([]) == 0)
        #expect(try noteUtterances(["--skip", "none"]) == 3)
    }

    // MARK: serve

    private func result(_ response: [String: Any]) -> [String: Any] {
        response["result"] as? [String: Any] ?? [:]
    }

    private func errorMessage(_ response: [String: Any]) -> String? {
        (response["error"] as? [String: Any])?["message"] as? String
    }

    /// Reads the notifications after the last answer up to the session's end event.
    private func eventsToTheEnd(_ server: ServeProcess, into events: inout [[String: Any]]) throws {
        while events.last?["type"] as? String != "end" {
            let object = try server.nextObject()
            if object["method"] as? String == "event" { events.append(object["params"] as? [String: Any] ?? [:]) }
        }
    }

    @Test("serve: readAll's skip, checked; escape leaves a long note mid-way and reading goes on after it")
    func serveSkipAndEscape() throws {
        // A note far longer than the server's output queue holds, so that the escape comes
        // while the note is being read, whoever is faster.
        let words = (1...20_000).map { "word\($0)" }.joined(separator: " ")
        let path = try CLIRunner.temporaryFile(
            Array("Before the note.\n\n[Footnote 1: \(words)]\n\nAfter the note.\n".utf8))
        let server = try ServeProcess()
        let book = result(try server.request(1, "open", ["path": path]))["book"] as? Int ?? 0

        let notAList = try server.request(2, "readAll", ["book": book, "skip": "notes"])
        #expect(errorMessage(notAList)?.contains("array of kinds") == true, "\(notAList)")
        let unknown = try server.request(3, "readAll", ["book": book, "skip": ["note", "pictures"]])
        #expect(errorMessage(unknown)?.contains("pictures") == true, "\(unknown)")

        // By default the note is passed by.
        var events: [[String: Any]] = []
        let quick = result(try server.request(4, "readAll", ["book": book], events: &events))["session"] as? Int
        try eventsToTheEnd(server, into: &events)
        let sentences = events.filter { $0["type"] as? String == "utterance" }.compactMap { $0["text"] as? String }
        #expect(
            sentences.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } == [
                "Before the note.", "After the note.",
            ])
        let finished = try server.request(5, "escape", ["session": quick ?? 0])
        #expect(result(finished)["escaped"] as? Bool == false, "\(finished)")

        // Read from inside the note, word by word, and escape from it.
        events = []
        let session =
            result(
                try server.request(
                    6, "readAll",
                    [
                        "book": book, "granularity": "word",
                        "from": ["type": "readaloud.locator", "version": 1, "element": 1, "offset": 20],
                    ], events: &events))[
                "session"] as? Int ?? 0
        let escaped = try server.request(7, "escape", ["session": session], events: &events)
        #expect(result(escaped)["escaped"] as? Bool == true, "\(escaped)")
        #expect(result(escaped)["kind"] as? String == "note")
        try eventsToTheEnd(server, into: &events)
        let utterances = events.filter { $0["type"] as? String == "utterance" }
        let inNote = utterances.prefix { $0["element"] as? Int == 1 }
        print("serve escape: \(inNote.count) of the note's 20000 words were read before it was left")
        #expect(inNote.count < 19_000, "the escape came after \(inNote.count) words of the note")
        #expect(inNote.allSatisfy { ($0["structures"] as? [[String: Any]])?.first?["kind"] as? String == "note" })
        #expect(utterances.dropFirst(inNote.count).compactMap { $0["text"] as? String } == ["After", "the", "note"])
        #expect(try server.finish() == 0)
    }

    // MARK: terminal reader

    @Test("terminal reader: x leaves the note at the cursor, and the note being read, reading on after it")
    func readerEscape() throws {
        let run = try InteractiveReaderRun(
            book: try CLIRunner.temporaryFile(Array(Self.book.utf8)), arguments: ["--granularity", "paragraph"],
            pace: 10_000)
        let tmux = run.session
        #expect(tmux.waitForText("paragraph"), "\(tmux.dump)")
        try tmux.send("x")
        #expect(tmux.waitForText("Not in a table, list, note"), "\(tmux.dump)")
        try tmux.send("Down")
        #expect(tmux.waitForCursor(on: "[Footnote"), "\(tmux.dump)")
        try tmux.send("x")
        #expect(tmux.waitForText("Left note"), "\(tmux.dump)")
        #expect(tmux.waitForCursor(on: "After the note"), "\(tmux.dump)")

        // Reading all from the note (read, as reading starts in it) and leaving it.
        try tmux.send("Up")
        #expect(tmux.waitForCursor(on: "[Footnote"), "\(tmux.dump)")
        try tmux.send("Space")
        #expect(tmux.waitForText("(reading)"), "\(tmux.dump)")
        try tmux.send("x")
        // Well before the note's ten seconds are up.
        #expect(tmux.waitForCursor(on: "After the note", seconds: 5), "\(tmux.dump)")
        #expect(try tmux.statusLine().contains("(reading)"), "read-all goes on: \(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }
}

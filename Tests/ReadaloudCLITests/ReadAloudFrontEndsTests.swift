import Foundation
import Testing

/// One player behind every front end: the same EPUB book (with print pages) read by the CLI
/// (`--format jsonl`), by serve's `readAll` and by the terminal reader (in tmux, its
/// `--transcript`) gives the same utterances and announcements, print pages included.
@Suite(.tags(.process)) struct ReadAloudFrontEndsTests {
    static let book = "Tests/Fixtures/epub/idpf-childrens-literature.epub"

    /// The CLI's JSON Lines events for the book, by paragraph, with `options`.
    static func cliEvents(_ options: [String] = []) throws -> [NSDictionary] {
        let result = try CLIRunner.run([book, "--format", "jsonl", "--granularity", "paragraph"] + options)
        #expect(result.status == 0, "\(result.standardError)")
        return events(in: result.standardOutput)
    }

    /// The JSON objects of JSON Lines `text`, a last line cut short left out.
    static func events(in text: String) -> [NSDictionary] {
        text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary
        }
    }

    @Test func theCLIAndServesReadAllGiveTheSameEventsPrintPagesIncluded() throws {
        let expected = try Self.cliEvents()
        let printPages = expected.filter { $0["type"] as? String == "printPage" }
        #expect(printPages.count > 50, "the book's page-break markers are announced")
        let server = try ServeProcess()
        let opened = try server.request(1, "open", ["path": Self.book])
        let book = (opened["result"] as? [String: Any])?["book"] as? Int
        var events: [[String: Any]] = []
        _ = try server.request(2, "readAll", ["book": book ?? 0, "granularity": "paragraph"], events: &events)
        while events.last?["type"] as? String != "end" {
            let object = try server.nextObject()
            if object["method"] as? String == "event" { events.append(object["params"] as? [String: Any] ?? [:]) }
        }
        let received = events.map { event -> NSDictionary in
            var event = event
            event["session"] = nil
            return event as NSDictionary
        }
        #expect(received.count == expected.count)
        #expect(received == expected)
        #expect(try server.finish() == 0)
    }

    @Test func theTerminalReaderReadsWhatTheCLIReadsAtItsLayout() throws {
        // An 80×24 terminal lays pages out 76 cells wide (less the margins), 23 lines a page.
        let expected = try Self.cliEvents(["--width", "76", "--lines-per-page", "23"]).filter {
            $0["type"] as? String != "start"
        }
        let transcript = try CLIRunner.temporaryDirectory().appendingPathComponent("transcript.jsonl")
        let run = try InteractiveReaderRun(
            book: CLIRunner.repositoryRoot.appendingPathComponent(Self.book).path,
            arguments: ["--granularity", "paragraph", "--transcript", transcript.path], pace: 50)
        let tmux = run.session
        #expect(tmux.waitForText("paragraph"), "\(tmux.dump)")
        try tmux.send("Space")
        var received: [NSDictionary] = []
        func kinds(_ kind: String) -> Int { received.filter { $0["type"] as? String == kind }.count }
        tmux.waitUntil(seconds: 90) {
            received = Self.events(in: (try? String(contentsOf: transcript, encoding: .utf8)) ?? "")
            return received.count >= 120 && kinds("printPage") >= 3 && kinds("pageTurn") >= 2
        }
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
        received = Self.events(in: try String(contentsOf: transcript, encoding: .utf8))
        #expect(received.count >= 120 && kinds("printPage") >= 3 && kinds("pageTurn") >= 2, "\(received.count)")
        #expect(received.count <= expected.count)
        #expect(received == Array(expected.prefix(received.count)))
    }
}

import Foundation
import Testing

/// One player behind every front end: the same EPUB book (with print pages) read by the CLI
/// (`--format jsonl`), by serve's `readAll` and by the terminal reader (in tmux) gives the same
/// utterances and announcements, print pages included.
@Suite(.tags(.process)) struct ReadAloudFrontEndsTests {
    static let book = "Tests/Fixtures/epub/idpf-childrens-literature.epub"

    /// The CLI's JSON Lines events for the book, by paragraph.
    static func cliEvents() throws -> [NSDictionary] {
        let result = try CLIRunner.run([book, "--format", "jsonl", "--granularity", "paragraph"])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").compactMap {
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

    @Test func theTerminalReaderAnnouncesThePrintPagesTheCLIDoes() throws {
        // The CLI's first print pages, in order ("Page 169", ...): the reader's pages differ
        // (its layout is the terminal's), its print pages do not.
        let expected = try Self.cliEvents().compactMap { $0["label"] as? String }.prefix(3).map { "Page \($0)" }
        #expect(expected.count == 3)
        let run = try InteractiveReaderRun(
            book: CLIRunner.repositoryRoot.appendingPathComponent(Self.book).path,
            arguments: ["--granularity", "paragraph"], pace: 50)
        let tmux = run.session
        #expect(tmux.waitForText("paragraph"), "\(tmux.dump)")
        try tmux.send("Space")
        // Print pages and page turns are high-priority announcements: the status line shows
        // each in turn, none dropped.
        var shown: [String] = []
        tmux.waitUntil(seconds: 60) {
            let status = try tmux.statusLine()
            if let range = status.range(of: "  — ") {
                let announcement = String(status[range.upperBound...]).trimmingCharacters(in: .whitespaces)
                if announcement.hasPrefix("Page "), !announcement.contains(" of "), shown.last != announcement {
                    shown.append(announcement)
                }
            }
            return shown.count >= expected.count
        }
        #expect(Array(shown.prefix(expected.count)) == expected, "\(shown)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }
}

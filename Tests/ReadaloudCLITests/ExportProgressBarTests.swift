import Foundation
import Testing

/// `readaloud export` on a real terminal (tmux): its progress is one bar redrawn in place,
/// with the percentage, the chapters done, the time elapsed and the time left.
@Suite(
    .tags(.process), .enabled(if: TmuxSession.executable != nil, Comment(rawValue: TmuxSession.missingReason)))
struct ExportProgressBarTests {
    @Test(.needsSpeechEngine) func aTerminalGetsOneBarRedrawnInPlace() throws {
        let (book, directory) = try ExportTests.tinyBook()
        let out = directory.appendingPathComponent("bar.srt")
        let tmux = try TmuxSession(
            "'\(CLIRunner.executable.path)' export '\(book)' --to '\(out.path)' --jobs 1; echo EXIT=$?; sleep 30",
            columns: 100, rows: 20)
        defer { tmux.close() }
        #expect(tmux.waitForText("EXIT=0", seconds: 60), "\(tmux.dump)")
        let bars = try tmux.screen().filter { $0.contains(" chapters ") }
        // Three chapters finished, one bar: each report went back to the line's start.
        #expect(bars.count == 1, "\(bars)")
        let bar = try #require(bars.first)
        #expect(bar.hasPrefix("[" + String(repeating: "#", count: 30) + "] 100% 3/3 chapters "), "\(bar)")
        #expect(bar.contains(" elapsed, ~0:00 left"), "\(bar)")
        #expect(FileManager.default.fileExists(atPath: out.path))
    }
}

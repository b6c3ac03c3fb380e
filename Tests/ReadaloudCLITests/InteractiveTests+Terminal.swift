import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal around the reader: a resize, text size and contrast keep the current unit, and
/// quitting, a signal or a crash restores the terminal settings.
extension InteractiveTests {
    @Test func resizeTextSizeAndContrastKeepTheCurrentUnit() throws {
        let words = (1...400).map { String(format: "w%03d", $0) }.joined(separator: " ")
        let book = try Self.book(words + "\n")
        let run = try InteractiveReaderRun(
            book: book, arguments: ["--granularity", "word", "--from", try Self.locator(ofWord: "w150", in: book)])
        let tmux = run.session
        #expect(tmux.waitForCursor(on: "w150"), "--from opens at the locator: \(tmux.dump)")
        let wide = try tmux.cursor()

        try tmux.resize(columns: 50, rows: 20)
        #expect(
            tmux.waitUntil { try tmux.cursor() != wide && tmux.textAtCursor().hasPrefix("w150") },
            "after a resize: \(tmux.dump)")
        let narrow = try tmux.cursor()

        try tmux.send("+")
        #expect(tmux.waitForText("Text size 125%"), "\(tmux.dump)")
        #expect(tmux.waitUntil { try tmux.cursor() != narrow && tmux.textAtCursor().hasPrefix("w150") }, "\(tmux.dump)")
        // 46 columns at 125%: lines of at most 36 cells.
        #expect(try tmux.screen().dropLast(2).allSatisfy { $0.count <= 2 + 36 }, "\(tmux.dump)")
        try tmux.send("-")
        #expect(tmux.waitForText("Text size 100%"), "\(tmux.dump)")
        #expect(tmux.waitUntil { try tmux.cursor() == narrow }, "\(tmux.dump)")

        try tmux.send("c")
        #expect(tmux.waitForText("High contrast on"), "\(tmux.dump)")
        #expect(try tmux.cursor() == narrow)
        #expect(try tmux.textAtCursor().hasPrefix("w150"))
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }

    @Test func theStatusLineNamesAnEPUBByItsTitle() throws {
        let book = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/epub/idpf-childrens-literature.epub")
        let run = try InteractiveReaderRun(book: book.path)
        #expect(run.session.waitForText("Children's Literature"), "\(run.session.dump)")
        try run.session.send("q")
        #expect(run.waitForExit() == 0)
    }

    @Test(arguments: [("q", 0), ("C-c", 130)])
    func quittingRestoresTheTerminalSettings(key: String, status: Int) throws {
        let run = try InteractiveReaderRun(book: try Self.book(Self.chapters))
        #expect(run.session.waitForText("Page 1 of 1"), "\(run.session.dump)")
        try run.session.send(key)
        #expect(run.waitForExit() == status, "\(run.session.dump)")
        let settings = try run.terminalSettings()
        #expect(!settings.before.isEmpty)
        #expect(settings.before == settings.after)
        // The alternate screen is left: the reader's page is gone from the pane.
        #expect(try !run.session.screen().contains { $0.contains("Chapter One") })
    }

    @Test(arguments: [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 130)])
    func aSignalRestoresTheTerminalSettings(signal: Int32, status: Int) throws {
        let run = try InteractiveReaderRun(book: try Self.book(Self.chapters))
        #expect(run.session.waitForText("Page 1 of 1"), "\(run.session.dump)")
        kill(try run.pid(), signal)
        #expect(run.waitForExit() == status, "\(run.session.dump)")
        let settings = try run.terminalSettings()
        #expect(settings.before == settings.after)
    }

    /// SIGSEGV stands for a crash: the terminal is restored before the process dies. The
    /// status is 139 (the signal), or 1 under AddressSanitizer, which reports the crash itself.
    @Test func aCrashRestoresTheTerminalSettings() throws {
        let run = try InteractiveReaderRun(book: try Self.book(Self.chapters))
        #expect(run.session.waitForText("Page 1 of 1"), "\(run.session.dump)")
        kill(try run.pid(), SIGSEGV)
        let status = run.waitForExit()
        #expect(status == 139 || status == 1, "\(run.session.dump)")
        let settings = try run.terminalSettings()
        #expect(settings.before == settings.after)
    }
}

import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `readaloud BOOK -i` in a real terminal (tmux): keys in, screen and cursor out.
@Suite(
    .enabled(if: TmuxSession.executable != nil, Comment(rawValue: TmuxSession.missingReason)),
    .tags(.process, .timing))
struct InteractiveTests {
    /// Two chapters: headings, sentences, lines and paragraphs to move by.
    static let chapters = """
        # Chapter One

        The quick brown fox jumps over the lazy dog. It was a sunny day in the wood.

        A second paragraph begins here. It has two sentences.

        # Chapter Two

        Last words of the book.

        """

    static func book(_ text: String) throws -> String {
        try CLIRunner.temporaryFile(Array(text.utf8))
    }

    @Test func movingByEachGranularityLandsTheCursorOnTheExpectedText() throws {
        let run = try InteractiveReaderRun(
            book: try Self.book(Self.chapters), arguments: ["--granularity", "character"])
        let tmux = run.session
        #expect(tmux.waitForText("Page 1 of 1  character  book"), "\(tmux.dump)")
        #expect(try tmux.cursor() == (2, 0))
        #expect(try tmux.textAtCursor().hasPrefix("Chapter One"))

        try tmux.send("Right")
        #expect(tmux.waitUntil { try tmux.cursor() == (3, 0) }, "character: \(tmux.dump)")
        #expect(try tmux.textAtCursor().hasPrefix("hapter"))
        try tmux.send("End")
        #expect(tmux.waitUntil { try tmux.cursor() == (12, 0) }, "End: the line's last character: \(tmux.dump)")
        #expect(try tmux.textAtCursor() == "e")
        try tmux.send("Home")
        #expect(tmux.waitUntil { try tmux.cursor() == (2, 0) }, "Home: \(tmux.dump)")

        try tmux.send("Tab")
        #expect(tmux.waitForText("Page 1 of 1  word  book"), "the rotor names the unit: \(tmux.dump)")
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "One"), "word: \(tmux.dump)")
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "The quick"), "word, into the next paragraph: \(tmux.dump)")
        #expect(try tmux.cursor() == (2, 2))

        try tmux.send("Tab")
        #expect(tmux.waitForText("Page 1 of 1  sentence  book"))
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "It was a sunny day"), "sentence: \(tmux.dump)")
        try tmux.send("Left")
        #expect(tmux.waitForCursor(on: "The quick brown"), "previous sentence: \(tmux.dump)")

        try tmux.send("Tab")
        #expect(tmux.waitForText("Page 1 of 1  line  book"))
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "A second paragraph"), "line: \(tmux.dump)")

        try tmux.send("Tab")
        #expect(tmux.waitForText("Page 1 of 1  paragraph  book"))
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "Chapter Two"), "paragraph: \(tmux.dump)")
        try tmux.send("Up")
        #expect(tmux.waitForCursor(on: "A second paragraph"), "Up: the previous line: \(tmux.dump)")

        try tmux.send("Tab")
        #expect(tmux.waitForText("Page 1 of 1  heading  book"))
        try tmux.send("Left")
        #expect(tmux.waitForCursor(on: "Chapter One"), "previous heading: \(tmux.dump)")
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "Chapter Two"), "next heading: \(tmux.dump)")
        #expect(try tmux.cursor() == (2, 6))

        try tmux.send("Tab")
        #expect(tmux.waitForText("Page 1 of 1  page  book"))
        try tmux.send("Right")
        #expect(tmux.waitForText("End of book"), "one page only: \(tmux.dump)")
        try tmux.send("BTab")
        #expect(tmux.waitForText("Page 1 of 1  heading  book"), "Shift-Tab turns the rotor back: \(tmux.dump)")

        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }

    @Test func pagesTurnAtTheLastUnit() throws {
        let paragraphs = (1...10).map { "Paragraph \($0) has a few words." }.joined(separator: "\n\n")
        let run = try InteractiveReaderRun(
            book: try Self.book(paragraphs), arguments: ["--granularity", "paragraph"], columns: 60, rows: 8)
        let tmux = run.session
        #expect(tmux.waitForText("Page 1 of 3  paragraph"), "\(tmux.dump)")
        try tmux.send("Right", "Right", "Right")
        #expect(tmux.waitForCursor(on: "Paragraph 4"), "\(tmux.dump)")
        #expect(try tmux.cursor() == (2, 6))
        #expect(try tmux.statusLine().hasPrefix("Page 1 of 3"))

        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "Paragraph 5"), "the page turns: \(tmux.dump)")
        #expect(try tmux.cursor() == (2, 0))
        #expect(try tmux.statusLine().hasPrefix("Page 2 of 3"))
        try tmux.send("Left")
        #expect(tmux.waitForCursor(on: "Paragraph 4"), "and back: \(tmux.dump)")
        #expect(try tmux.statusLine().hasPrefix("Page 1 of 3"))

        try tmux.send("PPage")
        #expect(tmux.waitForText("First page"), "\(tmux.dump)")
        try tmux.send("NPage", "NPage")
        #expect(tmux.waitForCursor(on: "Paragraph 9"), "\(tmux.dump)")
        #expect(try tmux.statusLine().hasPrefix("Page 3 of 3"))
        // PgDn announces the page; a high-priority announcement waits for the one before it.
        #expect(tmux.waitUntil { try tmux.statusLine().contains("— Page 3 of 3") }, "\(tmux.dump)")

        try tmux.send("g")
        #expect(tmux.waitForText("Go to page (1 to 3):"))
        try tmux.type("2")
        try tmux.send("Enter")
        #expect(tmux.waitForCursor(on: "Paragraph 5"), "go to page 2: \(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }

    @Test func selectionExtendsAndShrinks() throws {
        let run = try InteractiveReaderRun(book: try Self.book(Self.chapters), arguments: ["--granularity", "word"])
        let tmux = run.session
        try tmux.send("Down")
        #expect(tmux.waitForCursor(on: "The quick"), "\(tmux.dump)")
        try tmux.send("S-Right")
        #expect(tmux.waitForText("Selected: The"), "\(tmux.dump)")
        #expect(try tmux.underlinedText() == ["The"])
        try tmux.send("S-Right")
        #expect(tmux.waitForText("Selected: The quick"), "\(tmux.dump)")
        try tmux.send("S-Right")
        #expect(tmux.waitForText("Selected: The quick brown"), "\(tmux.dump)")
        #expect(try tmux.underlinedText() == ["The quick brown"])
        try tmux.send("S-Left")
        #expect(tmux.waitUntil { try tmux.underlinedText() == ["The quick"] }, "shrinks: \(tmux.dump)")
        #expect(try tmux.statusLine().contains("Selected: The quick"))
        // The current unit is still the cursor's: selection and cursor are apart.
        #expect(try tmux.cursor() == (2, 2))

        try tmux.send("Escape")
        #expect(tmux.waitForText("Selection cleared"), "\(tmux.dump)")
        #expect(try tmux.underlinedText().isEmpty)
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }

    @Test func anActionIsFoundByAUserInputLabelAndSavedSelectionsAreListed() throws {
        let book = try Self.book(Self.chapters)
        let store = try InteractiveReaderRun.newStore()
        let run = try InteractiveReaderRun(book: book, arguments: ["--granularity", "word"], store: store)
        let tmux = run.session
        try tmux.send("Down", "S-Right", "S-Right")
        #expect(tmux.waitForText("Selected: The quick"), "\(tmux.dump)")
        try tmux.send("a")
        #expect(tmux.waitForText("Actions"), "\(tmux.dump)")
        #expect(tmux.waitForText("Copy"))
        try tmux.type("keep")
        #expect(tmux.waitUntil { try !tmux.screen().contains { $0.contains("Copy") } }, "filtered: \(tmux.dump)")
        #expect(tmux.waitForText("> Save selection"), "'keep' finds Save selection: \(tmux.dump)")
        try tmux.send("BSpace", "BSpace", "BSpace", "BSpace")
        try tmux.type("book")
        #expect(tmux.waitForText("> Save selection"), "'book' (bookmark) too: \(tmux.dump)")
        try tmux.send("Enter")
        #expect(tmux.waitForText("Save selection: done"), "\(tmux.dump)")

        try tmux.send("End")  // move away, then jump back through the saved selections
        try tmux.send("s")
        #expect(tmux.waitForText("Saved selections"), "\(tmux.dump)")
        #expect(tmux.waitForText("> p. 1  The quick"), "\(tmux.dump)")
        try tmux.send("Enter")
        #expect(tmux.waitForCursor(on: "The quick"), "Enter jumps: \(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)

        let saved = try CLIRunner.run(["saved", book, "--store", store])
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(saved.standardOutput.contains("The quick"), "\(saved.standardOutput)")
    }

    /// The locator `readaloud BOOK --format jsonl` gives the word `word`.
    static func locator(ofWord word: String, in book: String) throws -> String {
        let result = try CLIRunner.run([book, "--granularity", "word", "--format", "jsonl"])
        for line in result.standardOutput.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["text"] as? String == word, let locator = object["locator"]
            else { continue }
            let data = try JSONSerialization.data(withJSONObject: locator, options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
        throw TmuxSession.Failure(description: "no word '\(word)' in \(book)")
    }

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

    @Test func reopeningReturnsToTheLastPosition() throws {
        let book = try Self.book(Self.chapters)
        let store = try InteractiveReaderRun.newStore()
        do {
            let run = try InteractiveReaderRun(book: book, arguments: ["--granularity", "word"], store: store)
            try run.session.send("Down", "Down", "Right", "Right")
            #expect(run.session.waitForCursor(on: "paragraph begins"), "\(run.session.dump)")
            try run.session.send("q")
            #expect(run.waitForExit() == 0)
        }
        do {
            let run = try InteractiveReaderRun(book: book, arguments: ["--granularity", "word"], store: store)
            #expect(
                run.session.waitForCursor(on: "paragraph begins"), "reopened where it was left: \(run.session.dump)")
            try run.session.send("q")
            #expect(run.waitForExit() == 0)
        }
        do {
            let from = try Self.locator(ofWord: "fox", in: book)
            let run = try InteractiveReaderRun(
                book: book, arguments: ["--granularity", "word", "--from", from], store: store)
            #expect(run.session.waitForCursor(on: "fox"), "--from overrides: \(run.session.dump)")
            try run.session.send("q")
            #expect(run.waitForExit() == 0)
        }
    }

    @Test func aDamagedKeptPositionOpensTheBookAtItsStart() throws {
        let book = try Self.book(Self.chapters)
        let store = try InteractiveReaderRun.newStore()
        do {
            let run = try InteractiveReaderRun(book: book, arguments: ["--granularity", "word"], store: store)
            try run.session.send("Down", "Right")
            #expect(run.session.waitForCursor(on: "quick"), "\(run.session.dump)")
            try run.session.send("q")
            #expect(run.waitForExit() == 0)
        }
        let positions = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("positions")
        let files = try FileManager.default.contentsOfDirectory(atPath: positions.path)
        #expect(files.count == 1)
        for file in files {
            try Data("{\"type\":\"readaloud.loc".utf8).write(to: positions.appendingPathComponent(file))
        }
        let run = try InteractiveReaderRun(book: book, arguments: ["--granularity", "word"], store: store)
        #expect(run.session.waitForCursor(on: "Chapter One"), "\(run.session.dump)")
        try run.session.send("q")
        #expect(run.waitForExit() == 0)
    }

    @Test func aPageTurnKeepsThePositionEvenWhenTheReaderIsKilled() throws {
        let paragraphs = (1...10).map { "Paragraph \($0) has a few words." }.joined(separator: "\n\n")
        let book = try Self.book(paragraphs)
        let store = try InteractiveReaderRun.newStore()
        do {
            let run = try InteractiveReaderRun(
                book: book, arguments: ["--granularity", "paragraph"], store: store, columns: 60, rows: 8)
            try run.session.send("NPage")
            #expect(run.session.waitForCursor(on: "Paragraph 5"), "\(run.session.dump)")
            // SIGKILL: no chance to save on the way out (nor to restore the terminal, so the
            // script's report lands anywhere on the screen: wait for the script instead). The
            // position is kept before the turned page is drawn.
            kill(try run.pid(), SIGKILL)
            #expect(run.session.waitUntil { run.hasEnded })
        }
        let run = try InteractiveReaderRun(
            book: book, arguments: ["--granularity", "paragraph"], store: store, columns: 60, rows: 8)
        #expect(run.session.waitForCursor(on: "Paragraph 5"), "\(run.session.dump)")
        try run.session.send("q")
        #expect(run.waitForExit() == 0)
    }

    @Test func readAllAdvancesTheHighlightAndPausesAndStops() throws {
        let run = try InteractiveReaderRun(
            book: try Self.book(Self.chapters), arguments: ["--granularity", "sentence"])
        let tmux = run.session
        #expect(tmux.waitForText("Page 1 of 1  sentence"), "\(tmux.dump)")
        try tmux.send("Space")
        #expect(tmux.waitForText("End of reading"), "\(tmux.dump)")
        #expect(try tmux.textAtCursor().hasPrefix("Last words"))

        try tmux.send("Home", "Up", "Up")  // back to an earlier line
        #expect(tmux.waitForCursor(on: "A second"), "\(tmux.dump)")
        try tmux.send("Space", "Space")
        #expect(tmux.waitForText("Paused"), "\(tmux.dump)")
        #expect(try tmux.statusLine().contains("(paused)"))
        try tmux.send("Escape")
        #expect(tmux.waitForText("Stopped"), "\(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }

    @Test func findMovesToTheText() throws {
        let run = try InteractiveReaderRun(book: try Self.book(Self.chapters), arguments: ["--granularity", "word"])
        let tmux = run.session
        try tmux.send("/")
        #expect(tmux.waitForText("Find:"), "\(tmux.dump)")
        try tmux.type("SUNNY")
        try tmux.send("Enter")
        #expect(tmux.waitForCursor(on: "sunny day"), "\(tmux.dump)")
        try tmux.send("/")
        try tmux.type("chapter")
        try tmux.send("Enter")
        #expect(tmux.waitForCursor(on: "Chapter Two"), "on from the cursor: \(tmux.dump)")
        try tmux.send("/", "Enter")  // again: wraps around to the start
        #expect(tmux.waitForCursor(on: "Chapter One"), "\(tmux.dump)")
        try tmux.send("/")
        try tmux.type("nowhere")
        try tmux.send("Enter")
        #expect(tmux.waitForText("Not found: nowhere"), "\(tmux.dump)")
        try tmux.send("?")
        #expect(tmux.waitForText("Keys"), "\(tmux.dump)")
        #expect(tmux.waitForText("Shift-→ / Shift-←"), "\(tmux.dump)")
        try tmux.send("x", "q")
        #expect(run.waitForExit() == 0)
    }

    @Test func wideAndRightToLeftTextTakeTheirCells() throws {
        let run = try InteractiveReaderRun(
            book: try Self.book("日本語の文章です。\n\nمرحبا بالعالم\n"), arguments: ["--granularity", "character"])
        let tmux = run.session
        #expect(tmux.waitForText("日本語の文章です。"), "\(tmux.dump)")
        #expect(try tmux.cursor() == (2, 0))
        try tmux.send("Right")
        #expect(tmux.waitUntil { try tmux.cursor() == (4, 0) }, "a wide character takes two cells: \(tmux.dump)")
        try tmux.send("Tab", "Tab", "Tab", "Tab")  // paragraph
        #expect(tmux.waitForText("paragraph"))
        try tmux.send("Right")
        // The Arabic line ends at the right edge (76 cells from the margin); its first
        // character, where the cursor sits, is its rightmost.
        #expect(tmux.waitUntil { try tmux.cursor() == (77, 2) }, "right to left: \(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }
}

/// What `-i` refuses, with no terminal needed.
@Suite(.tags(.process)) struct InteractiveRefusalTests {
    @Test func standardInputThatIsNotATerminalIsRefused() throws {
        let result = try CLIRunner.run([CLIRunner.book("alice-in-wonderland.txt"), "-i"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: --interactive needs a terminal"), "\(result.standardError)")
    }

    @Test func aBookOnStandardInputIsRefused() throws {
        let result = try CLIRunner.run(["-", "--interactive"], input: Data("Hello.".utf8))
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: --interactive reads keys from standard input"))
    }
}

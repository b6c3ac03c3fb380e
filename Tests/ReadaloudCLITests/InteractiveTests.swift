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

    /// Shift-← mirrors Shift-→: from a caret it selects backward, extends a backward selection
    /// toward the start, and Shift-→ shrinks it back toward its anchor (the engine's backward
    /// selections).
    @Test func selectionExtendsAndShrinksBackward() throws {
        let run = try InteractiveReaderRun(book: try Self.book(Self.chapters), arguments: ["--granularity", "word"])
        let tmux = run.session
        func selected() throws -> [String] {
            try tmux.underlinedText().map { $0.trimmingCharacters(in: .whitespaces) }
        }
        try tmux.send("Down", "Right", "Right")
        #expect(tmux.waitForCursor(on: "brown"), "\(tmux.dump)")
        try tmux.send("S-Left")
        #expect(tmux.waitForText("Selected: quick"), "from a caret, backward: \(tmux.dump)")
        #expect(try selected() == ["quick"])
        try tmux.send("S-Left")
        #expect(tmux.waitForText("Selected: The quick"), "extends toward the start: \(tmux.dump)")
        #expect(try selected() == ["The quick"])
        try tmux.send("S-Right")
        #expect(tmux.waitUntil { try selected() == ["quick"] }, "Shift-→ shrinks it: \(tmux.dump)")
        #expect(try tmux.statusLine().contains("Selected: quick"))
        try tmux.send("S-Right")
        #expect(tmux.waitForText("Nothing selected"), "shrunk to its anchor: \(tmux.dump)")
        #expect(try selected().isEmpty)
        // From the caret again, forward: the word at the cursor; Shift-← shrinks that.
        try tmux.send("S-Right")
        #expect(tmux.waitForText("Selected: brown"), "\(tmux.dump)")
        #expect(try selected() == ["brown"])
        try tmux.send("S-Left")
        #expect(tmux.waitForText("Nothing selected"), "\(tmux.dump)")
        #expect(try selected().isEmpty)
        // The cursor stayed on "brown" throughout.
        #expect(try tmux.cursor() == (12, 2))
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

    /// Copy puts the selection on the reader's clipboard and, through OSC 52, on the system's:
    /// tmux with `set-clipboard on` takes it into a paste buffer.
    @Test func copyReachesTheTerminalsClipboard() throws {
        let run = try InteractiveReaderRun(book: try Self.book(Self.chapters), arguments: ["--granularity", "word"])
        let tmux = run.session
        try tmux.setServerOption("set-clipboard", "on")
        try tmux.send("Down", "Right", "S-Right", "S-Right")
        #expect(tmux.waitForText("Selected: quick brown"), "\(tmux.dump)")
        try tmux.send("a")
        #expect(tmux.waitForText("Actions"), "\(tmux.dump)")
        try tmux.type("copy")
        #expect(tmux.waitForText("> Copy"), "\(tmux.dump)")
        try tmux.send("Enter")
        #expect(tmux.waitForText("Copy: done (sent to the system clipboard)"), "\(tmux.dump)")
        #expect(tmux.waitUntil { tmux.newestBuffer() == "quick brown" }, "\(tmux.newestBuffer() ?? "no buffer")")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }

    /// Three pages of seven rows, a heading on each: "Part One" opens page 1, "Part Two" is on
    /// page 2's third row, "Part Three" opens page 3.
    static let parts = """
        # Part One

        Paragraph 1 has a few words.

        Paragraph 2 has a few words.

        Paragraph 3 has a few words.

        Paragraph 4 has a few words.

        # Part Two

        Paragraph 5 has a few words.

        Paragraph 6 has a few words.

        # Part Three

        Paragraph 7 has a few words.

        """

    @Test func theRotorsHeadingAndPageMoveAcrossPages() throws {
        let run = try InteractiveReaderRun(
            book: try Self.book(Self.parts), arguments: ["--granularity", "paragraph"], columns: 60, rows: 8)
        let tmux = run.session
        try tmux.send("Tab")
        #expect(tmux.waitForText("Page 1 of 3  heading"), "\(tmux.dump)")
        #expect(try tmux.cursor() == (2, 0))
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "Part Two"), "next heading, on the next page: \(tmux.dump)")
        #expect(try tmux.cursor() == (2, 2))
        #expect(try tmux.statusLine().hasPrefix("Page 2 of 3"))
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "Part Three"), "\(tmux.dump)")
        #expect(try tmux.cursor() == (2, 0))
        #expect(try tmux.statusLine().hasPrefix("Page 3 of 3"))
        try tmux.send("Right")
        #expect(tmux.waitForText("End of book"), "no heading after the last: \(tmux.dump)")
        try tmux.send("Left", "Left")
        #expect(tmux.waitForCursor(on: "Part One"), "previous headings: \(tmux.dump)")
        #expect(try tmux.statusLine().hasPrefix("Page 1 of 3"))

        try tmux.send("Tab")
        #expect(tmux.waitForText("Page 1 of 3  page"), "\(tmux.dump)")
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "Paragraph 4"), "the next page's start: \(tmux.dump)")
        #expect(try tmux.cursor() == (2, 0))
        #expect(try tmux.statusLine().hasPrefix("Page 2 of 3"))
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "Part Three"), "\(tmux.dump)")
        #expect(try tmux.cursor() == (2, 0))
        try tmux.send("Right")
        #expect(tmux.waitForText("End of book"), "\(tmux.dump)")
        try tmux.send("Left")
        #expect(tmux.waitForCursor(on: "Paragraph 4"), "the previous page's start: \(tmux.dump)")
        #expect(try tmux.cursor() == (2, 0))
        #expect(try tmux.statusLine().hasPrefix("Page 2 of 3"))
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
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

    @Test func readAllTurnsThePagesByItself() throws {
        let run = try InteractiveReaderRun(
            book: try Self.book(Self.parts), arguments: ["--granularity", "paragraph"], columns: 60, rows: 8)
        let tmux = run.session
        #expect(tmux.waitForText("Page 1 of 3  paragraph"), "\(tmux.dump)")
        try tmux.send("Space")
        #expect(tmux.waitUntil { try tmux.statusLine().hasPrefix("Page 2 of 3") }, "\(tmux.dump)")
        #expect(tmux.waitUntil { try tmux.statusLine().hasPrefix("Page 3 of 3") }, "\(tmux.dump)")
        #expect(tmux.waitForText("End of reading"), "\(tmux.dump)")
        #expect(try tmux.textAtCursor().hasPrefix("Paragraph 7"), "\(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }

    /// Spoken read-all through espeak-ng into WAV files (`--speak-to`, no sound device needed),
    /// the words highlighted in the audio's time: the cursor and the reverse-video highlight
    /// move word by word through the sentence, in order; Space pauses at once, Esc stops.
    @Test(.needsSpeechEngine) func spokenReadAllMovesTheHighlightWordByWord() throws {
        let audio = try CLIRunner.temporaryDirectory()
        let run = try InteractiveReaderRun(
            book: try Self.book(Self.chapters), arguments: ["--granularity", "sentence", "--speak-to", audio.path],
            pace: nil)
        let tmux = run.session
        try tmux.send("Down")
        #expect(tmux.waitForCursor(on: "The quick"), "\(tmux.dump)")
        try tmux.send("Space")
        #expect(tmux.waitForText("(speaking)"), "\(tmux.dump)")
        // The words the cursor sits on, sampled while the first sentence is spoken (a word
        // lasts about 300 ms at 175 words a minute).
        let sentence = ["The", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog."]
        var seen: [String] = []
        var highlights: Set<String> = []
        tmux.waitUntil(seconds: 20) {
            let word = try tmux.textAtCursor().split(separator: " ").first.map(String.init) ?? ""
            if seen.last != word { seen.append(word) }
            if let highlight = try tmux.reversedText().dropLast().first { highlights.insert(highlight) }
            return word == "It"
        }
        print("spoken read-all: the cursor was on \(seen); highlighted: \(highlights.sorted())")
        let spoken = seen.drop { $0 != "The" }.prefix { $0 != "It" }
        #expect(spoken.count >= 6, "word by word: \(seen)")
        var next = sentence.startIndex
        for word in spoken {
            guard let index = sentence[next...].firstIndex(of: word) else {
                Issue.record("'\(word)' is not the next word of the sentence: \(seen)")
                break
            }
            next = index + 1
        }
        // The highlight is the word being spoken, not the sentence.
        #expect(highlights.isSuperset(of: ["quick", "brown"]) || highlights.contains("fox"), "\(highlights)")
        #expect(!highlights.contains { $0.hasPrefix("The quick brown") }, "\(highlights)")

        try tmux.send("Space")
        #expect(tmux.waitForText("(paused)"), "\(tmux.dump)")
        let paused = try tmux.cursor()
        usleep(800_000)
        #expect(try tmux.cursor() == paused, "paused: the highlight stays: \(tmux.dump)")
        try tmux.send("Space")
        #expect(tmux.waitForText("(speaking)"), "\(tmux.dump)")
        try tmux.send("Escape")
        #expect(tmux.waitForText("Stopped"), "\(tmux.dump)")
        let stopped = try tmux.cursor()
        usleep(800_000)
        #expect(try tmux.cursor() == stopped, "stopped: \(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: audio.path).filter { $0.hasSuffix(".wav") }
        #expect(files.count >= 2, "one WAV file an utterance: \(files)")
    }

    /// Spoken read-all through a private speech-dispatcher (audio into libao's null driver, so
    /// the words come about as fast as they are synthesised): the highlight is on words past a
    /// sentence's first (only word marks put it there), the pages turn by themselves, and Esc
    /// cancels the speech.
    @Test func spokenReadAllGoesThroughSpeechDispatcher() throws {
        let service = try SpeechDispatcherTests.service()
        defer { service.stop() }
        let sentences = String(repeating: "One two three four five six seven eight nine ten. ", count: 200)
        let run = try InteractiveReaderRun(
            book: try Self.book(sentences + "\n"),
            arguments: ["--granularity", "sentence", "--speech-backend", "speechd"], columns: 60, rows: 8,
            pace: nil, environment: ["SPEECHD_ADDRESS": service.address])
        let tmux = run.session
        try tmux.send("Space")
        #expect(tmux.waitForText("(speaking)"), "\(tmux.dump)")
        var highlighted: Set<String> = []
        tmux.waitUntil(seconds: 20) {
            if let word = try tmux.reversedText().dropLast().first { highlighted.insert(word) }
            return highlighted.contains { $0 != "One" }
        }
        print("spoken read-all through speech-dispatcher highlighted \(highlighted.sorted())")
        #expect(tmux.waitUntil { try tmux.statusLine().hasPrefix("Page 2 of") }, "pages turn: \(tmux.dump)")
        let laterWords: Set = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        #expect(!highlighted.isDisjoint(with: laterWords), "\(highlighted)")
        try tmux.send("Escape")
        #expect(tmux.waitForText("Stopped"), "\(tmux.dump)")
        #expect(try !tmux.statusLine().contains("(speaking)"))
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
    }

    @Test func readAllWithoutSpeechSaysWhyWhenSpeechWasWanted() throws {
        // An espeak-ng library that cannot load and no speech-dispatcher service: read-all goes
        // on at its pace and says why it is silent.
        let audio = try CLIRunner.temporaryDirectory()
        let run = try InteractiveReaderRun(
            book: try Self.book(Self.chapters),
            arguments: ["--granularity", "sentence", "--speech-backend", "espeak-ng", "--speak-to", audio.path],
            columns: 200, pace: nil, environment: ["READALOUD_ESPEAK_LIBRARY": "/nonexistent/libespeak-ng.so.1"])
        let tmux = run.session
        try tmux.send("Space")
        #expect(tmux.waitForText("(reading)  — No speech: --speak needs espeak-ng"), "\(tmux.dump)")
        #expect(tmux.waitForText("End of reading"), "\(tmux.dump)")
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

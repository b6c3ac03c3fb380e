import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `readaloud BOOK -i` in a real terminal (tmux): keys in, screen and cursor out. Here, the
/// books and moving; selection, the terminal, the kept position and read-all are in
/// InteractiveTests+Selection, +Terminal, +KeptPosition and +ReadAll.
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

    // Long because: one reader session turns the rotor through all seven units in order, each
    // step starting from where the one before left the cursor.
    @Test func movingByEachGranularityLandsTheCursorOnTheExpectedText() throws {
        let run = try InteractiveReaderRun(
            book: try Self.book(Self.chapters), arguments: ["--granularity", "character"])
        let tmux = run.session
        #expect(tmux.waitForText("Page 1 of 1  character  "), "\(tmux.dump)")
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
        #expect(tmux.waitForText("Page 1 of 1  word  "), "the rotor names the unit: \(tmux.dump)")
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "One"), "word: \(tmux.dump)")
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "The quick"), "word, into the next paragraph: \(tmux.dump)")
        #expect(try tmux.cursor() == (2, 2))

        try tmux.send("Tab")
        #expect(tmux.waitForText("Page 1 of 1  sentence  "))
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "It was a sunny day"), "sentence: \(tmux.dump)")
        try tmux.send("Left")
        #expect(tmux.waitForCursor(on: "The quick brown"), "previous sentence: \(tmux.dump)")

        try tmux.send("Tab")
        #expect(tmux.waitForText("Page 1 of 1  line  "))
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "A second paragraph"), "line: \(tmux.dump)")

        try tmux.send("Tab")
        #expect(tmux.waitForText("Page 1 of 1  paragraph  "))
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "Chapter Two"), "paragraph: \(tmux.dump)")
        try tmux.send("Up")
        #expect(tmux.waitForCursor(on: "A second paragraph"), "Up: the previous line: \(tmux.dump)")

        try tmux.send("Tab")
        #expect(tmux.waitForText("Page 1 of 1  heading  "))
        try tmux.send("Left")
        #expect(tmux.waitForCursor(on: "Chapter One"), "previous heading: \(tmux.dump)")
        try tmux.send("Right")
        #expect(tmux.waitForCursor(on: "Chapter Two"), "next heading: \(tmux.dump)")
        #expect(try tmux.cursor() == (2, 6))

        try tmux.send("Tab")
        #expect(tmux.waitForText("Page 1 of 1  page  "))
        try tmux.send("Right")
        #expect(tmux.waitForText("End of book"), "one page only: \(tmux.dump)")
        try tmux.send("BTab")
        #expect(tmux.waitForText("Page 1 of 1  heading  "), "Shift-Tab turns the rotor back: \(tmux.dump)")

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
        #expect(tmux.waitForText("Go to page (1 to 3, or 0% to 100%):"))
        try tmux.type("2")
        try tmux.send("Enter")
        #expect(tmux.waitForCursor(on: "Paragraph 5"), "go to page 2: \(tmux.dump)")
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

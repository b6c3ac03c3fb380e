import Foundation
import Testing

/// Selecting in the reader: Shift-arrows extend and shrink, the actions menu saves and copies.
extension InteractiveTests {
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
}

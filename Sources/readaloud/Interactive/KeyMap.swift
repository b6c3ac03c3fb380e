import Foundation

/// What each key does while reading, in one table: the reader dispatches from it and the `?`
/// screen lists it, so the two cannot disagree.
enum KeyMap {
    /// A reader command.
    enum Command: Hashable {
        case nextUnit, previousUnit, nextLine, previousLine, lineStart, lineEnd, nextPage, previousPage
        case rotorNext, rotorPrevious
        case readAll, stop, escapeStructure
        case nextChapter, previousChapter, sleepTimer, chapterEndStop, pauseEachUnit
        case selectForward, selectBackward
        case actions, savedSelections
        case largerText, smallerText, highContrast
        case goToPage, find, help, quit
    }

    /// One row of the table: the keys as shown, the keys as pressed, what they do.
    struct Binding {
        let label: String
        let keys: [KeyPress]
        let command: Command
        let help: String
    }

    static let bindings: [Binding] = [
        Binding(label: "→ / ←", keys: [.right], command: .nextUnit, help: "next unit of the rotor's granularity"),
        Binding(label: "", keys: [.left], command: .previousUnit, help: "previous unit"),
        Binding(label: "↓ / ↑", keys: [.down], command: .nextLine, help: "next line"),
        Binding(label: "", keys: [.up], command: .previousLine, help: "previous line"),
        Binding(label: "Home / End", keys: [.home], command: .lineStart, help: "start / end of the line"),
        Binding(label: "", keys: [.end], command: .lineEnd, help: ""),
        Binding(label: "PgDn / PgUp", keys: [.pageDown], command: .nextPage, help: "next / previous page"),
        Binding(label: "", keys: [.pageUp], command: .previousPage, help: ""),
        Binding(
            label: "Tab / Shift-Tab", keys: [.tab], command: .rotorNext,
            help: "rotor: character, word, sentence, line, paragraph, heading, page"),
        Binding(label: "", keys: [.backTab], command: .rotorPrevious, help: ""),
        Binding(
            label: "Space", keys: [.character(" ")], command: .readAll,
            help: "read all from here; Space again pauses and resumes"),
        Binding(label: "Esc", keys: [.escape], command: .stop, help: "stop reading; clear the selection"),
        Binding(
            label: "x", keys: [.character("x")], command: .escapeStructure,
            help: "leave the table, list, note, quotation, sidebar or figure; reading goes on after it"),
        Binding(label: "] / [", keys: [.character("]")], command: .nextChapter, help: "next / previous chapter"),
        Binding(label: "", keys: [.character("[")], command: .previousChapter, help: ""),
        Binding(
            label: "t", keys: [.character("t")], command: .sleepTimer,
            help: "sleep timer: off, 15, 30, 60 minutes; reading stops at the end of a sentence"),
        Binding(
            label: "e", keys: [.character("e")], command: .chapterEndStop,
            help: "read-all stops at the end of the chapter: on / off"),
        Binding(
            label: "p", keys: [.character("p")], command: .pauseEachUnit,
            help: "read-all pauses after each unit (Space goes on): on / off"),
        Binding(
            label: "Shift-→ / Shift-←", keys: [.shiftRight], command: .selectForward,
            help: "select forward / backward by the rotor's unit: extend away from the anchor, shrink toward it"),
        Binding(label: "", keys: [.shiftLeft], command: .selectBackward, help: ""),
        Binding(
            label: "a", keys: [.character("a")], command: .actions,
            help: "actions (Copy, Save selection, ...): type to filter, Enter runs"),
        Binding(label: "s", keys: [.character("s")], command: .savedSelections, help: "saved selections: Enter jumps"),
        Binding(label: "+ / -", keys: [.character("+"), .character("=")], command: .largerText, help: "text size"),
        Binding(label: "", keys: [.character("-")], command: .smallerText, help: ""),
        Binding(label: "c", keys: [.character("c")], command: .highContrast, help: "high contrast on / off"),
        Binding(
            label: "g", keys: [.character("g")], command: .goToPage,
            help: "go to page, or to a percentage of the book (50%)"),
        Binding(label: "/", keys: [.character("/")], command: .find, help: "find text (Enter on empty: find again)"),
        Binding(label: "?", keys: [.character("?")], command: .help, help: "this list"),
        Binding(label: "q", keys: [.character("q"), .interrupt], command: .quit, help: "quit (Ctrl-C too)"),
    ]

    /// The command `key` runs while reading, or `nil`.
    static func command(for key: KeyPress) -> Command? {
        bindings.first { $0.keys.contains(key) }?.command
    }

    /// The `?` screen's lines: keys, then what they do (rows sharing a line are merged).
    static var helpLines: [String] {
        bindings.filter { !$0.label.isEmpty }.map { binding in
            binding.label.padding(toLength: 20, withPad: " ", startingAt: 0) + binding.help
        }
    }
}

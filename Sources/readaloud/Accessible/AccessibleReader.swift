import TextNavigation
import TextNavigationAccessibility

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `readaloud BOOK --accessible`'s loop: the book published for a screen reader, keys from
/// standard input given to it first (``AccessibleDocument/handle(_:)``), the GLib main loop
/// answering its calls in between.
///
/// On a terminal, keys are read in raw mode and the shown page is drawn, the terminal's cursor
/// at the caret. Otherwise standard input is a script, a command per line, and every change is
/// reported on standard output, a line each (what a test or a host process drives):
/// - a key name (`Down`, `Ctrl+Right`, `KP_Add`, as ``AccessibilityKeyEvent/named(_:)`` reads
///   them) is pressed;
/// - `caret E O` moves the caret to offset O (UTF-16) of element E;
/// - `select E S T` selects S..<T of element E;
/// - `relayout W` lays the book out again W cells wide;
/// - `quit` (or the end of input) ends.
///
/// Reports: `ready elements N pages P`, then `caret E O page P` after each command and when the
/// screen reader moves the caret or turns the page, `selection E S T` (or `selection none`)
/// when it selects.
final class AccessibleReader {
    private let accessible: AccessibleDocument
    private let title: String
    private let isTerminal: Bool
    private var decoder = TerminalKeyDecoder()
    private var pendingLine: [UInt8] = []
    private var isDone = false

    init(accessible: AccessibleDocument, title: String, isTerminal: Bool) {
        self.accessible = accessible
        self.title = title
        self.isTerminal = isTerminal
    }

    /// Runs until `q` (on a terminal), `quit` or the end of input.
    func run() {
        accessible.didChange = { [unowned self] in self.changed() }
        accessible.watchInput(0) { [unowned self] fd in self.read(fd) }
        if isTerminal {
            draw()
        } else {
            let document = accessible.document
            report("ready elements \(document.elements.count) pages \(document.pageCount)")
            reportCaret()
        }
        while !isDone { accessible.iterate(blocking: true) }
        if isTerminal { write("\u{1B}[2J\u{1B}[H") }
    }

    private func read(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return true }
        guard count > 0 else {
            isDone = true
            return false
        }
        let bytes = buffer.prefix(count)
        if isTerminal {
            for key in decoder.decode(bytes) {
                switch key {
                case .quit: isDone = true
                case .key(let key): if accessible.handle(key) { draw() }
                }
            }
        } else {
            for byte in bytes {
                if byte == 0x0A {
                    command(String(decoding: pendingLine, as: UTF8.self))
                    pendingLine.removeAll()
                } else {
                    pendingLine.append(byte)
                }
            }
        }
        return !isDone
    }

    /// Runs one line of a script.
    private func command(_ line: String) {
        let words = line.split(separator: " ").map(String.init)
        guard let first = words.first else { return }
        let numbers = words.dropFirst().compactMap { Int($0) }
        switch first {
        case "quit": isDone = true
        case "caret" where numbers.count == 2:
            accessible.moveCaret(to: ReadingPosition(element: numbers[0], offset: numbers[1]))
            reportCaret()
        case "relayout" where numbers.count == 1 && (1...10_000).contains(numbers[0]):
            let lines = accessible.document.layout?.linesPerPage ?? PageLayout().linesPerPage
            accessible.relayout(PageLayout(width: Double(numbers[0]), linesPerPage: lines))
            reportCaret()
        case "select" where numbers.count == 3:
            accessible.select(numbers[1]..<max(numbers[1], numbers[2]), inElement: numbers[0])
            reportCaret()
        default:
            if let key = AccessibilityKeyEvent.named(first) {
                accessible.handle(key)
                reportCaret()
            } else {
                report("error unknown command: \(CommonOptions.oneLine(line))")
            }
        }
    }

    private func changed() {
        if isTerminal {
            draw()
            return
        }
        reportCaret()
        if let selection = accessible.selection {
            report("selection \(selection.element) \(selection.range.lowerBound) \(selection.range.upperBound)")
        } else {
            report("selection none")
        }
    }

    private func reportCaret() {
        let caret = accessible.caret
        report("caret \(caret.element) \(caret.offset) page \(accessible.shownPage + 1)")
    }

    private func report(_ line: String) {
        StandardOutput.shared.line(line)
        StandardOutput.shared.flush()
    }

    /// Draws the shown page as ``PageScreen`` lays it out (the rows extents are computed
    /// from), a status line under it, and the cursor at the caret.
    private func draw() {
        let document = accessible.document
        let screen = accessible.screen(ofPage: accessible.shownPage)
        var output = "\u{1B}[2J\u{1B}[H"
        var cursor = (row: 1, column: 1)
        for (index, row) in screen.rows.enumerated() {
            if let element = row.element {
                let text = document.elements[element].text.string(in: row.range) ?? ""
                output += CommonOptions.oneLine(text)
                if element == accessible.caret.element, row.range.contains(accessible.caret.offset) {
                    let before =
                        document.elements[element].text.string(in: row.range.lowerBound..<accessible.caret.offset) ?? ""
                    cursor = (index + 1, before.count + 1)
                }
            }
            output += "\r\n"
        }
        output += "\r\n\(CommonOptions.oneLine(title)): page \(accessible.shownPage + 1) of \(document.pageCount)"
        output += " (arrows move, + reads all with Orca, q quits)"
        output += "\u{1B}[\(cursor.row);\(cursor.column)H"
        write(output)
    }

    private func write(_ text: String) {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if result <= 0 { return }
            written += result
        }
    }
}

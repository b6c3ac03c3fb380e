import CNCurses
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal the reader draws on, through ncursesw (``CNCurses``): raw keys in, cells out.
///
/// ``start()`` takes the terminal over (raw mode, alternate screen) and ``stop()`` gives it back
/// exactly as it was; the reader calls `stop` on every way out, and a fatal signal restores the
/// terminal before the process dies.
///
/// Not `Sendable`: curses has one screen, driven from one thread.
final class Terminal {
    /// Cell attributes for ``draw(_:row:column:style:)``.
    struct Style: OptionSet {
        let rawValue: Int32
        static let reverse = Style(rawValue: Int32(CNCURSES_REVERSE))
        static let underline = Style(rawValue: Int32(CNCURSES_UNDERLINE))
        static let bold = Style(rawValue: Int32(CNCURSES_BOLD))
        static let highContrast = Style(rawValue: Int32(CNCURSES_HIGH_CONTRAST))
    }

    /// The size in cells.
    struct Size: Equatable {
        var rows: Int
        var columns: Int
    }

    private var isStarted = false

    /// Takes the terminal over. Standard output is used when it is a terminal, else the
    /// controlling terminal (`/dev/tty`), so `readaloud book -i > file` still draws on screen.
    ///
    /// - Throws: a ``CommandFailure`` naming what is missing (a terminfo entry for `TERM`).
    func start() throws(CommandFailure) {
        var descriptor: Int32 = 1
        if isatty(1) == 0 {
            descriptor = open("/dev/tty", O_WRONLY)
            guard descriptor >= 0 else {
                throw CommandFailure("--interactive: cannot open the terminal (/dev/tty) to draw on")
            }
        }
        var error = [CChar](repeating: 0, count: 256)
        let status = cncurses_start(descriptor, &error, Int32(error.count))
        if descriptor != 1 { close(descriptor) }
        guard status == 0 else {
            let reason = error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw CommandFailure("--interactive: \(reason)")
        }
        cncurses_install_signal_handlers()
        isStarted = true
    }

    /// Gives the terminal back: normal screen, cursor shown, the settings it had before.
    func stop() {
        guard isStarted else { return }
        isStarted = false
        cncurses_stop()
    }

    /// The number of a SIGINT, SIGTERM or SIGHUP received since ``start()``, or `nil`.
    var pendingSignal: Int32? {
        let number = cncurses_pending_signal()
        return number == 0 ? nil : number
    }

    /// The next key, waiting at most `milliseconds` (`nil` when none came).
    func readKey(waitingAtMost milliseconds: Int) -> KeyPress? {
        var value: UInt32 = 0
        switch Int(cncurses_read(Int32(milliseconds), &value)) {
        case Int(CNCURSES_READ_CHARACTER):
            return Unicode.Scalar(value).map(KeyPress.init(scalar:)) ?? .other
        case Int(CNCURSES_READ_KEY):
            return KeyPress(keyCode: value)
        default:
            return nil
        }
    }

    /// The screen's size.
    var size: Size {
        var rows: Int32 = 0
        var columns: Int32 = 0
        cncurses_size(&rows, &columns)
        return Size(rows: Int(rows), columns: Int(columns))
    }

    /// Blanks the screen buffer.
    func erase() { cncurses_erase() }

    /// Writes `text` at a cell. Combining marks join the cell before them.
    func draw(_ text: some StringProtocol, row: Int, column: Int, style: Style = []) {
        let scalars = text.unicodeScalars.map(\.value)
        guard !scalars.isEmpty else { return }
        scalars.withUnsafeBufferPointer { buffer in
            cncurses_draw(Int32(row), Int32(column), buffer.baseAddress, Int32(buffer.count), style.rawValue)
        }
    }

    /// Places the terminal's cursor (shown at the next ``refresh()``).
    func moveCursor(row: Int, column: Int) { cncurses_move(Int32(row), Int32(column)) }

    /// Shows what was drawn.
    func refresh() { cncurses_refresh() }

    /// Puts `text` on the system clipboard through the terminal (OSC 52) when its terminfo
    /// entry says it can; returns whether it was sent (the terminal may still refuse it, as
    /// tmux does unless `set-clipboard` is on).
    func setClipboard(_ text: String) -> Bool {
        cncurses_set_clipboard(Data(text.utf8).base64EncodedString()) == 1
    }
}

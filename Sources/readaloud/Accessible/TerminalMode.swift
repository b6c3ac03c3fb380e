#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal in raw mode (no echo, no line editing, no signals from keys) for as long as it
/// is started, restored by ``stop()``.
final class TerminalMode {
    private var saved = termios()
    private var isRaw = false

    /// Puts standard input's terminal in raw mode; false when it is not a terminal.
    func start() -> Bool {
        guard isatty(0) != 0, tcgetattr(0, &saved) == 0 else { return false }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        isRaw = tcsetattr(0, TCSAFLUSH, &raw) == 0
        return isRaw
    }

    /// Restores the terminal as it was.
    func stop() {
        guard isRaw else { return }
        tcsetattr(0, TCSAFLUSH, &saved)
        isRaw = false
    }

    deinit { stop() }
}

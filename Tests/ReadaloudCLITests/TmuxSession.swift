import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real terminal for the interactive reader's tests: a detached tmux session on a private
/// server (`tmux -L <name>`), driven with `send-keys` and read with `capture-pane` and the
/// cursor's position. The server is killed when the session is closed.
final class TmuxSession {
    /// The tmux executable, or `nil` when tmux is not installed.
    static let executable: String? = {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
            let path = directory + "/tmux"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    /// Why the tests that need tmux are skipped.
    static let missingReason = "tmux is not installed (Debian package tmux): the terminal reader's tests need it"

    /// What went wrong driving tmux.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let socket = "readaloud-test-\(UUID().uuidString.prefix(8))"
    private let target = "reader"

    /// Starts `command` (run by `sh -c`) in a new detached session `columns` by `rows` cells.
    init(_ command: String, columns: Int = 80, rows: Int = 24) throws {
        _ = try tmux(
            ["new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)", "-e", "LC_ALL=C.UTF-8", command])
    }

    deinit { close() }

    /// Kills the session's server and removes its socket.
    func close() {
        _ = try? tmux(["kill-server"])
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(directory)/tmux-\(getuid())/\(socket)")
    }

    /// Sends keys by tmux's names ("Right", "S-Right", "Tab", "BTab", "C-c", "q").
    func send(_ keys: String...) throws {
        _ = try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        _ = try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// Sets a server option (`set-option -s`), such as `set-clipboard on`.
    func setServerOption(_ name: String, _ value: String) throws {
        _ = try tmux(["set-option", "-s", name, value])
    }

    /// The text of tmux's newest paste buffer (where an OSC 52 write lands with
    /// `set-clipboard on`), or `nil` when there is none.
    func newestBuffer() -> String? {
        try? tmux(["show-buffer"])
    }

    /// Changes the window's size (the reader gets SIGWINCH).
    func resize(columns: Int, rows: Int) throws {
        _ = try tmux(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The screen's text, one line a row.
    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", target]).components(separatedBy: "\n")
    }

    /// The screen with its attributes as escape sequences (`capture-pane -e`).
    func styledScreen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-e", "-t", target]).components(separatedBy: "\n")
    }

    /// The text drawn underlined (the reader shows its selection so), one entry a row that has
    /// some, read from `capture-pane -e`'s SGR sequences.
    func underlinedText() throws -> [String] {
        try styledText(on: 4, off: 24)
    }

    /// The text drawn in reverse video (the reader's current unit, and its status line), one
    /// entry a row that has some.
    func reversedText() throws -> [String] {
        try styledText(on: 7, off: 27)
    }

    /// The text drawn with the SGR attribute `on` (until `off` or a reset), one entry a row that
    /// has some, read from `capture-pane -e`'s SGR sequences.
    func styledText(on: Int, off: Int) throws -> [String] {
        var result: [String] = []
        for row in try styledScreen() {
            let scalars = Array(row.unicodeScalars)
            var styled = ""
            var isStyled = false
            var index = 0
            while index < scalars.count {
                guard scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" else {
                    if isStyled { styled.unicodeScalars.append(scalars[index]) }
                    index += 1
                    continue
                }
                var end = index + 2
                while end < scalars.count, !("@"..."~").contains(scalars[end]) { end += 1 }
                if end < scalars.count, scalars[end] == "m" {
                    let parameters = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                    let codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    for code in codes {
                        if code == 0 || code == off { isStyled = false } else if code == on { isStyled = true }
                    }
                }
                index = end + 1
            }
            if !styled.isEmpty { result.append(styled) }
        }
        return result
    }

    /// The cursor's column and row, from 0.
    func cursor() throws -> (x: Int, y: Int) {
        let text = try tmux(["display-message", "-p", "-t", target, "#{cursor_x},#{cursor_y}"])
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        guard parts.count == 2 else { throw Failure(description: "unexpected cursor report '\(text)'") }
        return (parts[0], parts[1])
    }

    /// The last row with text: the reader's status line.
    func statusLine() throws -> String {
        try screen().last { !$0.isEmpty } ?? ""
    }

    /// The text on screen from the cursor to the end of its row (ASCII rows: one cell a
    /// character).
    func textAtCursor() throws -> String {
        let (x, y) = try cursor()
        let rows = try screen()
        guard y >= 0, y < rows.count else { return "" }
        let row = Array(rows[y])
        guard x >= 0, x < row.count else { return "" }
        return String(row[x...])
    }

    /// Waits until `condition` holds, polling every 50 ms for at most `seconds`; returns
    /// whether it held, so a test states what it waited for in an expectation.
    @discardableResult
    func waitUntil(seconds: Double = 20, _ condition: () throws -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if (try? condition()) == true { return true }
            usleep(50_000)
        }
        return (try? condition()) == true
    }

    /// Waits until the screen shows `text` somewhere.
    @discardableResult
    func waitForText(_ text: String, seconds: Double = 20) -> Bool {
        waitUntil(seconds: seconds) { try screen().contains { $0.contains(text) } }
    }

    /// Waits until the text at the cursor starts with `prefix`.
    @discardableResult
    func waitForCursor(on prefix: String, seconds: Double = 20) -> Bool {
        waitUntil(seconds: seconds) { try textAtCursor().hasPrefix(prefix) }
    }

    /// The screen and cursor, for failure messages.
    var dump: String {
        let rows = (try? screen()) ?? []
        let place = (try? cursor()).map { "cursor \($0.x),\($0.y)" } ?? "cursor ?"
        return place + "\n" + rows.joined(separator: "\n")
    }

    /// Runs tmux on the private server and returns what it printed.
    ///
    /// Spawned directly rather than through `Process`: `new-session` leaves a server behind
    /// that must not inherit the test's signal mask or pipes, and its output goes through a
    /// file, so nothing waits on a pipe a daemon might hold.
    private func tmux(_ arguments: [String]) throws -> String {
        guard let executable = Self.executable else { throw Failure(description: Self.missingReason) }
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "readaloud-tmux-\(UUID().uuidString)"
        ).path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = [executable, "-u", "-L", socket, "-f", "/dev/null"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = withCStrings(argv) { argvPointers in
            withCStrings(envp) { envPointers in
                posix_spawn(&pid, executable, &actions, &attributes, argvPointers, envPointers)
            }
        }
        guard status == 0 else { throw Failure(description: "cannot run tmux: error \(status)") }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) < 0, errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // WIFEXITED and WEXITSTATUS, spelled out (they are macros).
        guard exitStatus & 0x7F == 0, (exitStatus >> 8) & 0xFF == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (status \(exitStatus))")
        }
        return output
    }

    /// Calls `body` with `strings` as a NULL-terminated array of C strings.
    private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}

import Foundation

/// One run of `readaloud BOOK -i` in a tmux pane, in a shell script that records the
/// terminal's settings (`stty -g`) before and after the reader and its exit status, then keeps
/// the pane open so the test can read them.
final class InteractiveReaderRun {
    /// The run's folder: the script, the store, `before`, `after`, `pid`.
    let directory: URL
    let session: TmuxSession

    /// Starts the reader on `book` with `arguments`, its store in `store` (a new folder's when
    /// `nil`), in a terminal `columns` by `rows`. Read-all goes at `pace` milliseconds an
    /// utterance without speech; with `pace` `nil` it speaks when it can (as `arguments` say).
    /// `environment` is added to the reader's.
    init(
        book: String, arguments: [String] = [], store: String? = nil, columns: Int = 80, rows: Int = 24,
        pace: Int? = 100, environment: [String: String] = [:]
    ) throws {
        directory = try CLIRunner.temporaryDirectory()
        let store = store ?? directory.appendingPathComponent("selections.sqlite").path
        let reader =
            [CLIRunner.executable.path, book, "-i", "--store", store] + (pace.map { ["--pace", "\($0)"] } ?? [])
            + arguments
        let folder = directory.path
        // A crash reports its backtrace without waiting for a key (the crash test).
        let script = """
            export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:+$SWIFT_BACKTRACE,}interactive=no"
            \(environment.sorted { $0.key < $1.key }.map { "export \($0.key)=\(Self.quoted($0.value))" }.joined(separator: "\n"))
            stty -g > \(Self.quoted(folder + "/before"))
            sh -c 'echo $$ > "$1"; shift; exec "$@"' sh \(Self.quoted(folder + "/pid")) \
            \(reader.map(Self.quoted).joined(separator: " "))
            echo "exit $?"
            stty -g > \(Self.quoted(folder + "/after"))
            sleep 600
            """
        let scriptFile = directory.appendingPathComponent("run.sh")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        session = try TmuxSession("sh \(Self.quoted(scriptFile.path))", columns: columns, rows: rows)
        // Keys sent before the reader has taken the terminal over would be lost: wait for its
        // status line.
        guard session.waitForText("Page ") else {
            throw TmuxSession.Failure(description: "the reader did not start: \(session.dump)")
        }
    }

    deinit { session.close() }

    /// A new store path in a new folder, for runs that share one store.
    static func newStore() throws -> String {
        try CLIRunner.temporaryDirectory().appendingPathComponent("selections.sqlite").path
    }

    /// The reader's process id, once it has started.
    func pid() throws -> Int32 {
        let text = try String(contentsOf: directory.appendingPathComponent("pid"), encoding: .utf8)
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TmuxSession.Failure(description: "no pid in '\(text)'")
        }
        return pid
    }

    /// `stty -g` before the reader started and after it ended.
    func terminalSettings() throws -> (before: String, after: String) {
        (
            try String(contentsOf: directory.appendingPathComponent("before"), encoding: .utf8),
            try String(contentsOf: directory.appendingPathComponent("after"), encoding: .utf8)
        )
    }

    /// Waits for the reader to end and returns its exit status as the script printed it.
    func waitForExit(seconds: Double = 20) -> Int? {
        var status: Int?
        session.waitUntil(seconds: seconds) {
            status = try session.screen().lazy.compactMap { line -> Int? in
                guard line.hasPrefix("exit ") else { return nil }
                return Int(line.dropFirst(5))
            }.first
            return status != nil && hasEnded
        }
        return status
    }

    /// Whether the script has run past the reader (it has written `after`).
    var hasEnded: Bool {
        let after = try? String(contentsOf: directory.appendingPathComponent("after"), encoding: .utf8)
        return after?.hasSuffix("\n") == true
    }

    /// `text` quoted for sh.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

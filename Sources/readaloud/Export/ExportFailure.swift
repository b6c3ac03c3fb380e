/// Why an export stopped: a message and the exit code it ends with (73 an output that cannot
/// be created, 74 a write that failed, 69 a missing engine), said as one `Error:` line.
struct ExportFailure: Error {
    let exitCode: ExitCode
    let message: String

    init(_ exitCode: ExitCode, _ message: String) {
        self.exitCode = exitCode
        self.message = message
    }

    /// The failure as the command line reports it.
    var commandFailure: CommandFailure { CommandFailure(message, exitCode: exitCode) }
}

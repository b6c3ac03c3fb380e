/// A command that ran but could not do its job: printed as one line `Error: ...` on standard
/// error, with the exit code that says why. A failure that comes from the command line itself
/// carries the usage error, printed with the usage (exit 64).
struct CommandFailure: Error {
    let message: String
    let exitCode: ExitCode
    let usageError: UsageError?

    /// A failure with `message`; without `exitCode`, one that should not happen (70).
    init(_ message: String, exitCode: ExitCode = .software) {
        self.message = message
        self.exitCode = exitCode
        self.usageError = nil
    }

    init(_ usageError: UsageError) {
        self.message = usageError.message
        self.exitCode = .usage
        self.usageError = usageError
    }

    /// What goes to standard error (nothing for a failure without a message, such as a stop
    /// that has already said where to resume).
    var report: String { usageError?.report ?? (message.isEmpty ? "" : "Error: \(message)\n") }
}

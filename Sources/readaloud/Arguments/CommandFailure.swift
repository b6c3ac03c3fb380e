/// A command that ran but could not do its job: printed as one line `Error: ...` on standard
/// error, with the exit code that says why.
struct CommandFailure: Error {
    let message: String
    let exitCode: ExitCode

    init(_ message: String, exitCode: ExitCode = .failure) {
        self.message = message
        self.exitCode = exitCode
    }
}

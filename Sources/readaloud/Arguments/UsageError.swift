/// A command line the command cannot accept: printed as `Error: ...` then the usage, exit 64.
struct UsageError: Error {
    let message: String
    let spec: CommandSpec

    init(_ message: String, spec: CommandSpec) {
        self.message = message
        self.spec = spec
    }

    /// What goes to standard error.
    var report: String {
        "Error: \(message)\nUsage: \(spec.usage)\n  See '\(spec.invocation) --help' for more information.\n"
    }
}

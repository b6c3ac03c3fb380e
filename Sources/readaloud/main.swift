#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// readaloud: read a book aloud by character, word, sentence, line or paragraph.
///
/// `readaloud <book>` reads the book; `readaloud <subcommand> ...` runs a tool.
let version = "0.1.0"

let subcommands: [(spec: CommandSpec, run: (ParsedArguments) throws(CommandFailure) -> Void)] = [
    (UnitsCommand.spec, UnitsCommand.run),
    (SearchCommand.spec, SearchCommand.run),
    (ProbeCommand.spec, ProbeCommand.run),
    (BenchCommand.spec, BenchCommand.run),
    (SaveCommand.spec, SaveCommand.run),
    (SavedCommand.spec, SavedCommand.run),
    (UnsaveCommand.spec, UnsaveCommand.run),
    (ServeCommand.spec, ServeCommand.run),
    (RenderCommand.spec, RenderCommand.run),
    (ExportCommand.spec, ExportCommand.run),
]

@MainActor
func main() -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    // With standard output closed (`>&-`), the first file opened would take its descriptor.
    if fcntl(1, F_GETFD) < 0 {
        writeToStandardError("Error: cannot write to standard output: it is closed\n")
        return ExitCode.ioError.rawValue
    }
    // `--version` anywhere before a `--` (never an option's value, which cannot start with
    // `--`) prints the version, whatever else the line asks for: `readaloud BOOK --version`
    // reads nothing.
    if arguments.prefix(while: { $0 != "--" }).contains("--version") {
        StandardOutput.shared.line("readaloud \(version)")
        StandardOutput.shared.flush()
        return ExitCode.success.rawValue
    }
    var spec = ReadCommand.spec
    var run: (ParsedArguments) throws(CommandFailure) -> Void = ReadCommand.run
    if let first = arguments.first, let subcommand = subcommands.first(where: { $0.spec.name == first }) {
        arguments.removeFirst()
        spec = subcommand.spec
        run = subcommand.run
    } else if AccessibleCommand.isRequested(by: arguments) {
        spec = AccessibleCommand.spec
        run = AccessibleCommand.run
    } else if InteractiveCommand.isRequested(by: &arguments) {
        spec = InteractiveCommand.spec
        run = InteractiveCommand.run
    }
    do {
        let parsed = try ParsedArguments(arguments, spec: spec)
        if parsed.wantsHelp || (spec.name == nil && arguments.isEmpty) {
            StandardOutput.shared.line(spec.helpText)
            StandardOutput.shared.flush()
            return arguments.isEmpty && spec.name == nil ? ExitCode.usage.rawValue : ExitCode.success.rawValue
        }
        try run(parsed)
        return ExitCode.success.rawValue
    } catch let error as UsageError {
        writeToStandardError(error.report)
        return ExitCode.usage.rawValue
    } catch let error as CommandFailure {
        writeToStandardError(error.report)
        return error.exitCode.rawValue
    } catch {
        writeToStandardError("Error: \(error)\n")
        return ExitCode.software.rawValue
    }
}

exit(main())

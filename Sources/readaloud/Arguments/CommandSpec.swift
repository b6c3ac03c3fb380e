/// What a command accepts: its name, help text, positional arguments and options. The parser,
/// the help screen and the usage line are all derived from it, so they cannot disagree.
struct CommandSpec {
    struct Option {
        /// The long name without dashes ("granularity").
        let name: String
        /// The value's placeholder in help ("G"), or `nil` for a flag.
        let valueName: String?
        let help: String
        /// The accepted values, when the option takes one of a fixed set.
        var allowed: [String]? = nil
        /// The value used when the option is absent, shown in help.
        var defaultValue: String? = nil
        /// Whether the option may be given more than once.
        var repeatable = false
        /// Whether the command cannot run without the option (shown without brackets in the
        /// usage line; the parser reports it missing).
        var required = false
        /// What a value must be, when `allowed` cannot say it: returns what was expected
        /// ("a whole number from 1 to 100") for a value the option cannot take, else `nil`.
        var check: (@Sendable (String) -> String?)? = nil
    }

    struct Positional {
        let name: String
        let help: String
        var optional = false
        var repeatable = false
    }

    /// The subcommand's name, or `nil` for the default command.
    let name: String?
    let abstract: String
    let positionals: [Positional]
    let options: [Option]
    var discussion: String? = nil

    /// The command as typed: "readaloud units".
    var invocation: String { ["readaloud", name].compactMap { $0 }.joined(separator: " ") }

    /// One line: `readaloud save <book> --at <LOCATOR> [--locale <ID>] ...` (optional options in
    /// brackets).
    var usage: String {
        var parts = [invocation]
        for positional in positionals {
            let word = "<\(positional.name)>" + (positional.repeatable ? " ..." : "")
            parts.append(positional.optional ? "[\(word)]" : word)
        }
        for option in options {
            var word = "--\(option.name)"
            if let valueName = option.valueName { word += " <\(valueName)>" }
            if option.repeatable { word += " ..." }
            parts.append(option.required ? word : "[\(word)]")
        }
        return parts.joined(separator: " ")
    }

    /// The `--help` screen, in swift-argument-parser's layout.
    var helpText: String {
        var lines = ["OVERVIEW: \(abstract)", ""]
        if let discussion { lines += [discussion, ""] }
        lines += ["USAGE: \(usage)", ""]
        if !positionals.isEmpty {
            lines.append("ARGUMENTS:")
            for positional in positionals { lines.append(Self.row("<\(positional.name)>", positional.help)) }
            lines.append("")
        }
        lines.append("OPTIONS:")
        for option in options {
            var head = "--\(option.name)"
            if let valueName = option.valueName { head += " <\(valueName)>" }
            var help = option.help
            if let allowed = option.allowed { help += " (values: \(allowed.joined(separator: ", ")))" }
            if let defaultValue = option.defaultValue { help += " (default: \(defaultValue))" }
            lines.append(Self.row(head, help))
        }
        lines.append(Self.row("-h, --help", "Show help information."))
        return lines.joined(separator: "\n")
    }

    private static func row(_ head: String, _ help: String) -> String {
        let padded =
            head.count < 24
            ? head + String(repeating: " ", count: 24 - head.count) : head + "\n" + String(repeating: " ", count: 26)
        return "  " + padded + help
    }
}

/// A command line parsed against a ``CommandSpec``.
struct ParsedArguments {
    let spec: CommandSpec
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    /// Parses `arguments` (without the program and subcommand names).
    ///
    /// Accepts `--name value`, `--name=value`, flags, `-` as a positional (standard input), and
    /// `--` before positionals that start with a dash.
    ///
    /// - Throws: ``UsageError`` for an unknown option, a missing value or one the option does
    ///   not take (not in its `allowed`, refused by its `check`), a repeated option that may
    ///   appear once, a missing required option, or the wrong number of positionals.
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        self.spec = spec
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            guard argument.hasPrefix("--") else { throw UsageError("unknown option '\(argument)'", spec: spec) }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '--\(name)'", spec: spec)
            }
            guard let valueName = option.valueName else {
                guard inlineValue == nil else { throw UsageError("'--\(name)' takes no value", spec: spec) }
                flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError("missing value for '--\(name) <\(valueName)>'", spec: spec)
                }
                value = arguments[index]
                index += 1
            }
            if let allowed = option.allowed, !allowed.contains(value) {
                throw UsageError(
                    "'\(value)' is not a valid value for '--\(name)' (expected one of: \(allowed.joined(separator: ", ")))",
                    spec: spec)
            }
            if let expected = option.check?(value) {
                throw UsageError("'\(value)' is not a valid value for '--\(name)' (\(expected))", spec: spec)
            }
            if values[name] != nil, !option.repeatable {
                throw UsageError("'--\(name)' may be given only once", spec: spec)
            }
            values[name, default: []].append(value)
        }
        guard !wantsHelp else { return }
        let required = spec.positionals.filter { !$0.optional }.count
        let unlimited = spec.positionals.contains { $0.repeatable }
        if positionals.count < required {
            let missing = spec.positionals[positionals.count]
            throw UsageError("missing expected argument '<\(missing.name)>'", spec: spec)
        }
        if !unlimited, positionals.count > spec.positionals.count {
            throw UsageError("unexpected argument '\(positionals[spec.positionals.count])'", spec: spec)
        }
        if let missing = spec.options.first(where: { $0.required && values[$0.name] == nil }) {
            let valueName = missing.valueName.map { " <\($0)>" } ?? ""
            throw UsageError("missing '--\(missing.name)\(valueName)'", spec: spec)
        }
    }
}

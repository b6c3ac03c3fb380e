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
            } else if argument == "--" {
                onlyPositionals = true
            } else if argument == "-h" || argument == "--help" {
                wantsHelp = true
            } else {
                try take(argument, in: arguments, next: &index)
            }
        }
        guard !wantsHelp else { return }
        try checkCounts()
    }

    /// Takes the option `argument`, with its value: after `=`, or the argument at `index`,
    /// which it then passes.
    private mutating func take(_ argument: String, in arguments: [String], next index: inout Int) throws(UsageError) {
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
            return
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
        try check(value, for: option)
        values[name, default: []].append(value)
    }

    /// Checks that `option` takes `value` (in its `allowed`, passing its `check`) and, unless
    /// it is repeatable, has none yet.
    private func check(_ value: String, for option: CommandSpec.Option) throws(UsageError) {
        let name = option.name
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
    }

    /// Checks the number of positionals and that every required option was given.
    private func checkCounts() throws(UsageError) {
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

/// An option a command reads as a typed value: its entry in the command's spec (for the parser
/// and the help screen) and how the parsed value becomes `Value`, with the default written
/// once, here. Read it with `arguments[option]`.
///
/// The parser checks a value against the option (one of its choices, a number in its range)
/// before the command runs, so reading never fails.
struct CommandOption<Value: Sendable>: Sendable {
    let spec: CommandSpec.Option
    fileprivate let read: @Sendable (_ given: [String]) -> Value

    var name: String { spec.name }
}

extension ParsedArguments {
    /// The value of `option`: the one given (the last, for an option given once), else its
    /// default.
    subscript<Value>(_ option: CommandOption<Value>) -> Value {
        option.read(
            option.spec.valueName == nil ? (flags.contains(option.name) ? [""] : []) : values[option.name] ?? [])
    }

    /// Whether `option` was given on the command line (not merely defaulted).
    func isGiven<Value>(_ option: CommandOption<Value>) -> Bool {
        values[option.name] != nil || flags.contains(option.name)
    }
}

extension CommandOption where Value == Bool {
    /// An option without a value: `true` when given.
    static func flag(_ name: String, help: String) -> Self {
        Self(spec: CommandSpec.Option(name: name, valueName: nil, help: help)) { !$0.isEmpty }
    }
}

extension CommandOption where Value == String? {
    /// A text value without a default: `nil` when absent.
    static func text(_ name: String, valueName: String, help: String, required: Bool = false) -> Self {
        Self(spec: CommandSpec.Option(name: name, valueName: valueName, help: help, required: required)) { $0.last }
    }
}

extension CommandOption where Value == String {
    /// A text value with a default.
    static func text(_ name: String, valueName: String, help: String, default defaultValue: String) -> Self {
        Self(spec: CommandSpec.Option(name: name, valueName: valueName, help: help, defaultValue: defaultValue)) {
            $0.last ?? defaultValue
        }
    }
}

extension CommandOption where Value == [String] {
    /// A text value that may be given more than once: every one given, in order.
    static func texts(_ name: String, valueName: String, help: String) -> Self {
        Self(spec: CommandSpec.Option(name: name, valueName: valueName, help: help, repeatable: true)) { $0 }
    }
}

extension CommandOption where Value == Int {
    /// A whole number in `range`, with a default.
    static func integer(
        _ name: String, valueName: String, help: String, in range: ClosedRange<Int>, default defaultValue: Int
    ) -> Self {
        Self(spec: .number(name, valueName, help, range, "a whole number", Int.init, shown: String(defaultValue))) {
            $0.last.flatMap(Int.init) ?? defaultValue
        }
    }
}

extension CommandOption where Value == Int? {
    /// A whole number in `range` without a default (help may describe one that depends on
    /// other options): `nil` when absent.
    static func integer(_ name: String, valueName: String, help: String, in range: ClosedRange<Int>) -> Self {
        Self(spec: .number(name, valueName, help, range, "a whole number", Int.init, shown: nil)) {
            $0.last.flatMap(Int.init)
        }
    }
}

extension CommandOption where Value == Double {
    /// A finite decimal number in `range`, with a default.
    static func decimal(
        _ name: String, valueName: String, help: String, in range: ClosedRange<Double>, default defaultValue: Double
    ) -> Self {
        let shown = defaultValue == defaultValue.rounded() ? String(Int(defaultValue)) : String(defaultValue)
        return Self(spec: .number(name, valueName, help, range, "a number", Self.finite, shown: shown)) {
            $0.last.flatMap(Self.finite) ?? defaultValue
        }
    }

    private static func finite(_ text: String) -> Double? { Double(text).flatMap { $0.isFinite ? $0 : nil } }
}

extension CommandOption where Value: RawRepresentable, Value.RawValue == String {
    /// One of `allowed`, with a default.
    static func choice(_ name: String, valueName: String, help: String, allowed: [Value], default defaultValue: Value)
        -> Self
    {
        Self(
            spec: CommandSpec.Option(
                name: name, valueName: valueName, help: help, allowed: allowed.map(\.rawValue),
                defaultValue: defaultValue.rawValue)
        ) { $0.last.flatMap(Value.init(rawValue:)) ?? defaultValue }
    }
}

extension CommandOption {
    /// One of `allowed` without a default: `nil` when absent.
    static func choice<Choice: RawRepresentable & Sendable>(
        _ name: String, valueName: String, help: String, allowed: [Choice]
    ) -> Self where Value == Choice?, Choice.RawValue == String {
        Self(spec: CommandSpec.Option(name: name, valueName: valueName, help: help, allowed: allowed.map(\.rawValue))) {
            $0.last.flatMap(Choice.init(rawValue:))
        }
    }

    /// Some of `allowed`, each given once or more: those given, in the order of `allowed`, else
    /// all of `allowed` (shown in help as `shownDefault`).
    static func choices<Choice: RawRepresentable & Sendable>(
        _ name: String, valueName: String, help: String, allowed: [Choice], shownDefault: String
    ) -> Self where Value == [Choice], Choice.RawValue == String {
        Self(
            spec: CommandSpec.Option(
                name: name, valueName: valueName, help: help, allowed: allowed.map(\.rawValue),
                defaultValue: shownDefault, repeatable: true)
        ) { given in
            given.isEmpty ? allowed : allowed.filter { given.contains($0.rawValue) }
        }
    }
}

extension CommandOption {
    /// A value `parse` reads, with a default (shown in help as `shownDefault`): a text it reads
    /// as `nil` is refused before the command runs, as not `expected`.
    static func parsed(
        _ name: String, valueName: String, help: String, expected: String, default defaultValue: Value,
        shownDefault: String, parse: @escaping @Sendable (String) -> Value?
    ) -> Self {
        Self(
            spec: CommandSpec.Option(
                name: name, valueName: valueName, help: help, defaultValue: shownDefault,
                check: { parse($0) == nil ? "expected \(expected)" : nil })
        ) { $0.last.flatMap(parse) ?? defaultValue }
    }
}

extension CommandSpec.Option {
    /// An option whose value is a number read by `parse` and checked against `range`.
    fileprivate static func number<Number: Comparable & Sendable>(
        _ name: String, _ valueName: String, _ help: String, _ range: ClosedRange<Number>, _ kind: String,
        _ parse: @escaping @Sendable (String) -> Number?, shown defaultValue: String?
    ) -> Self {
        Self(
            name: name, valueName: valueName, help: help, defaultValue: defaultValue,
            check: { text in
                guard let number = parse(text), range.contains(number) else {
                    return "expected \(kind) from \(range.lowerBound) to \(range.upperBound)"
                }
                return nil
            })
    }
}

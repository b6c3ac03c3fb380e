import ReadaloudJSON
import TextNavigation

/// A request's named parameters, read with checks that name the field at fault
/// (``RPCError/invalidParams(_:_:)``).
struct RPCParams {
    let fields: [(String, JSONValue)]

    /// The parameters of a request: an object whose fields are all among `allowed`, or absent.
    init(_ params: JSONValue?, allowed: [String]) throws(RPCError) {
        switch params {
        case nil, .null?: fields = []
        case .object(let fields)?:
            for (name, _) in fields where !allowed.contains(name) {
                throw .invalidParams(
                    name,
                    "unknown parameter"
                        + (allowed.isEmpty
                            ? " (this method takes none)" : " (expected: \(allowed.joined(separator: ", ")))"))
            }
            self.fields = fields
        default: throw .invalidParams("params", "must be an object of named parameters")
        }
    }

    /// The value of `name`, or `nil` when it is absent or null.
    subscript(name: String) -> JSONValue? {
        guard let value = fields.last(where: { $0.0 == name })?.1 else { return nil }
        if case .null = value { return nil }
        return value
    }

    func has(_ name: String) -> Bool { self[name] != nil }

    /// A whole number in `range`; `nil` when absent.
    func optionalInteger(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(RPCError) -> Int? {
        guard let value = self[name] else { return nil }
        let integer: Int
        switch value {
        case .integer(let number): integer = number
        case .number(let number) where number == number.rounded() && abs(number) < 1e18: integer = Int(number)
        default: throw .invalidParams(name, "must be a whole number, not \(Self.describe(value))")
        }
        guard range.contains(integer) else {
            throw .invalidParams(name, "\(integer) is out of range (\(range.lowerBound) to \(range.upperBound))")
        }
        return integer
    }

    /// A whole number in `range`.
    func integer(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(RPCError) -> Int {
        guard let integer = try optionalInteger(name, in: range) else { throw .invalidParams(name, "is missing") }
        return integer
    }

    /// A number greater than zero; `nil` when absent.
    func optionalPositiveNumber(_ name: String) throws(RPCError) -> Double? {
        guard let value = self[name] else { return nil }
        let number: Double
        switch value {
        case .integer(let integer): number = Double(integer)
        case .number(let double): number = double
        default: throw .invalidParams(name, "must be a number, not \(Self.describe(value))")
        }
        guard number > 0, number <= 1000 else { throw .invalidParams(name, "must be above 0 and at most 1000") }
        return number
    }

    /// A finite number (a coordinate).
    func coordinate(_ name: String) throws(RPCError) -> Double {
        guard let value = self[name] else { throw .invalidParams(name, "is missing") }
        switch value {
        case .integer(let integer): return Double(integer)
        case .number(let double) where double.isFinite && abs(double) < 1e12: return double
        default: throw .invalidParams(name, "must be a finite number, not \(Self.describe(value))")
        }
    }

    /// A string; `nil` when absent.
    func optionalString(_ name: String) throws(RPCError) -> String? {
        guard let value = self[name] else { return nil }
        guard case .string(let string) = value else {
            throw .invalidParams(name, "must be a string, not \(Self.describe(value))")
        }
        return string
    }

    /// A string.
    func string(_ name: String) throws(RPCError) -> String {
        guard let string = try optionalString(name) else { throw .invalidParams(name, "is missing") }
        return string
    }

    /// A boolean; `nil` when absent.
    func optionalBool(_ name: String) throws(RPCError) -> Bool? {
        guard let value = self[name] else { return nil }
        guard case .bool(let bool) = value else {
            throw .invalidParams(name, "must be true or false, not \(Self.describe(value))")
        }
        return bool
    }

    /// Kinds of content, as an array of their names (``ContentKind/init(name:)``: `note`,
    /// `table`… or their plurals); `defaultValue` when absent.
    func kinds(_ name: String, default defaultValue: Set<ContentKind>) throws(RPCError) -> Set<ContentKind> {
        guard let value = self[name] else { return defaultValue }
        let known = ContentKind.allCases.map(\.rawValue).joined(separator: ", ")
        guard case .array(let items) = value else {
            throw .invalidParams(name, "must be an array of kinds (\(known)), not \(Self.describe(value))")
        }
        var kinds: Set<ContentKind> = []
        for item in items {
            guard case .string(let text) = item else {
                throw .invalidParams(name, "holds \(Self.describe(item)), not the name of a kind (one of: \(known))")
            }
            guard let kind = ContentKind(name: text) else {
                throw .invalidParams(name, "'\(text)' is no kind of content (one of: \(known))")
            }
            kinds.insert(kind)
        }
        return kinds
    }

    /// One of `choices`' names; `defaultValue` when absent (missing when that is `nil`).
    func choice<Value>(_ name: String, _ choices: [(String, Value)], default defaultValue: Value? = nil)
        throws(RPCError) -> Value
    {
        guard let text = try optionalString(name) else {
            if let defaultValue { return defaultValue }
            throw .invalidParams(name, "is missing (one of: \(choices.map(\.0).joined(separator: ", ")))")
        }
        guard let value = choices.first(where: { $0.0 == text })?.1 else {
            throw .invalidParams(
                name, "'\(text)' is not one of: \(choices.map(\.0).joined(separator: ", "))")
        }
        return value
    }

    /// A granularity: character, word, sentence, line or paragraph.
    func granularity(_ name: String = "granularity", default defaultValue: TextGranularity? = nil) throws(RPCError)
        -> TextGranularity
    {
        try choice(
            name, [TextGranularity.character, .word, .sentence, .line, .paragraph].map { ($0.rawValue, $0) },
            default: defaultValue)
    }

    /// The words a client may send for a direction.
    static let directions: [(String, TextDirection)] = [
        ("forward", .forward), ("backward", .backward), ("right", .right), ("left", .left), ("up", .up),
        ("down", .down),
    ]

    /// A type name for an error message.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .number(let number): "the number \(number)"
        case .integer(let number): "the number \(number)"
        case .bool(let bool): "\(bool)"
        case .string: "a string"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

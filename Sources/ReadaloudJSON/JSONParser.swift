/// Reads one JSON text (RFC 8259) from UTF-8 bytes into a ``JSONValue``: the server's request
/// reader, and the bench's reader of the server's answers.
///
/// Strict: no trailing commas, comments or bare words; strings must be valid UTF-8 with valid
/// escapes (a lone surrogate escape is refused); nesting deeper than ``maximumDepth`` is refused
/// rather than risking the stack. Whole numbers that fit an `Int` become
/// ``JSONValue/integer(_:)``; other numbers ``JSONValue/number(_:)``.
package struct JSONParser {
    /// Why a text is not JSON, with the byte offset where reading stopped.
    package struct Failure: Error, CustomStringConvertible {
        package let message: String
        package let offset: Int
        package var description: String { "\(message) at byte \(offset)" }
    }

    /// How deeply arrays and objects may nest.
    package static let maximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The value `bytes` hold: one JSON value, with only white space around it.
    package static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> JSONValue in
            var parser = JSONParser(buffer)
            parser.skipWhiteSpace()
            let value = try parser.value()
            parser.skipWhiteSpace()
            guard parser.index == buffer.count else { throw parser.failure("unexpected text after the JSON value") }
            return value
        }
    }

    private func failure(_ message: String) -> Failure { Failure(message: message, offset: index) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhiteSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value() throws(Failure) -> JSONValue {
        guard let byte = current else { throw failure("the JSON text ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character where a value should be")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unknown word (expected true, false or null)") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw failure("unknown word (expected true, false or null)")
        }
        index += count
        return value
    }

    private mutating func nested<T>(_ body: (inout JSONParser) throws(Failure) -> T) throws(Failure) -> T {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func object() throws(Failure) -> JSONValue {
        try nested { (parser) throws(Failure) -> JSONValue in
            parser.index += 1
            var fields: [(String, JSONValue)] = []
            parser.skipWhiteSpace()
            if parser.current == UInt8(ascii: "}") {
                parser.index += 1
                return .object(fields)
            }
            while true {
                parser.skipWhiteSpace()
                guard parser.current == UInt8(ascii: "\"") else {
                    throw parser.failure("expected a quoted member name")
                }
                let key = try parser.string()
                parser.skipWhiteSpace()
                guard parser.current == UInt8(ascii: ":") else {
                    throw parser.failure("expected ':' after a member name")
                }
                parser.index += 1
                parser.skipWhiteSpace()
                fields.append((key, try parser.value()))
                parser.skipWhiteSpace()
                switch parser.current {
                case UInt8(ascii: ","): parser.index += 1
                case UInt8(ascii: "}"):
                    parser.index += 1
                    return .object(fields)
                default: throw parser.failure("expected ',' or '}' in an object")
                }
            }
        }
    }

    private mutating func array() throws(Failure) -> JSONValue {
        try nested { (parser) throws(Failure) -> JSONValue in
            parser.index += 1
            var values: [JSONValue] = []
            parser.skipWhiteSpace()
            if parser.current == UInt8(ascii: "]") {
                parser.index += 1
                return .array(values)
            }
            while true {
                parser.skipWhiteSpace()
                values.append(try parser.value())
                parser.skipWhiteSpace()
                switch parser.current {
                case UInt8(ascii: ","): parser.index += 1
                case UInt8(ascii: "]"):
                    parser.index += 1
                    return .array(values)
                default: throw parser.failure("expected ',' or ']' in an array")
                }
            }
        }
    }

    private mutating func number() throws(Failure) -> JSONValue {
        let start = index
        var isInteger = true
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { throw failure("expected a digit") }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let digit = current, isDigit(digit) else { throw failure("expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, isDigit(digit) else { throw failure("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw failure("the number \(text) is out of range") }
        return .number(double)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1  // the opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        while true {
            guard let byte = current else { throw failure("the text ends inside a string") }
            switch byte {
            case UInt8(ascii: "\""):
                try appendRun(from: runStart, to: &scalars)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try appendRun(from: runStart, to: &scalars)
                index += 1
                scalars.append(try escape())
                runStart = index
            case 0..<0x20:
                throw failure("a control character must be escaped inside a string")
            default:
                index += 1
            }
        }
    }

    /// Appends the raw bytes `runStart..<index` of a string, which must be valid UTF-8.
    private func appendRun(from runStart: Int, to scalars: inout String.UnicodeScalarView) throws(Failure) {
        guard runStart < index else { return }
        var iterator = UnsafeBufferPointer(rebasing: bytes[runStart..<index]).makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return
            case .error: throw Failure(message: "invalid UTF-8 in a string", offset: runStart)
            }
        }
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let byte = current else { throw failure("the text ends inside an escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            if UTF16.isLeadSurrogate(unit) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("a lone surrogate escape (\\u\(String(unit, radix: 16)))") }
                index += 2
                let trail = try hexUnit()
                guard UTF16.isTrailSurrogate(trail) else { throw failure("a lead surrogate escape without its trail") }
                return Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(unit) else {
                throw failure("a lone surrogate escape (\\u\(String(unit, radix: 16)))")
            }
            return scalar
        default: throw failure("unknown escape")
        }
    }

    private mutating func hexUnit() throws(Failure) -> UInt16 {
        guard index + 4 <= bytes.count else { throw failure("the text ends inside a \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("expected four hex digits after \\u")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }
}

/// A JSON object written field by field, in the order given: the JSON Lines output's builder
/// (faster than an encoder per event, and the field order is part of the documented schema).
package struct JSONObject {
    private var body = ""

    package init() {}

    /// Adds a string field.
    package mutating func add(_ key: String, _ value: String) { append(key, Self.quoted(value)) }
    /// Adds a number field.
    package mutating func add(_ key: String, _ value: Int) { append(key, String(value)) }
    /// Adds a true or false field.
    package mutating func add(_ key: String, _ value: Bool) { append(key, value ? "true" : "false") }
    /// Adds a nested object.
    package mutating func add(_ key: String, _ value: JSONObject) { append(key, value.text) }
    /// Adds an array of objects.
    package mutating func add(_ key: String, _ values: [JSONObject]) {
        append(key, "[" + values.map(\.text).joined(separator: ",") + "]")
    }
    /// Adds any value.
    package mutating func add(_ key: String, _ value: JSONValue) { append(key, value.text) }
    /// Adds an array of strings.
    package mutating func add(_ key: String, _ values: [String]) {
        append(key, "[" + values.map(Self.quoted).joined(separator: ",") + "]")
    }

    private mutating func append(_ key: String, _ raw: String) {
        if !body.isEmpty { body += "," }
        body += Self.quoted(key) + ":" + raw
    }

    /// The object as one line of JSON.
    package var text: String { "{" + body + "}" }

    /// `value` as a JSON string literal: quotes, backslashes and control characters (C0, DEL
    /// and C1, so that no terminal acts on them) escaped; everything else (all of Unicode) as is.
    package static func quoted(_ value: String) -> String {
        var result = "\""
        result.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

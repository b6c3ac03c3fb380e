/// A JSON value: numbers, booleans, strings, arrays and objects with their keys in the order
/// given. The bench's `--json` report is written as one; `serve` reads requests into one
/// (``JSONParser``) and writes its answers from one.
package enum JSONValue {
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case string(String)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The value as compact JSON text. Numbers that are not finite become `null`.
    package var text: String {
        switch self {
        case .number(let value):
            guard value.isFinite else { return "null" }
            return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .integer(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .string(let value): return JSONObject.quoted(value)
        case .null: return "null"
        case .array(let values): return "[" + values.map(\.text).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.map { JSONObject.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }
}

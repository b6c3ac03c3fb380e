/// A value printed as one field of a tab-separated text line (`saved`'s text output), escaped so
/// that it holds no tab and no line break and every record stays on one line: a backslash prints
/// as `\\`, a tab as `\t`, a line feed as `\n`, a carriage return as `\r`, and any other line
/// break (U+000B, U+000C, U+0085, U+2028, U+2029) as `\u` and four hex digits (`\u2028`).
/// Reading a field back, `\` always starts one of these escapes.
enum EscapedField {
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\\", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }
}

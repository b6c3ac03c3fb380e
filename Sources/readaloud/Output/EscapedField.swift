/// A value printed as one field of a tab-separated text line (`saved`'s text output), escaped so
/// that it holds no tab and no line break and every record stays on one line: a backslash prints
/// as `\\`, a tab as `\t`, a line feed as `\n`, a carriage return as `\r`, and any other line
/// break (U+000B, U+000C, U+0085, U+2028, U+2029) as `\u` and four hex digits (`\u2028`). Other
/// control characters then show as in all text output (``CommonOptions/oneLine(_:)``).
enum EscapedField {
    private static let escapes: [Unicode.Scalar: String] = [
        "\\": #"\\"#, "\t": #"\t"#, "\n": #"\n"#, "\r": #"\r"#,
        "\u{0B}": #"\u000b"#, "\u{0C}": #"\u000c"#, "\u{85}": #"\u0085"#, "\u{2028}": #"\u2028"#,
        "\u{2029}": #"\u2029"#,
    ]

    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let escape = escapes[scalar] { result += escape } else { result.unicodeScalars.append(scalar) }
        }
        return CommonOptions.oneLine(result)
    }
}

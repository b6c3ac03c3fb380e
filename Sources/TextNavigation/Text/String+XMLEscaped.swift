extension String {
    /// The string as XML text or an attribute value: `&`, `<`, `>`, `"` and `'` escaped, and
    /// the characters XML cannot hold (controls other than tab and line ends, U+FFFE, U+FFFF)
    /// as spaces. One escaping for every XML the package writes: speech markup (SSML) and
    /// exported EPUBs.
    package var xmlEscaped: String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

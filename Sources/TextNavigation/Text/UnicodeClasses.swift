/// Character classes the text model needs on hot paths, decided per UTF-16 code unit (every
/// member is in the Basic Multilingual Plane, so a surrogate is never one).
enum UnicodeClasses {
    /// Unicode's White_Space property (PropList.txt): tab through carriage return, space, NEL,
    /// no-break space, ogham space, the U+2000 spaces, line and paragraph separators, narrow
    /// no-break space, medium mathematical space and ideographic space.
    @inline(__always)
    static func isWhiteSpace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            true
        default:
            false
        }
    }

    /// A hard paragraph break: line feed, vertical tab, form feed, carriage return, next line
    /// (NEL) or paragraph separator. A CR LF pair is one break.
    @inline(__always)
    static func isParagraphSeparator(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0A...0x0D, 0x85, 0x2029: true
        default: false
        }
    }

    /// A hard line break: a paragraph separator or U+2028 LINE SEPARATOR.
    @inline(__always)
    static func isLineSeparator(_ unit: UInt16) -> Bool {
        unit == 0x2028 || isParagraphSeparator(unit)
    }
}

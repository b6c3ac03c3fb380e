/// Where a lexicon's word entry may start and end: not inside a run of letters, marks and
/// digits, except in scripts written without spaces, where words have no visible edge.
enum WordBoundaries {
    /// Whether a word entry may start at `offset` of `units`.
    static func startsWord(_ units: [UInt16], at offset: Int) -> Bool {
        guard let next = scalar(in: units, at: offset), !UTF16.isTrailSurrogate(units[offset]) else { return false }
        guard isWordCharacter(next) else { return true }
        guard let previous = scalar(in: units, before: offset) else { return true }
        return !isWordCharacter(previous) || ICU.Properties.isUnspaced(next) || ICU.Properties.isUnspaced(previous)
    }

    /// Whether a word entry may end at `offset` of `units`.
    static func endsWord(_ units: [UInt16], at offset: Int) -> Bool {
        guard let previous = scalar(in: units, before: offset) else { return false }
        guard let next = scalar(in: units, at: offset) else { return true }
        if UTF16.isTrailSurrogate(units[offset]) { return false }
        guard isWordCharacter(previous), isWordCharacter(next) else {
            return !(next.properties.generalCategory == .nonspacingMark)
        }
        return ICU.Properties.isUnspaced(next) || ICU.Properties.isUnspaced(previous)
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isAlphabetic || properties.numericType != nil { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: return true
        default: return false
        }
    }

    /// The scalar starting at `offset` (a lone surrogate as U+FFFD), or `nil` at the end.
    private static func scalar(in units: [UInt16], at offset: Int) -> Unicode.Scalar? {
        guard offset >= 0, offset < units.count else { return nil }
        let unit = units[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < units.count, UTF16.isTrailSurrogate(units[offset + 1]) {
            return UTF16.decode(UTF16.EncodedScalar([unit, units[offset + 1]]))
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    /// The scalar ending just before `offset`, or `nil` at the start.
    private static func scalar(in units: [UInt16], before offset: Int) -> Unicode.Scalar? {
        guard offset > 0, offset <= units.count else { return nil }
        let unit = units[offset - 1]
        if UTF16.isTrailSurrogate(unit), offset >= 2, UTF16.isLeadSurrogate(units[offset - 2]) {
            return scalar(in: units, at: offset - 2)
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }
}

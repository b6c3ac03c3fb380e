/// The terminal cell model: each grapheme cluster advances a whole number of cells, and a line
/// is one cell tall.
///
/// A cluster advances:
/// - 2 cells when any of its scalars is East Asian Wide or Fullwidth, has Emoji_Presentation,
///   or is U+FE0F VARIATION SELECTOR-16 (an emoji presentation sequence);
/// - 0 cells when every scalar is a control (Cc), a format character (Cf), or a line or
///   paragraph separator (Zl, Zp): hard breaks, tabs, zero-width spaces and joiners, soft
///   hyphens and byte-order marks take no room;
/// - 1 cell otherwise (East Asian Ambiguous characters are narrow).
///
/// Properties come from ICU's Unicode data; printable ASCII is decided without calling ICU.
public struct CellMetrics: FontMetrics, Hashable {
    /// The default model.
    public init() {}

    public var lineHeight: Double { 1 }

    public func advance(of cluster: Range<Int>, in storage: TextStorage) -> Double {
        guard let first = storage.codeUnit(at: cluster.lowerBound) else { return 0 }
        if cluster.count == 1, first < 0x80 {
            return first >= 0x20 && first < 0x7F ? 1 : 0
        }
        var offset = cluster.lowerBound
        var isZeroWidth = true
        while offset < cluster.upperBound, let scalar = storage.scalar(at: offset) {
            if scalar.value == 0xFE0F || ICU.Properties.isWide(scalar)
                || ICU.Properties.isEmojiPresentation(scalar)
            {
                return 2
            }
            if isZeroWidth, !Self.takesNoRoom(scalar) { isZeroWidth = false }
            offset += scalar.utf16.count
        }
        return isZeroWidth ? 0 : 1
    }

    /// The advance of a cluster that is the one BMP code unit `unit` (not a surrogate), as
    /// ``advance(of:in:)`` gives it, from a table built once per process from ICU's data.
    ///
    /// - Complexity: O(1) (the first call builds the table: about 64,000 property look-ups).
    @inline(__always)
    static func advance(ofUnit unit: UInt16) -> Double {
        advance(ofUnit: unit, singleUnitAdvances.entries)
    }

    /// ``advance(ofUnit:)`` with the table of advances at hand (``singleUnitAdvances``).
    @inline(__always)
    static func advance(ofUnit unit: UInt16, _ table: UnsafeBufferPointer<UInt8>) -> Double {
        if unit < 0x80 { return unit >= 0x20 && unit < 0x7F ? 1 : 0 }
        return Double(table[Int(unit)])
    }

    /// The advance of each BMP code unit standing alone as a cluster (surrogates read as 1, as
    /// U+FFFD does; callers send surrogates to ``advance(of:in:)``).
    static let singleUnitAdvances = CodeUnitTable(singleUnitAdvanceValues())

    /// The entries of ``singleUnitAdvances``, from ICU's East_Asian_Width, Emoji_Presentation
    /// and general category values.
    private static func singleUnitAdvanceValues() -> [UInt8] {
        var table = [UInt8](repeating: 1, count: 0x1_0000)
        for unit in 0..<0x1_0000 where !(0xD800...0xDFFF).contains(unit) {
            let scalar = Unicode.Scalar(UInt32(unit))!
            if unit < 0x80 {
                table[unit] = unit >= 0x20 && unit < 0x7F ? 1 : 0
            } else if unit == 0xFE0F || ICU.Properties.isWide(scalar) || ICU.Properties.isEmojiPresentation(scalar) {
                table[unit] = 2
            } else {
                table[unit] = takesNoRoom(scalar) ? 0 : 1
            }
        }
        return table
    }

    /// Whether `scalar` is a control, format, line separator or paragraph separator character.
    private static func takesNoRoom(_ scalar: Unicode.Scalar) -> Bool {
        switch ICU.Properties.generalCategory(scalar) {
        case 13, 14, 15, 16: true  // U_LINE_SEPARATOR, U_PARAGRAPH_SEPARATOR, U_CONTROL_CHAR, U_FORMAT_CHAR
        default: false
        }
    }
}

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
        guard let first = storage.unit(at: cluster.lowerBound) else { return 0 }
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

    /// Whether `scalar` is a control, format, line separator or paragraph separator character.
    private static func takesNoRoom(_ scalar: Unicode.Scalar) -> Bool {
        switch ICU.Properties.generalCategory(scalar) {
        case 13, 14, 15, 16: true  // U_LINE_SEPARATOR, U_PARAGRAPH_SEPARATOR, U_CONTROL_CHAR, U_FORMAT_CHAR
        default: false
        }
    }
}

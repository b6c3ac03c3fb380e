/// The line breaker elements use by default: until the layout engine lands, lines break at
/// hard breaks and at the last space before the width (a greedy fit by UTF-16 units).
enum LineBreaking {
    static let breaker: ElementLines.LineBreaker = { text, _, width in
        SegmentBuilder.hardBreakUnits(of: text, includeLineSeparator: true)
    }
}

extension Narration {
    /// The units read-all reads in an element with narration: its `spans`, and the parts of
    /// `units` (the granularity's) outside them, in order.
    static func units(_ units: TextUnits, around spans: [NarratedSpan]) -> TextUnits {
        guard !spans.isEmpty else { return units }
        var pieces: [Range<Int>] = spans.map(\.range)
        for index in 0..<units.count {
            var rest = [units[index]]
            for span in spans where span.range.overlaps(units[index]) {
                rest = rest.flatMap { piece -> [Range<Int>] in
                    guard piece.overlaps(span.range) else { return [piece] }
                    return [
                        piece.lowerBound..<max(piece.lowerBound, span.range.lowerBound),
                        min(piece.upperBound, span.range.upperBound)..<piece.upperBound,
                    ]
                    .filter { !$0.isEmpty }
                }
            }
            pieces += rest
        }
        return TextUnits(pieces.sorted { $0.lowerBound < $1.lowerBound })
    }
}

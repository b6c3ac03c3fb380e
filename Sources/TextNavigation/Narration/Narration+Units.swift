extension Narration {
    /// The units read-all reads in an element with narration: its `spans`, and the parts of
    /// `units` (the granularity's) outside them that have something to say, in order. A part
    /// of only punctuation and spaces (`text` gives a range's text), such as the period after
    /// a word's clip in a book narrated word by word, has nothing a voice would say: it is
    /// left out rather than spoken between two clips.
    static func units(_ units: TextUnits, around spans: [NarratedSpan], text: (Range<Int>) -> String) -> TextUnits {
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
            pieces += rest.filter { !isSilent(text($0)) }
        }
        return TextUnits(pieces.sorted { $0.lowerBound < $1.lowerBound })
    }

    /// Whether `text` holds only punctuation, spaces and format characters.
    static func isSilent(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation, .spaceSeparator, .lineSeparator,
                .paragraphSeparator, .control, .format:
                return true
            default: return false
            }
        }
    }
}

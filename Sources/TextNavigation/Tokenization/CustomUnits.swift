/// A backend's own tokenizer for some granularities of a ``StringTokenizer``'s text (MeCab for
/// Japanese words, a dictionary of its own): the units of those granularities are found by
/// walking its boundaries, once, and cached as ICU's would be.
///
/// `Sendable`: both parts are immutable (the tokenizer is `Sendable` by its protocol).
final class CustomUnits: Sendable {
    /// The granularities a custom tokenizer may give: characters are always grapheme clusters,
    /// lines always come from layout, and the document is always the whole text.
    static let allowedGranularities: Set<TextGranularity> = [.word, .sentence, .paragraph]

    let tokenizer: any TextTokenizer
    /// The granularities whose units come from ``tokenizer``: those asked for that it may give.
    let granularities: Set<TextGranularity>

    /// `nil` when none of `granularities` may come from a custom tokenizer.
    init?(tokenizer: any TextTokenizer, granularities: Set<TextGranularity>) {
        let taken = granularities.intersection(Self.allowedGranularities)
        guard !taken.isEmpty else { return nil }
        self.tokenizer = tokenizer
        self.granularities = taken
    }

    /// The units of `granularity` in a text of `length` UTF-16 units, in order: from the start,
    /// the unit that holds each position going forward, and past each gap the next unit's start,
    /// as the tokenizer answers ``TextTokenizer/rangeEnclosingPosition(_:with:inDirection:)``
    /// and ``TextTokenizer/position(from:toBoundary:inDirection:)``.
    ///
    /// Whatever the tokenizer answers, the units hold the engine's invariants: they lie in the
    /// text, in order, without overlapping, and their ends are grapheme-cluster boundaries
    /// (`isCharacterBoundary`; an end inside a cluster moves out to the cluster's edge, and a
    /// unit left empty is dropped). The walk always moves forward, so it ends.
    ///
    /// - Complexity: O(*u*) of the tokenizer's queries for *u* units and gaps.
    func units(for granularity: TextGranularity, length: Int, isCharacterBoundary: (Int) -> Bool) -> TextUnits {
        func boundary(atOrBefore offset: Int) -> Int {
            var offset = offset
            while offset > 0, !isCharacterBoundary(offset) { offset -= 1 }
            return offset
        }
        func boundary(atOrAfter offset: Int) -> Int {
            var offset = offset
            while offset < length, !isCharacterBoundary(offset) { offset += 1 }
            return offset
        }
        var units = TextUnits()
        var previousEnd = 0
        var offset = 0
        while offset < length {
            let position = TextPosition(offset: offset)
            if let range = tokenizer.rangeEnclosingPosition(
                position, with: granularity, inDirection: .storage(.forward)),
                range.end.offset > offset
            {
                let start = Swift.max(boundary(atOrBefore: Swift.max(range.start.offset, 0)), previousEnd)
                let end = boundary(atOrAfter: Swift.min(range.end.offset, length))
                if end > start {
                    units.append(start..<end)
                    previousEnd = end
                }
                offset = end
            } else if let next = tokenizer.position(
                from: position, toBoundary: granularity, inDirection: .storage(.forward)), next.offset > offset
            {
                offset = next.offset
            } else {
                break
            }
        }
        return units
    }
}

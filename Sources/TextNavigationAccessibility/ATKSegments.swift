/// The segments ATK's text queries return for one kind of boundary in one text: the stretches
/// between consecutive boundaries, with ATK's conventions for the text's edges.
///
/// `get_text_at_offset` with `WORD_START` returns the text from the word start at or before
/// the offset to the next word start, and so on for every boundary kind: the boundaries are
/// the starts (or ends) of the tokenizer's units, and the text's start and end are always
/// boundaries. At the text's end, the segment at the offset is the last one (the last line, the
/// last sentence), except for characters, where it is empty.
///
/// Offsets are whatever the boundaries count (the bridge gives it characters).
public struct ATKSegments: Sendable, Equatable {
    /// The boundaries in increasing order, from 0 to the text's length.
    public let boundaries: [Int]
    /// Whether the segments are characters (empty at the text's end).
    public let isCharacter: Bool

    /// The segments between `boundaries` (any order, duplicates allowed) and the text's edges,
    /// `0` and `length`; boundaries outside `0...length` are ignored.
    public init(boundaries: some Sequence<Int>, length: Int, isCharacter: Bool = false) {
        var all = Set(boundaries.filter { $0 >= 0 && $0 <= length })
        all.insert(0)
        all.insert(max(0, length))
        self.boundaries = all.sorted()
        self.isCharacter = isCharacter
    }

    /// The text's length.
    public var length: Int { boundaries.last ?? 0 }

    /// The segment that holds `offset`, or `nil` for an offset outside the text, for an empty
    /// text, and for characters at the text's end.
    public func segment(at offset: Int) -> Range<Int>? {
        guard offset >= 0, offset <= length, length > 0 else { return nil }
        if offset == length { return isCharacter ? nil : boundaries[boundaries.count - 2]..<length }
        // The last boundary at or before the offset.
        var low = 0
        var high = boundaries.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if boundaries[middle] <= offset { low = middle } else { high = middle }
        }
        return boundaries[low]..<boundaries[low + 1]
    }

    /// The segment before the one at `offset`: empty at the text's start when there is none;
    /// `nil` for an offset outside the text.
    public func segment(before offset: Int) -> Range<Int>? {
        guard offset >= 0, offset <= length else { return nil }
        let start = segment(at: offset)?.lowerBound ?? offset
        guard start > 0 else { return 0..<0 }
        return segment(at: start - 1)
    }

    /// The segment after the one at `offset`: empty at the text's end when there is none; `nil`
    /// for an offset outside the text.
    public func segment(after offset: Int) -> Range<Int>? {
        guard offset >= 0, offset <= length else { return nil }
        guard let end = segment(at: offset)?.upperBound, end < length else { return length..<length }
        return segment(at: end)
    }
}

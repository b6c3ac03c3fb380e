/// Finds the units of text (characters, words, sentences, paragraphs, lines, the document)
/// around positions: the four queries of UIKit's `UITextInputTokenizer`, with its semantics.
///
/// Positions are UTF-16 offsets of the tokenizer's text. A position outside `0...length` gives
/// `nil` or `false`, never a trap. Layout directions (right, left, up, down) are mapped to
/// storage directions by the writing direction of the text at the position.
public protocol TextTokenizer: Sendable {
    /// The range of the unit of `granularity` that holds `position` in `direction`, or `nil`
    /// exactly when ``isPosition(_:withinTextUnit:inDirection:)`` is false.
    ///
    /// At a unit's edge the direction breaks the tie: for `foo| bar`, the enclosing word
    /// backward is `foo` and forward is `nil` (the space after `foo` is a gap); for
    /// `hello|world` (two adjacent units) backward is `hello` and forward is `world`.
    func rangeEnclosingPosition(
        _ position: TextPosition, with granularity: TextGranularity, inDirection direction: TextDirection
    ) -> TextRange?

    /// Whether `position` is at a boundary of `granularity`: forward means at the end of a
    /// unit, backward at the start of one. Character boundaries hold in both directions.
    func isPosition(
        _ position: TextPosition, atBoundary granularity: TextGranularity, inDirection direction: TextDirection
    ) -> Bool

    /// The next boundary of `granularity` from `position` in `direction`: inside a unit, that
    /// unit's end (start); otherwise the next unit's start (the previous unit's end). Never
    /// `position` itself; `nil` when there is nowhere to go.
    func position(
        from position: TextPosition, toBoundary granularity: TextGranularity, inDirection direction: TextDirection
    ) -> TextPosition?

    /// Whether `position` is within a unit of `granularity` in `direction`: strictly inside a
    /// unit, yes; at a unit's start, only forward; at its end, only backward; in a gap, no.
    /// Always true for character and document granularity.
    func isPosition(
        _ position: TextPosition, withinTextUnit granularity: TextGranularity, inDirection direction: TextDirection
    ) -> Bool

    /// The units of `granularity`, in order, gaps left out (white space between words,
    /// separators between paragraphs): a requirement, so `tokenizer.units(for: .word)` works on
    /// an `any TextTokenizer` as on a ``StringTokenizer``.
    ///
    /// A tokenizer that keeps its units gives them (``StringTokenizer``, from its boundary
    /// cache); the default finds them with the four queries above.
    func units(for granularity: TextGranularity) -> TextUnits
}

extension TextTokenizer {
    /// The units of `granularity` as the four queries give them: from the start of the text
    /// (the document unit's range), the unit that holds each position going forward, and past
    /// each gap the next boundary. Whatever a tokenizer answers, the units lie in the text, in
    /// order, without overlapping (a unit that overlaps the one before is dropped), and the
    /// walk ends: it only moves forward.
    ///
    /// - Complexity: O(*u*) queries for *u* units and gaps; a tokenizer that keeps its units
    ///   answers in O(1) instead, as ``StringTokenizer`` does.
    public func units(for granularity: TextGranularity) -> TextUnits {
        let forward = TextDirection.storage(.forward)
        let length =
            rangeEnclosingPosition(TextPosition(offset: 0), with: .document, inDirection: forward)?.end.offset ?? 0
        var units = TextUnits()
        var offset = 0
        while offset < length {
            let position = TextPosition(offset: offset)
            if let range = rangeEnclosingPosition(position, with: granularity, inDirection: forward),
                range.end.offset > offset
            {
                let end = Swift.min(range.end.offset, length)
                units.append(Swift.max(range.start.offset, 0)..<end)
                offset = end
            } else if let next = self.position(from: position, toBoundary: granularity, inDirection: forward),
                next.offset > offset
            {
                offset = next.offset
            } else {
                break
            }
        }
        return units
    }
}

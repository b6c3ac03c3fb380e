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
}

import Foundation

/// Text that can be navigated, measured and selected: the analogue of UIKit's `UITextInput`
/// (without editing) for an element of a reader.
///
/// A conformer supplies its text's geometry (``geometry``), a tokenizer (``tokenizer``, whose
/// line units should come from that geometry), the selection and a delegate. Every other
/// requirement has a default implementation in the protocol's extensions, built on those, and
/// may be replaced by a conformer with better knowledge.
///
/// Conventions, shared with UIKit where UIKit has one:
/// - Positions are UTF-16 offsets of the text with an affinity. A position outside
///   `0...length` is out of range: such input gives `nil` (or an empty array), never a trap.
/// - No API returns a position inside a grapheme cluster or a surrogate pair. A position given
///   inside a cluster stands for the cluster's start.
/// - Offsets given to and returned by ``position(from:offset:)``, ``position(from:in:offset:)``
///   and ``offset(from:to:)`` count grapheme clusters (Swift `Character`s), so they can never
///   land inside one. ``TextPosition/offset`` gives UTF-16 distances.
/// - Layout directions map to storage directions by the writing direction of the paragraph at
///   the position: right is forward in left-to-right text and backward in right-to-left text.
///   Up and down move by line, keeping the caret's x.
public protocol TextInput: AnyObject {
    /// The text's lines and cluster frames, from which carets, selection rects and hit tests
    /// are computed.
    var geometry: any TextGeometry { get }

    /// The tokenizer for the text, answering line queries from ``geometry``.
    var tokenizer: any TextTokenizer { get }

    /// The selection, or `nil` when there is none. An empty range is a caret. Setting it tells
    /// ``inputDelegate`` before and after the change.
    var selectedTextRange: TextRange? { get set }

    /// Told when the selection will change and did change (UITextInteraction's role).
    var inputDelegate: (any TextInputDelegate)? { get set }

    // MARK: Positions and ranges

    /// The start of the text.
    var beginningOfDocument: TextPosition { get }
    /// The end of the text.
    var endOfDocument: TextPosition { get }
    /// The text of `range`, or `nil` when the range is out of range.
    func text(in range: TextRange) -> String?
    /// The range between two positions, in either order, or `nil` when either is out of range.
    func textRange(from: TextPosition, to: TextPosition) -> TextRange?
    /// The position `offset` grapheme clusters after `position` (before it, when negative), or
    /// `nil` when that is outside the text.
    func position(from position: TextPosition, offset: Int) -> TextPosition?
    /// The position `offset` steps from `position` in `direction`: clusters for storage and
    /// horizontal directions, lines for up and down (keeping the caret's x). `nil` when that
    /// is outside the text.
    func position(from position: TextPosition, in direction: TextDirection, offset: Int)
        -> TextPosition?
    /// How two positions are ordered by offset (`.orderedAscending` when `position` comes
    /// first, as UIKit's `compare(_:to:)`), or `nil` when either is out of range.
    func compare(_ position: TextPosition, to other: TextPosition) -> ComparisonResult?
    /// The number of grapheme clusters from `from` to `to` (negative when `to` comes first),
    /// or `nil` when either is out of range.
    func offset(from: TextPosition, to: TextPosition) -> Int?
    /// The end of `range` farthest in `direction`, or `nil` when the range is out of range.
    func position(within range: TextRange, farthestIn direction: TextDirection) -> TextPosition?
    /// The range from `position` to the farthest it extends in `direction`: the line's end or
    /// start for storage and horizontal directions, the text's end or start for down and up.
    /// `nil` when the position is out of range.
    func characterRange(byExtending position: TextPosition, in direction: TextDirection)
        -> TextRange?
    /// The base writing direction of the paragraph at `position` (of the text before it, when
    /// `direction` is backward), or `nil` when the position is out of range.
    func baseWritingDirection(for position: TextPosition, in direction: TextStorageDirection)
        -> WritingDirection?

    // MARK: Geometry

    /// The box of `range` on its first line; for an empty range, its caret rect. `nil` when
    /// the range is out of range.
    func firstRect(for range: TextRange) -> Rect?
    /// The caret rect at `position` (affinity picks the line at a soft wrap), or `nil` when
    /// the position is out of range.
    func caretRect(for position: TextPosition) -> Rect?
    /// The highlight of `range`: one rect per line fragment and bidi run. Empty for an empty
    /// or out-of-range range.
    func selectionRects(for range: TextRange) -> [SelectionRect]
    /// The grapheme boundary nearest to `point`.
    func closestPosition(to point: Point) -> TextPosition?
    /// The grapheme boundary in `range` nearest to `point`, or `nil` when the range is out of
    /// range.
    func closestPosition(to point: Point, within range: TextRange) -> TextPosition?
    /// The grapheme cluster under `point`, or `nil` over empty space.
    func characterRange(at point: Point) -> TextRange?
}

/// Text laid out in lines, with a frame for every grapheme cluster: what carets, selection
/// rects, hit tests and vertical movement are computed from.
///
/// ``TextLayout`` computes its geometry from font metrics; a custom element (such as a scanned
/// page whose line rects are known) supplies its own by conforming. The queries in the
/// extension (``caretRect(for:)``, ``selectionRects(for:)``, ``closestPosition(to:)``, ...) then
/// come for free.
///
/// Conformers promise:
/// - the ranges of ``lines`` partition the text, in storage order, and there is at least one
///   line (an empty text has one empty line);
/// - lines are stacked top to bottom: each line's rect lies below the previous one's;
/// - ``clusterFrames(inLine:)`` lists every grapheme cluster of the line in storage order, each
///   of the line's height, and clusters of one bidi run sit side by side in the run's
///   direction.
///
/// A vertical geometry (``writingMode`` `vertical-rl` or `vertical-lr`, such as
/// ``VerticalLayout``) promises the same turned a quarter: its lines are columns that follow
/// each other right to left (`vertical-rl`) or left to right (`vertical-lr`), each cluster is
/// its column's width, and the clusters of a left-to-right run stand one below the other.
public protocol TextGeometry: Sendable {
    /// The text.
    var storage: TextStorage { get }

    /// The lines, top to bottom (columns, in the order ``writingMode`` gives them).
    var lines: [LineFragment] { get }

    /// The direction lines run and follow each other in; the queries answer in it.
    var writingMode: WritingMode { get }

    /// The grapheme clusters of line `index` with their frames, in storage order; empty when
    /// `index` is not a line's number.
    func clusterFrames(inLine index: Int) -> [ClusterFrame]
}

extension TextGeometry {
    /// Horizontal: lines run across and stack top to bottom.
    public var writingMode: WritingMode { .horizontalTopToBottom }

    /// The number of lines (at least 1).
    public var lineCount: Int { lines.count }

    /// Line `index`, or `nil` when there is no such line.
    public func line(at index: Int) -> LineFragment? {
        let lines = self.lines
        return lines.indices.contains(index) ? lines[index] : nil
    }

    /// The line units a tokenizer sees: each line without its hard break, empty lines left out.
    /// Lines that meet at a soft wrap are adjacent units. A geometry that is also a
    /// ``LineUnitSource`` gives its tokenizer these.
    ///
    /// - Complexity: O(number of lines).
    public var lineUnits: TextUnits {
        var units = TextUnits()
        let lines = self.lines
        units.reserveCapacity(lines.count)
        for line in lines { units.append(line.contentRange) }
        return units
    }
}

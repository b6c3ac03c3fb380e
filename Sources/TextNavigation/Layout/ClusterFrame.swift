/// Where one grapheme cluster sits on its line: the unit every caret, selection and hit test
/// is computed from.
public struct ClusterFrame: Sendable, Hashable, CustomStringConvertible {
    /// The UTF-16 offsets of the cluster.
    public var range: Range<Int>
    /// The cluster's box: its advance wide and its line tall. Zero-width clusters (hard breaks,
    /// format characters) have a zero-width box.
    public var frame: Rect
    /// The direction of the run the cluster is in.
    public var direction: WritingDirection

    /// A cluster frame.
    public init(range: Range<Int>, frame: Rect, direction: WritingDirection) {
        self.range = range
        self.frame = frame
        self.direction = direction
    }

    /// The x of the cluster's leading edge, where a caret before it stands: its left edge in
    /// left-to-right text, its right edge in right-to-left text.
    public var leadingX: Double { direction == .leftToRight ? frame.minX : frame.maxX }

    public var description: String { "\(range.lowerBound)..<\(range.upperBound) \(frame)" }
}

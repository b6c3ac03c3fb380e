/// One rectangle of a selection's highlight (UIKit's `UITextSelectionRect`): the part of a
/// range on one line fragment in one bidi run.
public struct SelectionRect: Sendable, Hashable, CustomStringConvertible {
    /// The highlighted area.
    public var rect: Rect
    /// The writing direction of the text in the rect.
    public var writingDirection: WritingDirection
    /// Whether the rect holds the range's first cluster (true on exactly one rect of a range).
    public var containsStart: Bool
    /// Whether the rect holds the range's last cluster (true on exactly one rect of a range).
    public var containsEnd: Bool
    /// Whether the text runs vertically: `true` for the rects of a vertical geometry
    /// (``VerticalLayout``), `false` for ``TextLayout``'s.
    public var isVertical: Bool

    /// A selection rect.
    public init(
        rect: Rect, writingDirection: WritingDirection, containsStart: Bool, containsEnd: Bool,
        isVertical: Bool = false
    ) {
        self.rect = rect
        self.writingDirection = writingDirection
        self.containsStart = containsStart
        self.containsEnd = containsEnd
        self.isVertical = isVertical
    }

    public var description: String {
        let direction = writingDirection == .leftToRight ? "ltr" : "rtl"
        return "\(rect) \(direction)\(containsStart ? " start" : "")\(containsEnd ? " end" : "")"
    }
}

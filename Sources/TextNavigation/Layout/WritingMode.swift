/// The direction lines run in and the direction they follow each other in: CSS's
/// `writing-mode`.
///
/// A vertical layout is the horizontal one turned: a line (a column) runs from top to bottom,
/// and its inline extent (the line's length, a ``TextLayout``'s width) becomes a height. The
/// geometry queries (``TextGeometry/caretRect(for:)``, ``TextGeometry/selectionRects(for:)``,
/// ...) answer in the turned space; text movement (``TextInput``'s `.up`, `.down`, `.left`,
/// `.right`) means what it means on the page: `.down` goes on along the column, `.left` goes to
/// the next column in `vertical-rl`.
public enum WritingMode: Sendable, Hashable, CaseIterable {
    /// CSS `horizontal-tb`: lines run left to right (or right to left) and stack top to bottom.
    case horizontalTopToBottom
    /// CSS `vertical-rl`: columns run top to bottom and follow each other right to left
    /// (Japanese and Chinese books).
    case verticalRightToLeft
    /// CSS `vertical-lr`: columns run top to bottom and follow each other left to right
    /// (Mongolian).
    case verticalLeftToRight

    /// Whether lines run vertically (columns).
    public var isVertical: Bool { self != .horizontalTopToBottom }

    /// The writing mode a CSS `writing-mode` value names (`horizontal-tb`, `vertical-rl`,
    /// `vertical-lr`, and the older `lr-tb`, `rl-tb`, `lr`, `rl`, `tb-rl`, `tb`, `tb-lr`), or
    /// `nil` for another value (`sideways-rl` among them).
    ///
    /// - Parameter value: the value, as written in a style sheet; case and surrounding white
    ///   space do not matter.
    public init?(css value: some StringProtocol) {
        let trimmed = value.lowercased().filter { !$0.isWhitespace }
        switch trimmed {
        case "horizontal-tb", "lr-tb", "lr", "rl-tb", "rl": self = .horizontalTopToBottom
        case "vertical-rl", "tb-rl", "tb": self = .verticalRightToLeft
        case "vertical-lr", "tb-lr": self = .verticalLeftToRight
        default: return nil
        }
    }

    // MARK: Turning between line-relative and physical space

    /// The physical rect of `rect` given in line-relative space (x along the line, y across the
    /// lines, as a horizontal layout has them), for lines `blockExtent` thick in all.
    func physical(_ rect: Rect, blockExtent: Double) -> Rect {
        switch self {
        case .horizontalTopToBottom: rect
        case .verticalRightToLeft:
            Rect(x: blockExtent - rect.maxY, y: rect.minX, width: rect.height, height: rect.width)
        case .verticalLeftToRight: Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
        }
    }

    /// The line-relative rect of the physical `rect`: the inverse of
    /// ``physical(_:blockExtent:)``.
    func lineRelative(_ rect: Rect, blockExtent: Double) -> Rect {
        switch self {
        case .horizontalTopToBottom: rect
        case .verticalRightToLeft:
            Rect(x: rect.minY, y: blockExtent - rect.maxX, width: rect.height, height: rect.width)
        case .verticalLeftToRight: Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
        }
    }

    /// The line-relative point of the physical `point`.
    func lineRelative(_ point: Point, blockExtent: Double) -> Point {
        switch self {
        case .horizontalTopToBottom: point
        case .verticalRightToLeft: Point(x: point.y, y: blockExtent - point.x)
        case .verticalLeftToRight: Point(x: point.y, y: point.x)
        }
    }

    /// The direction a horizontal layout would move in for `direction` on the page: in vertical
    /// text, `.down` and `.up` go along the column (as `.right` and `.left` go along a
    /// left-to-right line), and the next column (`.left` in `vertical-rl`, `.right` in
    /// `vertical-lr`) is the next line (`.down`).
    func lineRelative(_ direction: TextDirection) -> TextDirection {
        guard isVertical, case .layout(let layout) = direction else { return direction }
        let forwardColumn: TextLayoutDirection = self == .verticalRightToLeft ? .left : .right
        switch layout {
        case .down: return .right
        case .up: return .left
        case forwardColumn: return .down
        default: return .up
        }
    }
}

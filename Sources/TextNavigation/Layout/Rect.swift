/// An axis-aligned rectangle: an origin (its top-left corner) and a size (`CGRect`'s role).
///
/// Widths and heights are never negative. A rect of zero width is a caret: a vertical line at
/// `minX`.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The extent, never negative.
    public var size: Size

    /// The rect at `origin` with `size`; negative extents are taken as zero.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
    }

    /// The rect with top-left corner (`x`, `y`) and the given extent.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rect with no extent at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// The centre of the rect.
    public var center: Point { Point(x: midX, y: midY) }

    /// Whether the rect has no area.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// Whether `point` lies in the rect: edges at `minX` and `minY` are inside, edges at
    /// `maxX` and `maxY` outside, so adjacent rects never both hold a point. A rect with no
    /// area holds no point.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The smallest rect holding both rects.
    public func union(_ other: Rect) -> Rect {
        let minX = Swift.min(self.minX, other.minX)
        let minY = Swift.min(self.minY, other.minY)
        return Rect(
            x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX,
            height: Swift.max(maxY, other.maxY) - minY)
    }

    public var description: String { "(\(minX), \(minY), \(width)×\(height))" }
}

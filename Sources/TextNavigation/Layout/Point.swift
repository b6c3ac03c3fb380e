/// A point in a layout's coordinate space: x grows to the right, y grows downward, and the
/// first line's top-left corner is the origin (`CGPoint`'s role).
public struct Point: Sendable, Hashable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate, growing downward.
    public var y: Double

    /// The point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(x), \(y))" }
}

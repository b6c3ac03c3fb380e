/// A stretch of one line laid out in one direction: a visual run of the Unicode Bidirectional
/// Algorithm (UAX #9), made of whole grapheme clusters.
public struct BidiRun: Sendable, Hashable, CustomStringConvertible {
    /// The UTF-16 offsets of the run, in storage order.
    public var range: Range<Int>
    /// The run's embedding level: even for left to right, odd for right to left.
    public var level: UInt8

    /// A run of `range` at embedding `level`.
    public init(range: Range<Int>, level: UInt8) {
        self.range = range
        self.level = level
    }

    /// The direction the run's clusters are laid out in.
    public var direction: WritingDirection { level % 2 == 0 ? .leftToRight : .rightToLeft }

    public var description: String { "\(range.lowerBound)..<\(range.upperBound)@\(level)" }
}

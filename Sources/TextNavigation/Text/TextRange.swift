/// A range of text between two positions (UIKit's `UITextRange`); `start <= end` always holds.
public struct TextRange: Sendable, Hashable, CustomStringConvertible {
    /// The start of the range.
    public let start: TextPosition
    /// The end of the range, never before `start`.
    public let end: TextPosition

    /// The range between two positions, in whichever order they are given.
    public init(_ a: TextPosition, _ b: TextPosition) {
        if b < a {
            (start, end) = (b, a)
        } else {
            (start, end) = (a, b)
        }
    }

    /// The range of UTF-16 offsets `offsets`: a downstream start and, where `endAffinity` says
    /// so, an upstream end.
    public init(_ offsets: Range<Int>, endAffinity: TextAffinity = .downstream) {
        start = TextPosition(offset: offsets.lowerBound)
        end = TextPosition(offset: offsets.upperBound, affinity: endAffinity)
    }

    /// Whether the range holds no text.
    public var isEmpty: Bool { start.offset == end.offset }

    /// The UTF-16 offsets the range covers.
    public var offsets: Range<Int> { start.offset..<end.offset }

    /// The number of UTF-16 code units in the range.
    public var length: Int { end.offset - start.offset }

    public var description: String { "\(start)-\(end)" }
}

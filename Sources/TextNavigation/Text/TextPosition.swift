/// A position in text: a UTF-16 code-unit offset and an affinity (UIKit's `UITextPosition`).
///
/// Offsets count UTF-16 code units, the `NSRange` convention that ICU, UIKit and the DOM share.
/// Positions order by offset, then upstream before downstream.
public struct TextPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The UTF-16 code-unit offset from the start of the text.
    public var offset: Int
    /// Which line the position belongs to where two lines meet at `offset`.
    public var affinity: TextAffinity

    /// A position at `offset`, downstream unless said otherwise.
    public init(offset: Int, affinity: TextAffinity = .downstream) {
        self.offset = offset
        self.affinity = affinity
    }

    /// The position of a `String.Index` of `string`, or `nil` when the index does not belong to
    /// `string` or falls inside a UTF-16 code unit sequence.
    public init?(_ index: String.Index, in string: String, affinity: TextAffinity = .downstream) {
        guard index >= string.startIndex, index <= string.endIndex,
            let utf16Index = index.samePosition(in: string.utf16)
        else { return nil }
        self.init(offset: string.utf16.distance(from: string.utf16.startIndex, to: utf16Index), affinity: affinity)
    }

    /// The `String.Index` of this position in `string`, or `nil` when the offset is out of range.
    public func index(in string: String) -> String.Index? {
        let utf16 = string.utf16
        guard offset >= 0, let index = utf16.index(utf16.startIndex, offsetBy: offset, limitedBy: utf16.endIndex)
        else { return nil }
        return index
    }

    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        lhs.offset != rhs.offset ? lhs.offset < rhs.offset : lhs.affinity < rhs.affinity
    }

    public var description: String { affinity == .downstream ? "\(offset)" : "\(offset)↑" }
}

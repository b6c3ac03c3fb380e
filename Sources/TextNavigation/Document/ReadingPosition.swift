/// A place in a document: an element, a UTF-16 offset in its text, and an affinity.
///
/// Reading positions do not depend on layout: they stay put when the width or the number of
/// lines per page changes (the page that holds one may change).
public struct ReadingPosition: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The index of the element in the document.
    public var element: Int
    /// The UTF-16 offset in the element's text.
    public var offset: Int
    public var affinity: TextAffinity

    public init(element: Int, offset: Int, affinity: TextAffinity = .downstream) {
        self.element = element
        self.offset = offset
        self.affinity = affinity
    }

    /// The position as a text position within its element.
    public var textPosition: TextPosition { TextPosition(offset: offset, affinity: affinity) }

    public static func < (lhs: ReadingPosition, rhs: ReadingPosition) -> Bool {
        (lhs.element, lhs.offset, lhs.affinity.rawValue) < (rhs.element, rhs.offset, rhs.affinity.rawValue)
    }

    public var description: String { "\(element):\(offset)\(affinity == .upstream ? "↑" : "")" }

    private enum CodingKeys: String, CodingKey { case element, offset, affinity }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        element = try container.decode(Int.self, forKey: .element)
        offset = try container.decode(Int.self, forKey: .offset)
        let affinityName = try container.decodeIfPresent(String.self, forKey: .affinity) ?? "downstream"
        guard
            let affinity = affinityName == "upstream"
                ? TextAffinity.upstream : affinityName == "downstream" ? .downstream : nil
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .affinity, in: container, debugDescription: "affinity must be 'upstream' or 'downstream'")
        }
        self.affinity = affinity
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(element, forKey: .element)
        try container.encode(offset, forKey: .offset)
        try container.encode(affinity == .upstream ? "upstream" : "downstream", forKey: .affinity)
    }
}

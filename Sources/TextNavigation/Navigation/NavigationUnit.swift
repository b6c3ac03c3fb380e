/// A unit that navigation moved to: the element, the unit's range in its text, and the text.
///
/// A move that only reached an edge (``BoundaryBehavior/stopAtElementEdge`` and
/// ``BoundaryBehavior/stopAtDocumentEdge``) gives an empty range at the edge.
public struct NavigationUnit: Sendable, Hashable {
    /// The index of the element in the document.
    public let element: Int
    /// The unit's UTF-16 range in the element's text.
    public let range: Range<Int>
    /// The unit's text.
    public let text: String
    public let granularity: TextGranularity

    public init(element: Int, range: Range<Int>, text: String, granularity: TextGranularity) {
        self.element = element
        self.range = range
        self.text = text
        self.granularity = granularity
    }

    /// Whether the move reached an edge rather than a unit.
    public var isEdge: Bool { range.isEmpty }
}

/// A place a search found: an element and the UTF-16 range of its text that matched.
public struct SearchMatch: Sendable, Hashable {
    /// The element's index.
    public let element: Int
    /// The matched text's UTF-16 offsets in the element (with the marks that follow it when
    /// diacritics are ignored).
    public let range: Range<Int>

    public init(element: Int, range: Range<Int>) {
        self.element = element
        self.range = range
    }

    /// Where the match starts.
    public var start: ReadingPosition { ReadingPosition(element: element, offset: range.lowerBound) }
}

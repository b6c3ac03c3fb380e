/// One unit of text that read-all speaks.
public struct Utterance: Sendable, Hashable {
    /// The text to speak: exactly the element's text in ``range``.
    public let text: String
    /// The UTF-16 range of the text in its element (what to highlight).
    public let range: Range<Int>
    /// The index of the element in the document.
    public let element: Int
    /// The page (from 1) the utterance starts on.
    public let page: Int
    public let granularity: TextGranularity

    /// Where the utterance starts.
    public var position: ReadingPosition { ReadingPosition(element: element, offset: range.lowerBound) }
}

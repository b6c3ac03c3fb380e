/// A selection in a document, from an anchor (where it was made) to a focus (the end that
/// extending and shrinking move). It may span linked elements.
public struct DocumentSelection: Sendable, Hashable, CustomStringConvertible {
    /// Where the selection was made; shrinking never passes it.
    public var anchor: ReadingPosition
    /// The end that moves.
    public var focus: ReadingPosition

    public init(anchor: ReadingPosition, focus: ReadingPosition) {
        self.anchor = anchor
        self.focus = focus
    }

    /// The earlier end.
    public var start: ReadingPosition { min(anchor, focus) }
    /// The later end.
    public var end: ReadingPosition { max(anchor, focus) }
    /// Whether the selection holds no text (a caret).
    public var isEmpty: Bool { anchor.element == focus.element && anchor.offset == focus.offset }
    /// Whether the focus is before the anchor (a selection made, or extended, backward).
    public var isBackward: Bool { focus < anchor && !isEmpty }

    /// The parts of the selection in each element it touches: element index and UTF-16 range.
    public func parts(in document: Document) -> [(element: Int, range: Range<Int>)] {
        guard !isEmpty, document.contains(start), document.contains(end) else { return [] }
        return (start.element...end.element).compactMap { element in
            let lower = element == start.element ? start.offset : 0
            let upper = element == end.element ? end.offset : document.elements[element].text.count
            return upper > lower ? (element, lower..<upper) : nil
        }
    }

    public var description: String { "\(anchor)…\(focus)" }
}

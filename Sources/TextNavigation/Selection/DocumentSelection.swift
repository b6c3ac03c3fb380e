/// A selection in a document, from an anchor (where it was made) to a focus (the end that
/// extending and shrinking move). It may span linked elements: it holds the text between its
/// ends in the document's reading order (see ``Document``), which ``parts(in:)`` and
/// ``isBackward(in:)`` follow.
public struct DocumentSelection: Sendable, Hashable, CustomStringConvertible {
    /// Where the selection was made; shrinking never passes it.
    public var anchor: ReadingPosition
    /// The end that moves.
    public var focus: ReadingPosition

    public init(anchor: ReadingPosition, focus: ReadingPosition) {
        self.anchor = anchor
        self.focus = focus
    }

    /// The earlier end in element order (by index; ``isBackward(in:)`` says which end comes
    /// first in a document's reading order).
    public var start: ReadingPosition { min(anchor, focus) }
    /// The later end in element order.
    public var end: ReadingPosition { max(anchor, focus) }
    /// Whether the selection holds no text (a caret).
    public var isEmpty: Bool { anchor.element == focus.element && anchor.offset == focus.offset }
    /// Whether the focus is before the anchor in element order (a selection made, or
    /// extended, backward, in a document read in its elements' order).
    public var isBackward: Bool { focus < anchor && !isEmpty }

    /// Whether the focus comes before the anchor in `document`'s reading order: the links lead
    /// from the focus's element to the anchor's and not back (and, when they lead both ways or
    /// neither, by index).
    ///
    /// - Complexity: O(1) for a book's document; otherwise O(n) in the elements the links lead
    ///   through.
    public func isBackward(in document: Document) -> Bool {
        !isEmpty && document.readingOrderPrecedes(focus, anchor)
    }

    /// The parts of the selection in each element it touches, in reading order: element index
    /// and UTF-16 range. The elements are those the links lead through from the earlier end to
    /// the later one (by index, when the links do not lead from one to the other).
    public func parts(in document: Document) -> [(element: Int, range: Range<Int>)] {
        guard !isEmpty, document.contains(anchor), document.contains(focus) else { return [] }
        let (start, end) = isBackward(in: document) ? (focus, anchor) : (anchor, focus)
        let elements =
            document.elementsInReadingOrder(from: start.element, through: end.element)
            ?? Array(self.start.element...self.end.element)
        return elements.compactMap { element in
            let lower = element == start.element ? start.offset : 0
            let upper = element == end.element ? end.offset : document.elements[element].text.count
            return upper > lower ? (element, lower..<upper) : nil
        }
    }

    public var description: String { "\(anchor)…\(focus)" }
}

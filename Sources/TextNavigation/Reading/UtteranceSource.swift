/// The element read-all is reading, with what every utterance asks of it, looked up once per
/// element: a class, so that a session's steps and each ``Utterance`` share it with one retain
/// instead of copying each field (read-all copies an utterance about a dozen times on its way
/// to the listener).
final class UtteranceSource: Sendable {
    /// The element's index in the document.
    let index: Int
    let text: TextStorage
    let traits: ElementTraits
    /// ``NavigableElement/language``, asked once.
    let language: String
    let isOutsideReadingOrder: Bool
    /// The structures the element is part of (``ElementMarkup/structures``).
    let structures: [ContentStructure]
    /// The label read in place of an empty text, or `nil` when the text is read.
    let labelRead: String?
    /// The element, for what comes after its last utterance.
    let element: any NavigableElement

    init(_ element: any NavigableElement, at index: Int) {
        self.index = index
        text = element.text
        traits = element.traits
        language = element.language
        let markup = element.markup
        isOutsideReadingOrder = markup.isOutsideReadingOrder
        structures = markup.structures
        labelRead = element.readsLabel ? element.label : nil
        self.element = element
    }

    /// Whether read-all skipping `kinds` passes the element by: outside the reading order, or
    /// part of a structure of one of `kinds`.
    func isPassedBy(skipping kinds: Set<ContentKind>) -> Bool {
        isOutsideReadingOrder || structures.contains { kinds.contains($0.kind) }
    }
}

/// One structure an element is part of: a table, a list, a note, a quotation, a sidebar, a
/// figure, a caption. The elements of one structure share its ``id``; nested structures are
/// listed outermost first in ``ElementMarkup/structures``.
///
/// What read-all skips and what ``Navigator/escape()`` leaves (see ``ContentKind``).
public struct ContentStructure: Sendable, Hashable {
    /// What the structure is.
    public var kind: ContentKind
    /// Which structure of the document it is: the same for every element in it, different
    /// for every other structure of the document.
    public var id: Int

    public init(kind: ContentKind, id: Int) {
        self.kind = kind
        self.id = id
    }
}

/// A print page break in a book (`epub:type="pagebreak"` or `role="doc-pagebreak"`): the
/// printed page with ``label`` starts at ``offset`` in its element.
public struct PrintPageMarker: Sendable, Hashable {
    /// The page's label, as the book gives it ("169", "xii").
    public let label: String
    /// The UTF-16 offset in the element where the page starts.
    public let offset: Int

    public init(label: String, offset: Int) {
        self.label = label
        self.offset = offset
    }
}

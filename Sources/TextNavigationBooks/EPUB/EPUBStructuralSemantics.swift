import TextNavigation

/// The kinds of content that EPUB's structural semantics (`epub:type`, on content and on a
/// Media Overlay's `seq` and `par`) name, as DAISY's skippability and escapability read them.
enum EPUBStructuralSemantics {
    /// The `epub:type`s of notes.
    static let noteTypes: Set<String> = [
        "footnote", "endnote", "rearnote", "note", "footnotes", "endnotes", "rearnotes", "annotation",
    ]

    /// The kind the `epub:type` `type` names, if any.
    static func kind(of type: String) -> ContentKind? {
        if noteTypes.contains(type) { return .note }
        switch type {
        case "pagebreak": return .pageBreak
        case "sidebar": return .sidebar
        case "table", "table-row", "table-cell": return .table
        case "list", "list-item": return .list
        case "figure": return .figure
        default: return nil
        }
    }

    /// The kinds `types` name.
    static func kinds(of types: Set<String>) -> Set<ContentKind> {
        Set(types.compactMap(kind(of:)))
    }
}

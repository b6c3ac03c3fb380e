import TextNavigation

extension XHTMLContentReader {
    private static let noteRoles: Set<String> = ["doc-footnote", "doc-endnote", "doc-endnotes"]

    /// The kind of structure an element of `name` with these `epub:type`s and `role` makes,
    /// if any: semantics first (a note or sidebar whatever its element), then the role, then
    /// the element. Page breaks are markers, not structures.
    static func structureKind(name: String, types: Set<String>, role: String) -> ContentKind? {
        let named = EPUBStructuralSemantics.kinds(of: types).subtracting([.pageBreak])
        if named.contains(.note) || noteRoles.contains(role) { return .note }
        if let kind = ContentKind.allCases.first(where: named.contains) { return kind }
        switch role {
        case "complementary": return .sidebar
        case "table", "grid": return .table
        case "list": return .list
        case "figure": return .figure
        default: break
        }
        switch name {
        case "aside": return .sidebar
        case "table": return .table
        case "ul", "ol", "dl": return .list
        case "blockquote": return .quotation
        case "figure": return .figure
        case "figcaption", "caption": return .caption
        default: return nil
        }
    }
}

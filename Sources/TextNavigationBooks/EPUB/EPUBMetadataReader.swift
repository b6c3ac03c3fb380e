import TextNavigation

/// Reads a package document's title and creators as EPUB 3 defines them: `dc:title` and
/// `dc:creator`, refined by `meta` elements (`refines="#id"`) with the properties `title-type`
/// and `display-seq`.
///
/// - The main title: the first `dc:title` refined as `title-type` `main`; else the first by
///   `display-seq` (titles without one after those with one, in document order).
/// - Creators: by `display-seq`, then in document order.
/// - Each text's white space is collapsed; its language and direction are its own `xml:lang`
///   and `dir`, else the package element's.
enum EPUBMetadataReader {
    /// The metadata of `package` (the package document's root element).
    static func metadata(of package: XMLNode) -> BookMetadata {
        guard let metadata = package.element(named: "metadata") else { return BookMetadata() }
        let inherited = (language: package.declaredLanguage, direction: package.declaredDirection)
        var refinements: [String: [String: String]] = [:]
        for meta in metadata.elements(named: "meta") {
            guard let refines = meta.attribute("refines"), refines.hasPrefix("#"),
                let property = meta.attribute("property")
            else { continue }
            refinements[String(refines.dropFirst()), default: [:]][property] = meta.text
        }
        func ordered(_ name: String) -> [(node: XMLNode, refined: [String: String])] {
            // Any namespace: EPUB 2 books are not all careful with Dublin Core's.
            let found = metadata.elements(named: name)
                .map { node in (node: node, refined: node.attribute("id").flatMap { refinements[$0] } ?? [:]) }
                .filter { !$0.node.text.isEmpty }
            // A stable sort: by display-seq, those without one last, each group in document order.
            return found.enumerated().sorted { left, right in
                let leftSequence = left.element.refined["display-seq"].flatMap { Int($0) } ?? Int.max
                let rightSequence = right.element.refined["display-seq"].flatMap { Int($0) } ?? Int.max
                return (leftSequence, left.offset) < (rightSequence, right.offset)
            }.map(\.element)
        }
        func text(_ node: XMLNode) -> BookMetadata.Text {
            BookMetadata.Text(
                node.text, language: node.declaredLanguage ?? inherited.language,
                direction: node.declaredDirection ?? inherited.direction)
        }
        let titles = ordered("title")
        let main = titles.first { $0.refined["title-type"] == "main" } ?? titles.first
        return BookMetadata(title: main.map { text($0.node) }, creators: ordered("creator").map { text($0.node) })
    }
}

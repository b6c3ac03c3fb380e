import TextNavigation

/// A book's navigation: the table of contents and the print page list, from the EPUB 3
/// navigation document (`nav` with `epub:type="toc"` and `"page-list"`) or the EPUB 2 NCX
/// (`navMap`, `pageList`).
public struct EPUBNavigation: Sendable, Hashable {
    /// One entry: its title (or page label) and where it points.
    public struct Entry: Sendable, Hashable {
        public let title: String
        /// The content document's entry name in the container.
        public let href: String
        /// The fragment (an element `id`), if any.
        public let fragment: String?
        /// The nesting depth, from 0.
        public let depth: Int
    }

    /// The table of contents, in order, nested entries after their parent.
    public internal(set) var tableOfContents: [Entry] = []
    /// The print page list, in order.
    public internal(set) var pageList: [Entry] = []

    init() {}

    /// The navigation of an EPUB 3 navigation document at `path`.
    init(navigationDocument root: XMLNode, path: String) {
        let folder = EPUBPath.folder(of: path)
        for nav in root.descendants(named: "nav") {
            let type = nav.attribute("type", namespace: XMLNode.ops) ?? ""
            let kinds = Set(type.split(separator: " "))
            guard let list = nav.element(named: "ol") else { continue }
            var entries: [Entry] = []
            Self.collect(list, folder: folder, depth: 0, into: &entries)
            if kinds.contains("toc") { tableOfContents = entries }
            if kinds.contains("page-list") { pageList = entries }
        }
    }

    private static func collect(_ list: XMLNode, folder: String, depth: Int, into entries: inout [Entry]) {
        guard depth < 64 else { return }
        for item in list.elements(named: "li") {
            if let link = item.element(named: "a") ?? item.element(named: "span") {
                let target = link.attribute("href").flatMap { EPUBPath.resolve($0, against: folder) }
                entries.append(
                    Entry(title: link.text, href: target?.path ?? "", fragment: target?.fragment, depth: depth))
            }
            if let nested = item.element(named: "ol") {
                collect(nested, folder: folder, depth: depth + 1, into: &entries)
            }
        }
    }

    /// The navigation of an EPUB 2 NCX at `path`.
    init(ncx root: XMLNode, path: String) {
        let folder = EPUBPath.folder(of: path)
        if let map = root.element(named: "navMap") {
            Self.collectPoints(map, named: "navPoint", folder: folder, depth: 0, into: &tableOfContents)
        }
        if let pages = root.element(named: "pageList") {
            Self.collectPoints(pages, named: "pageTarget", folder: folder, depth: 0, into: &pageList)
        }
    }

    private static func collectPoints(
        _ parent: XMLNode, named name: String, folder: String, depth: Int, into entries: inout [Entry]
    ) {
        guard depth < 64 else { return }
        for point in parent.elements(named: name) {
            let title = point.element(named: "navLabel")?.element(named: "text")?.text ?? ""
            let target = point.element(named: "content")?.attribute("src").flatMap {
                EPUBPath.resolve($0, against: folder)
            }
            entries.append(Entry(title: title, href: target?.path ?? "", fragment: target?.fragment, depth: depth))
            collectPoints(point, named: name, folder: folder, depth: depth + 1, into: &entries)
        }
    }
}

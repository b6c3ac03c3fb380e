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
        /// Whether the entry is hidden (`hidden`, or an inline `display: none`, on it or an
        /// enclosing entry; a hidden `nav` itself hides no entry, as reading systems still
        /// navigate by it): kept for navigation, but its target is not made a heading.
        public internal(set) var isHidden = false
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
            Self.collect(list, folder: folder, depth: 0, hidden: false, into: &entries)
            if kinds.contains("toc") { tableOfContents = entries }
            if kinds.contains("page-list") { pageList = entries }
        }
    }

    private static func collect(_ list: XMLNode, folder: String, depth: Int, hidden: Bool, into entries: inout [Entry])
    {
        guard depth < 64 else { return }
        for item in list.elements(named: "li") {
            let itemHidden = hidden || isHidden(item) || isHidden(list)
            if let link = item.element(named: "a") ?? item.element(named: "span") {
                let target = link.attribute("href").flatMap { EPUBPath.resolve($0, against: folder) }
                entries.append(
                    Entry(
                        title: label(of: link), href: target?.path ?? "", fragment: target?.fragment, depth: depth,
                        isHidden: itemHidden || isHidden(link)))
            }
            if let nested = item.element(named: "ol") {
                collect(nested, folder: folder, depth: depth + 1, hidden: itemHidden, into: &entries)
            }
        }
    }

    /// An entry's label as a reading system reads it: its text, with each `img`'s `alt` in
    /// its place, white space collapsed; hidden parts are not read.
    static func label(of link: XMLNode) -> String {
        var parts = ""
        appendLabel(of: link, to: &parts, depth: 0)
        return parts.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            .joined(separator: " ")
    }

    private static func appendLabel(of node: XMLNode, to parts: inout String, depth: Int) {
        guard depth < 64 else { return }
        for child in node.children {
            if child.isText {
                parts += child.content
            } else if child.isElement, !isHidden(child) {
                if child.name == "img" {
                    parts += " " + (child.attribute("alt") ?? "") + " "
                } else {
                    appendLabel(of: child, to: &parts, depth: depth + 1)
                }
            }
        }
    }

    /// Whether `node` is hidden by its markup: `hidden`, or an inline style of `display: none`.
    static func isHidden(_ node: XMLNode) -> Bool {
        if node.attribute("hidden") != nil { return true }
        guard let style = node.attribute("style") else { return false }
        let declarations = style.lowercased().filter { !$0.isWhitespace }.split(separator: ";")
        return declarations.contains { $0 == "display:none" || $0 == "display:none!important" }
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

import TextNavigation

/// What `META-INF/container.xml` and the package document (OPF) say about a book: metadata,
/// manifest, spine, and where its navigation is.
struct EPUBPackage {
    struct ManifestItem {
        let id: String
        /// The entry name in the container.
        let path: String
        let mediaType: String
        let properties: Set<String>
    }

    struct SpineItem {
        let item: ManifestItem
        /// `false` for `linear="no"`: not read by read-all.
        let isLinear: Bool
    }

    /// The package document's entry name.
    let path: String
    let version: String
    let title: String?
    /// The first `dc:language`, if any.
    let language: String?
    /// The spine's `page-progression-direction`, if given.
    let pageProgression: WritingDirection?
    let manifest: [String: ManifestItem]
    let spine: [SpineItem]
    /// The EPUB 3 navigation document (`properties="nav"`), if any.
    let navigation: ManifestItem?
    /// The EPUB 2 NCX (the spine's `toc`, or the manifest's NCX item), if any.
    let ncx: ManifestItem?

    static let containerPath = "META-INF/container.xml"

    /// Reads the container and package document of `archive`.
    ///
    /// - Throws: ``EPUBError`` for a missing or malformed container or package document, a
    ///   container naming itself, or a spine that is empty, too long or names an item twice.
    init(archive: EPUBArchive, limits: EPUBLimits) throws(EPUBError) {
        path = try Self.packagePath(in: archive)
        let document = try XMLDocument(bytes: try archive.data(path), name: path)
        guard let package = document.root, package.name == "package" else {
            throw .invalidPackage(reason: "\(path) is not a package document (its root is not <package>)")
        }
        version = package.attribute("version") ?? ""
        let metadata = package.element(named: "metadata")
        title = metadata?.elements(named: "title").first?.text
        language = metadata?.elements(named: "language").first?.text.nonEmpty
        let manifest = Self.manifest(of: package, folder: EPUBPath.folder(of: path))
        self.manifest = manifest
        guard let spineNode = package.element(named: "spine") else {
            throw .invalidPackage(reason: "\(path) has no spine (reading order)")
        }
        switch spineNode.attribute("page-progression-direction") {
        case "rtl": pageProgression = .rightToLeft
        case "ltr": pageProgression = .leftToRight
        default: pageProgression = nil
        }
        spine = try Self.spine(spineNode, manifest: manifest, limits: limits, path: path)
        navigation = manifest.values.first { $0.properties.contains("nav") }
        ncx =
            spineNode.attribute("toc").flatMap { manifest[$0] }
            ?? manifest.values.first { $0.mediaType == "application/x-dtbncx+xml" }
    }

    /// The path of the package document that the container names, once the `mimetype` entry
    /// (when there is one) says the archive is an EPUB.
    private static func packagePath(in archive: EPUBArchive) throws(EPUBError) -> String {
        if archive.contains("mimetype") {
            let mimetype = String(decoding: try archive.data("mimetype"), as: UTF8.self)
            guard mimetype.trimmingSpaces == "application/epub+zip" else {
                throw .invalidPackage(
                    reason: "its mimetype entry says '\(mimetype.prefix(60))', not application/epub+zip")
            }
        }
        guard archive.contains(Self.containerPath) else {
            throw .missingEntry(name: Self.containerPath, reason: "an EPUB must have one to name its package document")
        }
        let container = try XMLDocument(bytes: try archive.data(Self.containerPath), name: Self.containerPath)
        guard let root = container.root, root.name == "container",
            let rootfile = root.element(named: "rootfiles")?.elements(named: "rootfile").first(where: {
                ($0.attribute("media-type") ?? "application/oebps-package+xml") == "application/oebps-package+xml"
            }),
            let fullPath = rootfile.attribute("full-path"), !fullPath.isEmpty
        else {
            throw .invalidPackage(reason: "\(Self.containerPath) names no package document (rootfile full-path)")
        }
        guard let resolved = EPUBPath.resolve(fullPath, against: ""), resolved.fragment == nil else {
            throw .invalidPackage(reason: "\(Self.containerPath) names an unusable package path '\(fullPath)'")
        }
        let path = resolved.path
        guard path != Self.containerPath, path != "mimetype" else {
            throw .invalidPackage(reason: "\(Self.containerPath) names itself as the package document")
        }
        guard archive.contains(path) else {
            throw .missingEntry(name: path, reason: "the package document named by \(Self.containerPath)")
        }
        return path
    }

    /// The manifest's items by id, their paths resolved against `folder` (the package
    /// document's); items without an id, an href or a usable path are left out.
    private static func manifest(of package: XMLNode, folder: String) -> [String: ManifestItem] {
        var manifest: [String: ManifestItem] = [:]
        for item in package.element(named: "manifest")?.elements(named: "item") ?? [] {
            guard let id = item.attribute("id"), let href = item.attribute("href"),
                let target = EPUBPath.resolve(href, against: folder)
            else { continue }
            let properties = Set((item.attribute("properties") ?? "").split(separator: " ").map(String.init))
            manifest[id] = ManifestItem(
                id: id, path: target.path, mediaType: item.attribute("media-type") ?? "", properties: properties)
        }
        return manifest
    }

    /// The spine's items, in order.
    ///
    /// - Throws: ``EPUBError`` for a spine that is empty, too long, names an item twice or one
    ///   the manifest does not list.
    private static func spine(_ spineNode: XMLNode, manifest: [String: ManifestItem], limits: EPUBLimits, path: String)
        throws(EPUBError) -> [SpineItem]
    {
        let itemrefs = spineNode.elements(named: "itemref")
        guard itemrefs.count <= limits.maxSpineItems else {
            throw .limitExceeded(
                name: path, reason: "lists \(itemrefs.count) spine items (at most \(limits.maxSpineItems))")
        }
        var seen: Set<String> = []
        var spine: [SpineItem] = []
        for itemref in itemrefs {
            guard let idref = itemref.attribute("idref") else { continue }
            guard seen.insert(idref).inserted else {
                throw .invalidPackage(reason: "the spine lists '\(idref)' more than once")
            }
            guard let item = manifest[idref] else {
                throw .invalidPackage(reason: "the spine names '\(idref)', which the manifest does not list")
            }
            spine.append(SpineItem(item: item, isLinear: itemref.attribute("linear") != "no"))
        }
        guard !spine.isEmpty else { throw .invalidPackage(reason: "\(path) has an empty spine") }
        return spine
    }
}

extension String {
    /// The string without leading and trailing ASCII white space.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    /// The string, or `nil` when it is empty.
    var nonEmpty: String? { isEmpty ? nil : self }
}

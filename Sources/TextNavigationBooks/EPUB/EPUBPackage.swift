import TextNavigation

/// What `META-INF/container.xml` and the package document (OPF) say about a book: metadata,
/// manifest, spine, and where its navigation is.
struct EPUBPackage {
    struct ManifestItem {
        let id: String
        /// The entry name in the container; for a remote item, its URL as written.
        let path: String
        let mediaType: String
        let properties: Set<String>
        /// The id of the item to read instead when this one cannot be (`fallback`), if any.
        let fallback: String?
        /// The id of its Media Overlay (`media-overlay`), if any.
        let mediaOverlay: String?
        /// Whether `href` is a URL outside the container (never fetched).
        let isRemote: Bool

        /// Whether the item is a content document the reader reads: XHTML or SVG (and, for
        /// books of EPUB 2's time, `text/html` or no media type at all).
        var isContentDocument: Bool { Self.contentDocumentTypes.contains(mediaType.lowercased()) }

        private static let contentDocumentTypes: Set<String> = [
            "application/xhtml+xml", "image/svg+xml", "text/html", "",
        ]
    }

    struct SpineItem {
        /// The content document read for it: the item itself, or the first content document
        /// of its fallback chain.
        let item: ManifestItem
        /// `false` for `linear="no"`: not read by read-all.
        let isLinear: Bool
    }

    /// The package document's entry name.
    let path: String
    let version: String
    /// The title and creators.
    let metadata: BookMetadata
    /// The first `dc:language`, if any: the publication's language (never the content's).
    let language: String?
    /// The spine's `page-progression-direction`, if given.
    let pageProgression: WritingDirection?
    /// The Media Overlays' total length (`media:duration` refining nothing), in milliseconds.
    let mediaDuration: Int?
    /// `media:active-class`, if given.
    let mediaActiveClass: String?
    /// `media:playback-active-class`, if given.
    let mediaPlaybackActiveClass: String?
    let manifest: [String: ManifestItem]
    /// The spine's readable items, in order: an item listed twice is read twice.
    let spine: [SpineItem]
    /// Spine items that cannot be read (remote, unknown, no content document in their fallback
    /// chain), each named with why; the rest of the book is read.
    let problems: [String]
    /// The EPUB 3 navigation document (`properties="nav"`), if any.
    let navigation: ManifestItem?
    /// The EPUB 2 NCX (the spine's `toc`, or the manifest's NCX item), if any.
    let ncx: ManifestItem?

    static let containerPath = "META-INF/container.xml"

    /// Reads the container and package document of `archive`.
    ///
    /// - Throws: ``EPUBError`` for a missing or malformed container or package document, a
    ///   container naming itself, or a spine that is too long or has no item to read.
    init(archive: EPUBArchive, limits: EPUBLimits) throws(EPUBError) {
        path = try Self.packagePath(in: archive)
        let document = try XMLDocument(bytes: try archive.data(path), name: path)
        guard let package = document.root, package.name == "package" else {
            throw .invalidPackage(reason: "\(path) is not a package document (its root is not <package>)")
        }
        version = package.attribute("version") ?? ""
        metadata = EPUBMetadataReader.metadata(of: package)
        let metadataNode = package.element(named: "metadata")
        language = metadataNode?.elements(named: "language").first?.text.nonEmpty
        let packageProperties = (metadataNode?.elements(named: "meta") ?? []).filter { $0.attribute("refines") == nil }
        func property(_ name: String) -> String? {
            packageProperties.first { $0.attribute("property") == name }?.text.nonEmpty
        }
        mediaDuration = property("media:duration").flatMap(SMILClock.milliseconds)
        mediaActiveClass = property("media:active-class")
        mediaPlaybackActiveClass = property("media:playback-active-class")
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
        (spine, problems) = try Self.spine(spineNode, manifest: manifest, limits: limits, path: path)
        navigation = manifest.values.first { $0.properties.contains("nav") && !$0.isRemote }
        ncx =
            spineNode.attribute("toc").flatMap { manifest[$0] }
            ?? manifest.values.first { $0.mediaType == "application/x-dtbncx+xml" && !$0.isRemote }
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
    /// document's); items without an id, an href or a usable path are left out, remote ones
    /// kept as such.
    private static func manifest(of package: XMLNode, folder: String) -> [String: ManifestItem] {
        var manifest: [String: ManifestItem] = [:]
        for item in package.element(named: "manifest")?.elements(named: "item") ?? [] {
            guard let id = item.attribute("id"), let href = item.attribute("href") else { continue }
            let isRemote = EPUBPath.isRemote(href)
            guard let path = isRemote ? href : EPUBPath.resolve(href, against: folder)?.path else { continue }
            let properties = Set((item.attribute("properties") ?? "").split(separator: " ").map(String.init))
            manifest[id] = ManifestItem(
                id: id, path: path, mediaType: item.attribute("media-type") ?? "", properties: properties,
                fallback: item.attribute("fallback"), mediaOverlay: item.attribute("media-overlay"),
                isRemote: isRemote)
        }
        return manifest
    }

    /// The spine's readable items, in order, and why the others cannot be read.
    ///
    /// - Throws: ``EPUBError`` for a spine that is too long or has no item to read.
    private static func spine(_ spineNode: XMLNode, manifest: [String: ManifestItem], limits: EPUBLimits, path: String)
        throws(EPUBError) -> ([SpineItem], [String])
    {
        let itemrefs = spineNode.elements(named: "itemref")
        guard itemrefs.count <= limits.maxSpineItems else {
            throw .limitExceeded(
                name: path, reason: "lists \(itemrefs.count) spine items (at most \(limits.maxSpineItems))")
        }
        var spine: [SpineItem] = []
        var problems: [String] = []
        for itemref in itemrefs {
            guard let idref = itemref.attribute("idref") else { continue }
            switch contentDocument(for: idref, in: manifest) {
            case .success(let item):
                spine.append(SpineItem(item: item, isLinear: itemref.attribute("linear") != "no"))
            case .failure(let problem):
                problems.append("skipped spine item '\(idref)': \(problem.reason)")
            }
        }
        guard !spine.isEmpty else {
            let why = problems.isEmpty ? "" : " (\(problems.joined(separator: "; ")))"
            throw .invalidPackage(reason: "\(path) has no spine item to read\(why)")
        }
        return (spine, problems)
    }

    /// Why a spine item cannot be read.
    private struct SpineProblem: Error {
        let reason: String
    }

    /// The content document read for the spine item `idref`: the item, or the first content
    /// document along its `fallback` chain; a remote item is never fetched.
    private static func contentDocument(for idref: String, in manifest: [String: ManifestItem])
        -> Result<ManifestItem, SpineProblem>
    {
        guard var item = manifest[idref] else {
            return .failure(SpineProblem(reason: "the manifest has no item of that id"))
        }
        var chain = [item.id]
        var visited: Set<String> = [item.id]
        while true {
            if item.isRemote {
                return .failure(SpineProblem(reason: "its content document \(item.path) is remote (never fetched)"))
            }
            if item.isContentDocument { return .success(item) }
            guard let next = item.fallback else {
                let kind = chain.count == 1 ? "it is" : "its fallback chain (\(chain.joined(separator: " → "))) ends in"
                return .failure(
                    SpineProblem(reason: "\(kind) \(item.mediaType), not a content document, with no fallback to one"))
            }
            guard visited.insert(next).inserted else {
                return .failure(
                    SpineProblem(reason: "its fallback chain loops (\((chain + [next]).joined(separator: " → ")))"))
            }
            guard let found = manifest[next] else {
                return .failure(SpineProblem(reason: "its fallback '\(next)' is not in the manifest"))
            }
            chain.append(next)
            item = found
        }
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

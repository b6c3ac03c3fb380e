import TextNavigation

/// What a synchronized EPUB's package document adds to a book's own (see
/// ``EPUBBook/packageDocument(with:)``): Media Overlays, their audio and style, and their
/// metadata.
public struct EPUBPackageChanges: Sendable {
    /// A manifest item added.
    public struct Item: Sendable {
        public var id: String
        /// The entry name in the container.
        public var path: String
        public var mediaType: String

        /// An item of id `id` for the entry `path`, of `mediaType`.
        public init(id: String, path: String, mediaType: String) {
            self.id = id
            self.path = path
            self.mediaType = mediaType
        }
    }

    /// A `meta` element added to the metadata.
    public struct Meta: Sendable {
        public var property: String
        /// The id it refines (without `#`), if any.
        public var refines: String?
        public var value: String

        /// `<meta property="property" refines="#refines">value</meta>`.
        public init(property: String, refines: String? = nil, value: String) {
            self.property = property
            self.refines = refines
            self.value = value
        }
    }

    /// Items added to the manifest.
    public var items: [Item] = []
    /// Each content document's Media Overlay: the content document's entry name and the id of
    /// its overlay's item.
    public var overlays: [String: String] = [:]
    /// Metadata added.
    public var metadata: [Meta] = []

    /// No change yet.
    public init() {}
}

extension EPUBBook {
    /// A book's package document changed (``EPUBBook/packageDocument(with:)``).
    public struct ChangedPackage: Sendable {
        /// Its entry name.
        public let path: String
        /// Its bytes.
        public let bytes: [UInt8]
        /// The entries of the book's own Media Overlays, which the new package no longer lists.
        public let removed: Set<String>
    }

    /// The package document with `changes`: the book's own Media Overlays (SMIL items, each
    /// item's `media-overlay`, the `media:duration`, `media:active-class` and
    /// `media:playback-active-class` metadata) replaced by those of `changes`, its items and
    /// metadata added; everything else as the book has it.
    ///
    /// - Throws: ``EPUBError`` when the book's file can no longer be read.
    public func packageDocument(with changes: EPUBPackageChanges) throws(EPUBError) -> ChangedPackage {
        let archive = try reopenedArchive()
        let package = try EPUBPackage(archive: archive, limits: limits)
        let xml = try XMLDocument(bytes: try archive.data(package.path), name: package.path)
        guard let root = xml.root, let metadata = root.element(named: "metadata"),
            let manifest = root.element(named: "manifest")
        else { throw .invalidPackage(reason: "\(package.path) has no metadata or manifest") }
        let overlayProperties: Set<String> = ["media:duration", "media:active-class", "media:playback-active-class"]
        for meta in metadata.elements(named: "meta") where overlayProperties.contains(meta.attribute("property") ?? "")
        {
            meta.remove()
        }
        let folder = EPUBPath.folder(of: package.path)
        var removed: Set<String> = []
        for item in manifest.elements(named: "item") {
            let path = item.attribute("href").flatMap { EPUBPath.resolve($0, against: folder)?.path }
            if item.attribute("media-type") == "application/smil+xml" {
                if let path { removed.insert(path) }
                item.remove()
                continue
            }
            item.setAttribute("media-overlay", path.flatMap { changes.overlays[$0] })
        }
        for added in changes.items {
            let item = manifest.insertElement("item", namespace: root.namespace)
            item?.setAttribute("id", added.id)
            item?.setAttribute("href", Self.relativeHref(to: added.path, from: package.path))
            item?.setAttribute("media-type", added.mediaType)
        }
        for added in changes.metadata {
            let meta = metadata.insertElement("meta", namespace: root.namespace)
            meta?.setAttribute("property", added.property)
            meta?.setAttribute("refines", added.refines.map { "#" + $0 })
            meta?.appendText(added.value)
        }
        return ChangedPackage(path: package.path, bytes: xml.serialized(), removed: removed)
    }

    /// The book's cover image: the EPUB 3 manifest item with `properties="cover-image"`, else
    /// the EPUB 2 item `<meta name="cover" content="ID">` names, when it is an image; its
    /// entry name and media type. `nil` for a book without one.
    ///
    /// - Throws: ``EPUBError`` when the book's file can no longer be read.
    public func coverImage() throws(EPUBError) -> (path: String, mediaType: String)? {
        let archive = try reopenedArchive()
        let package = try EPUBPackage(archive: archive, limits: limits)
        var item = package.manifest.values.first { $0.properties.contains("cover-image") }
        if item == nil {
            let root = try XMLDocument(bytes: try archive.data(package.path), name: package.path).root
            let meta = root?.element(named: "metadata")?.elements(named: "meta").first {
                $0.attribute("name") == "cover"
            }
            item = meta?.attribute("content").flatMap { package.manifest[$0] }
        }
        guard let item, !item.isRemote, item.mediaType.hasPrefix("image/"), archive.contains(item.path) else {
            return nil
        }
        return (item.path, item.mediaType)
    }

    /// The entry names of the book's container, in the container's order.
    ///
    /// - Throws: ``EPUBError`` when the book's file can no longer be read.
    public func entryNames() throws(EPUBError) -> [String] {
        try reopenedArchive().names
    }
}

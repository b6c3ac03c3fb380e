import TextNavigation

/// An EPUB 2 or 3 book read into elements: the loader for `.epub` files beside
/// ``PlainTextBook``.
///
/// `META-INF/container.xml` names the package document (OPF); its spine gives the reading order
/// (items with `linear="no"` come after the linear ones, their elements outside the reading
/// order: reached by link, locator or navigation, passed by in read-all; an item listed twice
/// is read twice; an item that is no content document is read through its `fallback` chain;
/// a remote item is never fetched, and one that cannot be read is skipped and named in
/// ``problems``), its metadata the title, creators and page progression; the EPUB 3
/// navigation document or the EPUB 2 NCX gives ``navigation``, and each element a table of contents entry points to is a heading
/// (level: the entry's depth plus one, ``ElementMarkup/headingTitle``: its title, unless the
/// element is a heading of its own). Each content document becomes blocks (`XHTMLContentReader`), each
/// block one element. All elements' texts share one ``UTF16Buffer``, one U+2029 apart, as a
/// plain-text book's paragraphs do. An element's language and direction are its markup's
/// (`xml:lang`, `lang`, `dir`) alone: the package's `dc:language` is not the content's, so an
/// element without one is `und` (speech reads it with the listener's default voice) and its
/// direction is its text's own.
///
/// The book is untrusted input: it is read within ``EPUBLimits``, through libzip and libxml2
/// with no DTD, no external entity and no network (see ``EPUBError`` for what is refused). A
/// content document that is missing or not well-formed is skipped and named in ``problems``;
/// the rest is read. A book none of whose content documents can be read is refused.
public struct EPUBBook: Sendable {
    /// A print page: its label and where it starts.
    public struct PrintPage: Sendable, Hashable {
        public let label: String
        public let position: ReadingPosition
    }

    /// A content document of the spine that was read, and its elements.
    public struct ContentDocument: Sendable, Hashable {
        /// The entry name in the container.
        public let href: String
        /// The indices of its elements.
        public let elements: Range<Int>
        /// `false` for a `linear="no"` spine item: its elements come after the linear
        /// documents' and are outside the reading order (read-all passes them by).
        public let isLinear: Bool
        /// The PLS pronunciation lexicons it links (their entry names; see ``lexicons``).
        public var lexicons: [String] = []
    }

    /// The title and creators, as the package's metadata gives them.
    public let metadata: BookMetadata
    /// The main title's text, if any (see ``metadata``).
    public var title: String? { metadata.title?.value }
    /// The package's first `dc:language`, or `und`: the publication's language, which the
    /// content does not inherit.
    public let language: String
    /// The spine's `page-progression-direction`, if given.
    public let pageProgression: WritingDirection?
    /// The table of contents and print page list.
    public let navigation: EPUBNavigation
    /// The print pages, in reading order, from the content's page-break markers.
    public let printPages: [PrintPage]
    /// The content documents read, in spine order.
    public let contentDocuments: [ContentDocument]
    /// The Media Overlays' clips (recorded narration), in reading order: each content
    /// document's overlay's `par`s, in its order. Empty for a book without overlays.
    public let mediaOverlays: [MediaOverlayClip]
    /// The content's `<audio>` elements with their recordings, in reading order.
    public let embeddedAudio: [EmbeddedAudio]
    /// The total length of the narration (`media:duration` of the package), in milliseconds.
    public let mediaDuration: Int?
    /// The class a reading system gives the element being narrated (`media:active-class`).
    public let mediaActiveClass: String?
    /// The class a reading system gives the document element while narration plays
    /// (`media:playback-active-class`).
    public let mediaPlaybackActiveClass: String?
    /// The PLS pronunciation lexicons the content documents link and that could be read, by
    /// entry name (see ``ContentDocument/lexicons``).
    public let lexicons: [String: PronunciationLexicon]
    /// What was wrong but did not stop reading: a spine item skipped (remote, or with no
    /// content document in its fallback chain), a content document missing or not well-formed
    /// (named), a navigation document that could not be read.
    public let problems: [String]
    /// The package's version ("2.0", "3.0").
    public let version: String

    let contents: [ElementContent]
    /// Element `id`s of each content document (by index in ``contentDocuments``): the index
    /// of the element they start in (or the next element with text).
    private let anchors: [[String: Int]]
    /// The buffer every element's text lives in.
    public let buffer: UTF16Buffer
    /// Where the book's container is, to read its resources (audio) again.
    let source: Source
    let limits: EPUBLimits

    enum Source: Sendable {
        case path(String)
        case bytes([UInt8])
    }

    /// Whether `prefix` (a file's first bytes) starts a ZIP archive, as every EPUB does: the
    /// format is known by content, not by the file's name.
    package static func isArchive(prefix: some Collection<UInt8>) -> Bool {
        ZIPSignature.isArchive(prefix: prefix)
    }

    /// Reads the book in the file at `path`.
    ///
    /// - Throws: ``EPUBError``.
    public init(contentsOf path: String, limits: EPUBLimits = EPUBLimits()) throws(EPUBError) {
        try self.init(archive: try EPUBArchive(path: path, limits: limits), source: .path(path), limits: limits)
    }

    /// Reads a book from the bytes of its file.
    ///
    /// - Throws: ``EPUBError``.
    public init(bytes: [UInt8], limits: EPUBLimits = EPUBLimits()) throws(EPUBError) {
        try self.init(archive: try EPUBArchive(bytes: bytes, limits: limits), source: .bytes(bytes), limits: limits)
    }

    private init(archive: EPUBArchive, source: Source, limits: EPUBLimits) throws(EPUBError) {
        self.source = source
        self.limits = limits
        let package = try EPUBPackage(archive: archive, limits: limits)
        metadata = package.metadata
        version = package.version
        language = package.language ?? "und"
        pageProgression = package.pageProgression
        var problems = package.problems
        let navigation = Self.navigation(of: package, in: archive, problems: &problems)
        self.navigation = navigation
        let spine = try Self.readSpine(of: package, in: archive, problems: &problems)
        guard !spine.blocks.isEmpty else {
            throw problems.isEmpty
                ? .noText
                : .invalidPackage(reason: "no content document could be read (\(problems.joined(separator: "; ")))")
        }
        contentDocuments = spine.documents
        lexicons = Self.lexicons(linkedBy: spine, in: archive, problems: &problems)
        mediaOverlays = Self.mediaOverlays(of: spine, package: package, in: archive, problems: &problems)
        embeddedAudio = Self.embeddedAudio(of: spine, in: archive, problems: &problems)
        mediaDuration = package.mediaDuration
        mediaActiveClass = package.mediaActiveClass
        mediaPlaybackActiveClass = package.mediaPlaybackActiveClass
        self.problems = problems
        anchors = spine.anchors
        let buffer = Self.buffer(joining: spine.blocks)
        self.buffer = buffer
        (contents, printPages) = Self.contents(of: spine, in: buffer, navigation: navigation)
    }

    /// A content document's blocks, each with the content document's path.
    typealias Blocks = [(block: EPUBBlock, href: String)]

    /// What the spine's content documents hold: their blocks, the documents and the element
    /// each of their `id`s starts in (by document), the text each `id` holds (in its document's
    /// blocks), and each document's Media Overlay (its entry name).
    struct Spine {
        var blocks: Blocks = []
        var documents: [ContentDocument] = []
        var anchors: [[String: Int]] = []
        var idRanges: [[String: (start: XHTMLContentReader.Point, end: XHTMLContentReader.Point)]] = []
        var overlays: [String?] = []
        /// The id the next content document's first structure gets.
        var nextStructureID = 0
        /// The PLS lexicons linked, by entry name, with their first link's `hreflang` (empty
        /// for none).
        var lexiconLanguages: [String: String] = [:]
    }

    /// The book's navigation: the EPUB 3 navigation document's, else (for the table of contents
    /// and, when it has none, the page list) the EPUB 2 NCX's; a document that cannot be read
    /// is named in `problems`.
    private static func navigation(of package: EPUBPackage, in archive: EPUBArchive, problems: inout [String])
        -> EPUBNavigation
    {
        var navigation = EPUBNavigation()
        if let nav = package.navigation {
            do throws(EPUBError) {
                if let root = try XMLDocument(bytes: try archive.data(nav.path), name: nav.path).root {
                    navigation = EPUBNavigation(navigationDocument: root, path: nav.path)
                }
            } catch {
                problems.append("the navigation document: \(error)")
            }
        }
        if navigation.tableOfContents.isEmpty, let ncx = package.ncx {
            do throws(EPUBError) {
                if let root = try XMLDocument(bytes: try archive.data(ncx.path), name: ncx.path).root {
                    let fromNCX = EPUBNavigation(ncx: root, path: ncx.path)
                    navigation.tableOfContents = fromNCX.tableOfContents
                    if navigation.pageList.isEmpty { navigation.pageList = fromNCX.pageList }
                }
            } catch {
                problems.append("the NCX: \(error)")
            }
        }
        return navigation
    }

    /// Reads the spine's content documents into blocks: the linear items in spine order, then
    /// the others (outside the reading order). Print page markers after a document's last text
    /// go to the next document's first block, or end the last linear text.
    private static func readSpine(of package: EPUBPackage, in archive: EPUBArchive, problems: inout [String])
        throws(EPUBError) -> Spine
    {
        var spine = Spine()
        var carried: [String] = []
        for item in package.spine.filter(\.isLinear) + package.spine.filter({ !$0.isLinear }) {
            let path = item.item.path
            // Markers after the last linear text end it, before the non-linear documents.
            if !item.isLinear { endText(of: &spine.blocks, with: &carried) }
            guard let root = try contentRoot(path, in: archive, problems: &problems) else { continue }
            var reader = XHTMLContentReader(
                defaultLanguage: "und", defaultDirection: nil, firstStructureID: spine.nextStructureID,
                style: EPUBWritingMode.style(of: root, path: path, in: archive))
            reader.read(root)
            spine.nextStructureID = reader.nextStructureID
            var found = reader.blocks
            if !carried.isEmpty, !found.isEmpty {
                found[0].printPages.insert(contentsOf: carried.map { PrintPageMarker(label: $0, offset: 0) }, at: 0)
                carried = []
            }
            carried += reader.trailingMarkers
            let first = spine.blocks.count
            spine.documents.append(
                ContentDocument(href: path, elements: first..<first + found.count, isLinear: item.isLinear))
            let links = PLSLexicon.links(of: root, documentPath: path)
            spine.documents[spine.documents.count - 1].lexicons = links.map(\.path)
            for link in links where spine.lexiconLanguages[link.path] == nil {
                spine.lexiconLanguages[link.path] = link.language ?? ""
            }
            spine.anchors.append(reader.anchors.mapValues { first + $0 })
            spine.idRanges.append(reader.idRanges)
            spine.overlays.append(
                item.item.mediaOverlay.flatMap { package.manifest[$0] }.flatMap { $0.isRemote ? nil : $0.path })
            spine.blocks += found.map { ($0, path) }
        }
        endText(of: &spine.blocks, with: &carried)
        return spine
    }

    /// Puts the print page markers `carried` at the end of the last block's text, if there is
    /// a block.
    private static func endText(of blocks: inout Blocks, with carried: inout [String]) {
        guard !carried.isEmpty, let last = blocks.indices.last else { return }
        let end = blocks[last].block.text.count
        blocks[last].block.printPages += carried.map { PrintPageMarker(label: $0, offset: end) }
        carried = []
    }

    /// The root element of the content document at `path`; `nil` when it has none, or when it
    /// is missing or not well-formed (then named in `problems`).
    ///
    /// - Throws: what stops the whole book: a limit exceeded, an unsafe entry name.
    private static func contentRoot(_ path: String, in archive: EPUBArchive, problems: inout [String])
        throws(EPUBError) -> XMLNode?
    {
        do throws(EPUBError) {
            guard archive.contains(path) else {
                throw .missingEntry(name: path, reason: "a spine item's content document")
            }
            return try XMLDocument(bytes: try archive.data(path), name: path).root
        } catch {
            if error.code == .limitExceeded || error.code == .unsafeEntryName { throw error }
            problems.append("skipped \(path): \(error)")
            return nil
        }
    }

    /// One buffer holding every block's text, one U+2029 apart.
    private static func buffer(joining blocks: Blocks) -> UTF16Buffer {
        let total = blocks.reduce(0) { $0 + $1.block.text.count } + blocks.count - 1
        return UTF16Buffer(count: total) { target in
            var at = 0
            for (index, entry) in blocks.enumerated() {
                if index > 0 {
                    target[at] = 0x2029
                    at += 1
                }
                for unit in entry.block.text {
                    target[at] = unit
                    at += 1
                }
            }
        }
    }

    /// Each block's element content (its text in `buffer`, traits, language and markup) and the
    /// print pages, in order.
    private static func contents(of spine: Spine, in buffer: UTF16Buffer, navigation: EPUBNavigation) -> (
        [ElementContent], [PrintPage]
    ) {
        var contents: [ElementContent] = []
        var printPages: [PrintPage] = []
        contents.reserveCapacity(spine.blocks.count)
        // The table of contents' targets are headings (the first entry naming an element wins).
        var tableOfContents: [Int: EPUBNavigation.Entry] = [:]
        for entry in navigation.tableOfContents where !entry.isHidden {
            if let index = elementIndex(
                href: entry.href, fragment: entry.fragment, documents: spine.documents, anchors: spine.anchors),
                tableOfContents[index] == nil
            {
                tableOfContents[index] = entry
            }
        }
        var start = 0
        var documents = spine.documents.makeIterator()
        var document = documents.next()
        for (index, entry) in spine.blocks.enumerated() {
            while let current = document, !current.elements.contains(index) { document = documents.next() }
            let block = entry.block
            let range = start..<start + block.text.count
            start = range.upperBound + 1
            var traits: ElementTraits = block.isImage ? [.image] : [.staticText]
            var headingLevel = block.headingLevel > 0 ? block.headingLevel : nil
            var headingTitle: String?
            if let entry = tableOfContents[index], headingLevel == nil {
                headingLevel = min(entry.depth + 1, 6)
                headingTitle = entry.title.isEmpty ? nil : entry.title
            }
            if headingLevel != nil { traits.insert(.heading) }
            let markup = ElementMarkup(
                href: entry.href, direction: block.direction, headingLevel: headingLevel, ruby: block.ruby,
                pronunciations: block.pronunciations, printPages: block.printPages,
                links: links(of: block, in: entry.href, spine: spine),
                isOutsideReadingOrder: document?.isLinear == false, structures: block.structures,
                headingTitle: headingTitle, writingMode: block.writingMode)
            contents.append(
                ElementContent(
                    text: TextStorage(buffer: buffer, range: range), traits: traits, locale: block.language,
                    markup: markup))
            printPages += block.printPages.map {
                PrintPage(label: $0.label, position: ReadingPosition(element: index, offset: $0.offset))
            }
        }
        return (contents, printPages)
    }

    /// The links of `block` (of the content document at `href`), resolved to their targets.
    private static func links(of block: EPUBBlock, in href: String, spine: Spine) -> [ElementMarkup.Link] {
        let folder = EPUBPath.folder(of: href)
        return block.links.compactMap { link -> ElementMarkup.Link? in
            let target =
                link.href.hasPrefix("#")
                ? (href, String(link.href.dropFirst()).removingPercentEncoding)
                : EPUBPath.resolve(link.href, against: folder)
            guard let target else { return nil }
            return ElementMarkup.Link(
                range: link.range, href: target.path, fragment: target.fragment,
                target: elementIndex(
                    href: target.path, fragment: target.fragment, documents: spine.documents, anchors: spine.anchors),
                isNoteReference: link.isNoteReference)
        }
    }

    /// The number of elements.
    public var elementCount: Int { contents.count }

    /// The index of the element a navigation entry (a table of contents or page list entry)
    /// points to: the element its fragment's `id` starts in, or its content document's first
    /// element; `nil` when the entry points outside what was read (a missing document, or one
    /// without text).
    public func elementIndex(of entry: EPUBNavigation.Entry) -> Int? {
        Self.elementIndex(href: entry.href, fragment: entry.fragment, documents: contentDocuments, anchors: anchors)
    }

    /// The element a link to `href` and `fragment` points to (see ``elementIndex(of:)``): in
    /// the first reading of a document the spine lists twice.
    private static func elementIndex(
        href: String, fragment: String?, documents: [ContentDocument], anchors: [[String: Int]]
    ) -> Int? {
        guard let number = documents.firstIndex(where: { $0.href == href }) else { return nil }
        let document = documents[number]
        guard !document.elements.isEmpty else { return nil }
        guard let fragment, let anchor = anchors[number][fragment] else {
            return document.elements.lowerBound
        }
        return min(anchor, document.elements.upperBound - 1)
    }

    /// The content document holding element `index`, if any.
    public func contentDocument(containing index: Int) -> ContentDocument? {
        contentDocuments.first { $0.elements.contains(index) }
    }
}

extension Document {
    /// A document from an EPUB book: one element per block, each with its language (its
    /// tokenizer's locale), traits (heading, image) and ``TextElement/markup``; every content
    /// document starts a new page. Elements are made as they are first asked for
    /// (``Elements``).
    public convenience init(epub: EPUBBook, layout: PageLayout = PageLayout()) {
        let breaks = Set(epub.contentDocuments.map(\.elements.lowerBound))
        self.init(contents: ElementContentList(epub.contents, pageBreaksBefore: breaks), layout: layout)
    }
}

/// An EPUB 2 or 3 book read into elements: the loader for `.epub` files beside
/// ``PlainTextBook``.
///
/// `META-INF/container.xml` names the package document (OPF); its spine gives the reading order
/// (items with `linear="no"` come after the linear ones, their elements outside the reading
/// order: reached by link, locator or navigation, passed by in read-all), its metadata
/// the title, language and page progression; the EPUB 3 navigation document or the EPUB 2 NCX
/// gives ``navigation``, and each element a table of contents entry points to is a heading
/// (level: the entry's depth plus one, ``ElementMarkup/headingTitle``: its title, unless the
/// element is a heading of its own). Each content document becomes blocks (`XHTMLContentReader`), each
/// block one element. All elements' texts share one ``UTF16Buffer``, one U+2029 apart, as a
/// plain-text book's paragraphs do.
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
    }

    /// The first `dc:title`, if any.
    public let title: String?
    /// The package's `dc:language` (elements without `xml:lang`/`lang` get it), or `und`.
    public let language: String
    /// The spine's `page-progression-direction`, if given.
    public let pageProgression: WritingDirection?
    /// The table of contents and print page list.
    public let navigation: EPUBNavigation
    /// The print pages, in reading order, from the content's page-break markers.
    public let printPages: [PrintPage]
    /// The content documents read, in spine order.
    public let contentDocuments: [ContentDocument]
    /// What was wrong but did not stop reading: a content document missing or not well-formed
    /// (named), a navigation document that could not be read.
    public let problems: [String]
    /// The package's version ("2.0", "3.0").
    public let version: String

    let contents: [ElementContent]
    /// Element `id`s of each content document (by href): the index of the element they start
    /// in (or the next element with text).
    private let anchors: [String: [String: Int]]
    /// The buffer every element's text lives in.
    public let buffer: UTF16Buffer

    /// Whether `prefix` (a file's first bytes) starts a ZIP archive, as every EPUB does: the
    /// format is known by content, not by the file's name.
    public static func isArchive(prefix: some Collection<UInt8>) -> Bool {
        ZIPSignature.isArchive(prefix: prefix)
    }

    /// Reads the book in the file at `path`.
    ///
    /// - Throws: ``EPUBError``.
    public init(contentsOf path: String, limits: EPUBLimits = EPUBLimits()) throws(EPUBError) {
        try self.init(archive: try EPUBArchive(path: path, limits: limits), limits: limits)
    }

    /// Reads a book from the bytes of its file.
    ///
    /// - Throws: ``EPUBError``.
    public init(bytes: [UInt8], limits: EPUBLimits = EPUBLimits()) throws(EPUBError) {
        try self.init(archive: try EPUBArchive(bytes: bytes, limits: limits), limits: limits)
    }

    private init(archive: EPUBArchive, limits: EPUBLimits) throws(EPUBError) {
        let package = try EPUBPackage(archive: archive, limits: limits)
        title = package.title
        version = package.version
        language = package.language ?? "und"
        pageProgression = package.pageProgression
        var problems: [String] = []
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
        self.navigation = navigation

        var blocks: [(block: EPUBBlock, href: String)] = []
        var documents: [ContentDocument] = []
        var carried: [String] = []
        var anchors: [String: [String: Int]] = [:]
        // The linear items in spine order, then the others (outside the reading order).
        let spine = package.spine.filter(\.isLinear) + package.spine.filter { !$0.isLinear }
        for item in spine {
            let path = item.item.path
            if !item.isLinear, !carried.isEmpty, let last = blocks.indices.last {
                // Markers after the last linear text end it, before the non-linear documents.
                let end = blocks[last].block.text.count
                blocks[last].block.printPages += carried.map { PrintPageMarker(label: $0, offset: end) }
                carried = []
            }
            let root: XMLNode?
            do throws(EPUBError) {
                guard archive.contains(path) else {
                    throw .missingEntry(name: path, reason: "a spine item's content document")
                }
                root = try XMLDocument(bytes: try archive.data(path), name: path).root
            } catch {
                if case .limitExceeded = error { throw error }
                if case .unsafeEntryName = error { throw error }
                problems.append("skipped \(path): \(error)")
                continue
            }
            guard let root else { continue }
            var reader = XHTMLContentReader(defaultLanguage: language, defaultDirection: .leftToRight)
            reader.read(root)
            var found = reader.blocks
            if !carried.isEmpty, !found.isEmpty {
                found[0].printPages.insert(
                    contentsOf: carried.map { PrintPageMarker(label: $0, offset: 0) }, at: 0)
                carried = []
            }
            carried += reader.trailingMarkers
            documents.append(
                ContentDocument(
                    href: path, elements: blocks.count..<blocks.count + found.count, isLinear: item.isLinear))
            anchors[path] = reader.anchors.mapValues { blocks.count + $0 }
            blocks += found.map { ($0, path) }
        }
        if !carried.isEmpty, let last = blocks.indices.last {
            let end = blocks[last].block.text.count
            blocks[last].block.printPages += carried.map { PrintPageMarker(label: $0, offset: end) }
        }
        guard !blocks.isEmpty else {
            throw problems.isEmpty
                ? .noText
                : .invalidPackage(reason: "no content document could be read (\(problems.joined(separator: "; ")))")
        }
        self.problems = problems
        self.contentDocuments = documents
        self.anchors = anchors

        let total = blocks.reduce(0) { $0 + $1.block.text.count } + blocks.count - 1
        let buffer = UTF16Buffer(count: total) { target in
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
        self.buffer = buffer
        var contents: [ElementContent] = []
        var printPages: [PrintPage] = []
        contents.reserveCapacity(blocks.count)
        let nonLinear = Set(documents.filter { !$0.isLinear }.map(\.href))
        // The table of contents' targets are headings (the first entry naming an element wins).
        var tableOfContents: [Int: EPUBNavigation.Entry] = [:]
        for entry in navigation.tableOfContents {
            if let index = Self.elementIndex(
                href: entry.href, fragment: entry.fragment, documents: documents, anchors: anchors),
                tableOfContents[index] == nil
            {
                tableOfContents[index] = entry
            }
        }
        var start = 0
        for (index, entry) in blocks.enumerated() {
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
            let folder = EPUBPath.folder(of: entry.href)
            let links = block.links.compactMap { link -> ElementMarkup.Link? in
                let target =
                    link.href.hasPrefix("#")
                    ? (entry.href, String(link.href.dropFirst()).removingPercentEncoding)
                    : EPUBPath.resolve(link.href, against: folder)
                guard let target else { return nil }
                return ElementMarkup.Link(
                    range: link.range, href: target.path, fragment: target.fragment,
                    target: Self.elementIndex(
                        href: target.path, fragment: target.fragment, documents: documents, anchors: anchors),
                    isNoteReference: link.isNoteReference)
            }
            let markup = ElementMarkup(
                href: entry.href, direction: block.direction, headingLevel: headingLevel, ruby: block.ruby,
                printPages: block.printPages, links: links,
                isOutsideReadingOrder: block.isNote || nonLinear.contains(entry.href), headingTitle: headingTitle)
            contents.append(
                ElementContent(
                    text: TextStorage(buffer: buffer, range: range), traits: traits, locale: block.language,
                    markup: markup))
            printPages += block.printPages.map {
                PrintPage(label: $0.label, position: ReadingPosition(element: index, offset: $0.offset))
            }
        }
        self.contents = contents
        self.printPages = printPages
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

    /// The element a link to `href` and `fragment` points to (see ``elementIndex(of:)``).
    private static func elementIndex(
        href: String, fragment: String?, documents: [ContentDocument], anchors: [String: [String: Int]]
    ) -> Int? {
        guard let document = documents.first(where: { $0.href == href }), !document.elements.isEmpty
        else { return nil }
        guard let fragment, let anchor = anchors[href]?[fragment] else {
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
        let factory = ElementFactory(contents: epub.contents, width: Double(layout.width))
        let breaks = Set(epub.contentDocuments.map(\.elements.lowerBound))
        self.init(elements: Elements(source: .made(factory)), layout: layout, pageBreaksBefore: breaks)
    }
}

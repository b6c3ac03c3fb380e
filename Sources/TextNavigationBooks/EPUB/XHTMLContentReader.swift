import TextNavigation

/// Turns one XHTML content document into blocks in reading order, as an accessible reading
/// system reads it.
///
/// - Blocks: `p`, `h1`–`h6`, `li`, `dt`, `dd`, `blockquote`, `pre`, `figcaption`, table cells,
///   `aside`, `div`, `section` and the other flow containers each end the block before them and
///   start a new one; inline markup joins its block's text. White space collapses as in HTML
///   (`pre` keeps it); a line break between two East Asian wide characters reads as nothing.
/// - `img` becomes an image block read as its `alt` (`alt=""` or none is decorative: skipped).
/// - `audio` becomes a block read as its fallback content, keeping its source
///   (``EPUBBlock/audio``): read-all plays the recording in its place.
/// - SVG, inline or as a content document of its own: its `title` becomes an image block read
///   as the title, then each `desc` and each `text` (its `tspan`s inline) a block of its own, in
///   document order; `defs`, `symbol`, `metadata`, `style` and `script` are not read.
/// - Not read: `head`, `script`, `style`, `template`, anything `hidden` or
///   `aria-hidden="true"`, MathML (its `alttext` is read instead).
/// - Structures: each block keeps the structures it is part of (``EPUBBlock/structures``),
///   outermost first: notes (`epub:type` footnote, endnote, rearnote, note, annotation; `role`
///   doc-footnote, doc-endnote), sidebars (`aside` that is no note, `epub:type="sidebar"`,
///   `role="complementary"`), tables, lists, quotations (`blockquote`), figures and captions,
///   each with an id of its own (see ``structureKind(name:types:role:)``). Links (`<a href>`,
///   note references among them) are kept on their block.
/// - Ruby: the base is read once; `<rt>` gives the reading, kept as a ``RubyAnnotation``; `<rp>`
///   is dropped.
/// - Pronunciation: an element with `ssml:ph` is said as those phonemes (in its nearest
///   `ssml:alphabet`, else IPA), kept as a ``Pronunciation`` over its text when that stays in
///   one block; an `ssml:ph` inside another is said by the outer one.
/// - `epub:switch` reads its `epub:default` only.
/// - Page breaks (`epub:type="pagebreak"`, `role="doc-pagebreak"`) become ``PrintPageMarker``s
///   labelled by their `title` (or `aria-label`, or text), and are not read as text.
/// - Language: the nearest `xml:lang` or `lang`, else `defaultLanguage`; direction: the nearest
///   `dir`, else `defaultDirection` (`nil`: the text's own, by its first strong character).
struct XHTMLContentReader {
    private(set) var blocks: [EPUBBlock] = []
    /// Markers found after the last block with text (the next block, in this document or the
    /// next one, starts with them).
    private(set) var trailingMarkers: [String] = []
    /// Element `id`s and the block (index in ``blocks``, which may be `blocks.count` for one
    /// not yet begun) they start in.
    private(set) var anchors: [String: Int] = [:]
    /// Element `id`s whose elements hold text, and the text they hold: from the block and
    /// offset of their first character to those after their last (what a Media Overlay's
    /// `text` fragment points at).
    private(set) var idRanges: [String: (start: Point, end: Point)] = [:]
    /// The id the next structure found gets: ids go on from the reader's first, so that the
    /// readers of one book's documents give different ids.
    private(set) var nextStructureID: Int
    /// Where each block's text came from, when recorded (see ``XHTMLSourceMap``).
    var sourceMap = XHTMLSourceMap()

    /// A place in the text read: a block (index in ``blocks``) and a UTF-16 offset in it.
    struct Point {
        let block: Int
        let offset: Int
    }

    private var current = EPUBBlock()
    private var pendingSpace = false
    private var pendingSpaceHasNewline = false
    private var pendingMarkers: [String] = []
    /// Where the ruby base being read starts in the current block's text, once it has text.
    private var rubyBaseStart: Int?
    private var inRuby = false
    /// Where the link being read starts in the current block's text, once it has text.
    private var linkStart: Int?
    private var inLink = false
    /// Where the text of the element with `ssml:ph` being read starts, once it has text.
    private var phonemeStart: Point?
    private var inPhonemes = false
    /// Ids whose elements have begun but have no text yet: their start is where text lands.
    private var idsAwaitingText: [String] = []
    private var idStarts: [String: Point] = [:]
    private let defaultLanguage: String
    private let defaultDirection: WritingDirection?
    /// The document's rules that set a writing mode.
    let style: EPUBWritingMode.Style

    struct Context {
        var language: String
        var direction: WritingDirection?
        /// The writing mode the style gives the element or it inherits (``EPUBWritingMode``).
        var writingMode = WritingMode.horizontalTopToBottom
        var headingLevel = 0
        var preservesSpace = false
        /// The nearest `ssml:alphabet`.
        var alphabet = PhoneticAlphabet.ipa
        /// The structures the content is part of, outermost first.
        var structures: [ContentStructure] = []
    }

    private static let blockNames: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "dt", "dd", "blockquote", "pre", "figcaption", "td", "th",
        "caption", "aside", "div", "section", "article", "header", "footer", "nav", "main", "figure", "table", "tr",
        "thead", "tbody", "tfoot", "ul", "ol", "dl", "address", "body", "hr", "hgroup", "details", "summary",
        "fieldset", "legend", "center", "form",
    ]
    private static let skippedNames: Set<String> = ["head", "script", "style", "template", "rp", "noscript", "title"]

    /// A reader whose structures' ids start at `firstStructureID`, its elements' writing modes
    /// set by `style`.
    init(
        defaultLanguage: String, defaultDirection: WritingDirection?, firstStructureID: Int = 0,
        style: EPUBWritingMode.Style = EPUBWritingMode.Style()
    ) {
        self.defaultLanguage = defaultLanguage
        self.defaultDirection = defaultDirection
        self.style = style
        self.nextStructureID = firstStructureID
    }

    /// Reads the document whose root element is `root`.
    mutating func read(_ root: XMLNode) {
        let context = Context(language: defaultLanguage, direction: defaultDirection)
        visit(root, context)
        endBlock()
        trailingMarkers = pendingMarkers
    }

    private mutating func visit(_ node: XMLNode, _ inherited: Context) {
        if node.isText {
            append(node.content, inherited, from: node)
            return
        }
        guard node.isElement else { return }
        let name = node.name
        let id = node.attribute("id").flatMap { anchors[$0] == nil ? $0 : nil }
        if let id {
            anchors[id] = blocks.count
            idsAwaitingText.append(id)
        }
        visitElement(node, name: name, context(of: node, inheriting: inherited))
        if let id { closeID(id) }
    }

    /// Where the text read so far ends: the current block's end, else the last block's.
    private var textEnd: Point? {
        if !current.text.isEmpty { return Point(block: blocks.count, offset: current.text.count) }
        return blocks.last.map { Point(block: blocks.count - 1, offset: $0.text.count) }
    }

    /// Records the text the element of `id` held, once it has ended.
    private mutating func closeID(_ id: String) {
        idsAwaitingText.removeAll { $0 == id }
        guard let start = idStarts.removeValue(forKey: id), let end = textEnd, idRanges[id] == nil else { return }
        idRanges[id] = (start, end)
    }

    /// Reads an element (not a text node) with its context.
    private mutating func visitElement(_ node: XMLNode, name: String, _ elementContext: Context) {
        var context = elementContext
        if Self.skippedNames.contains(name) || Self.isHidden(node) {
            return
        }
        // Read as it would be without ssml:ph (the same call, once), its phonemes kept over it.
        if !inPhonemes, let phonemes = node.attribute("ph", namespace: XMLNode.ssml)?.trimmingSpaces.nonEmpty {
            visitPhonemes(node, phonemes: phonemes, elementContext)
            return
        }
        let types = Set((node.attribute("type", namespace: XMLNode.ops) ?? "").split(separator: " ").map(String.init))
        let role = node.attribute("role") ?? ""
        if types.contains("pagebreak") || role == "doc-pagebreak" {
            let label = node.attribute("title") ?? node.attribute("aria-label") ?? node.text
            if !label.isEmpty { addMarker(label) }
            return
        }
        if Self.blockNames.contains(name), let kind = Self.structureKind(name: name, types: types, role: role) {
            context.structures.append(ContentStructure(kind: kind, id: nextStructureID))
            nextStructureID += 1
        }
        if node.namespace == XMLNode.ops && name == "switch" {
            if let fallback = node.elements.first(where: { $0.name == "default" }) {
                for child in fallback.children { visit(child, context) }
            }
            return
        }
        if visitLeaf(node, name: name, isNoteReference: types.contains("noteref") || role == "doc-noteref", context) {
            return
        }
        let isBlock = Self.blockNames.contains(name)
        if isBlock {
            endBlock()
            if name.count == 2, name.first == "h", let level = Int(name.dropFirst()), (1...6).contains(level) {
                context.headingLevel = level
            }
            if name == "pre" { context.preservesSpace = true }
        }
        for child in node.children { visit(child, context) }
        if isBlock { endBlock() }
    }

    /// Reads an element whose children are not visited as they are (an image, SVG, MathML, a
    /// line break, ruby, a link); returns `false`, reading nothing, for any other element.
    private mutating func visitLeaf(_ node: XMLNode, name: String, isNoteReference: Bool, _ context: Context) -> Bool {
        switch name {
        case "img", "image":
            let alt = (node.attribute("alt") ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !alt.isEmpty { addImage(alt, context) }
        case "svg":
            visitSVG(node, context, depth: 0)
        case "audio":
            visitAudio(node, context)
        case "math":
            if let alternative = node.attribute("alttext"), !alternative.isEmpty { append(alternative, context) }
        case "br":
            pendingSpace = !current.text.isEmpty
        case "ruby":
            visitRuby(node, context)
        case "rt", "rtc":
            break  // outside ruby, or handled by visitRuby
        case "a" where node.attribute("href") != nil && !inLink:
            visitLink(node, href: node.attribute("href") ?? "", isNoteReference: isNoteReference, context)
        default:
            return false
        }
        return true
    }

    /// Reads an `audio` element as a block of its own, read as its fallback content (the text
    /// inside it but its `source` and `track` elements), else its `aria-label` or `title`, else
    /// "Audio"; the block keeps the audio's `src` (its own, else its first `source`'s) for the
    /// player to play instead. One with no source is read as its fallback content alone.
    private mutating func visitAudio(_ node: XMLNode, _ context: Context) {
        endBlock()
        let source =
            node.attribute("src")
            ?? node.elements.first { $0.name == "source" && $0.attribute("src") != nil }?.attribute("src")
        for child in node.children where !(child.isElement && (child.name == "source" || child.name == "track")) {
            visit(child, context)
        }
        if let source, !source.isEmpty {
            if current.text.isEmpty {
                append(node.attribute("aria-label") ?? node.attribute("title") ?? "Audio", context)
            }
            current.audio = source
        }
        endBlock()
    }

    /// Reads an SVG element: the outermost `svg`'s `title` as an image block, each other
    /// `title`, each `desc` and each `text` as a block, other elements for what they hold.
    private mutating func visitSVG(_ node: XMLNode, _ inherited: Context, depth: Int) {
        guard depth < 256 else { return }
        for child in node.children where child.isElement {
            let context = context(of: child, inheriting: inherited)
            if Self.isHidden(child) { continue }
            switch child.name {
            case "title" where depth == 0 && node.name == "svg":
                let title = child.text
                if !title.isEmpty { addImage(title, context) }
            case "title", "desc", "text":
                endBlock()
                for part in child.children { visit(part, context) }
                endBlock()
            case "defs", "symbol", "metadata", "style", "script":
                continue
            case "foreignObject":
                for part in child.children { visit(part, context) }
            default:
                visitSVG(child, context, depth: depth + 1)
            }
        }
    }

    /// Reads a `ruby`: its base (text and inline markup, `rb`) as text, each `rt` as the
    /// reading of the base since the last one.
    private mutating func visitRuby(_ node: XMLNode, _ context: Context) {
        let (wasInRuby, outerStart) = (inRuby, rubyBaseStart)
        inRuby = true
        rubyBaseStart = nil
        for child in node.children {
            if child.isElement, child.name == "rt" || child.name == "rtc" {
                let reading = child.text
                if let start = rubyBaseStart, start < current.text.count, !reading.isEmpty {
                    current.ruby.append(RubyAnnotation(range: start..<current.text.count, reading: reading))
                }
                rubyBaseStart = nil
            } else if child.isElement, child.name == "rp" {
                continue
            } else {
                visit(child, context)
            }
        }
        (inRuby, rubyBaseStart) = (wasInRuby, outerStart)
    }

    /// Reads an `a` with an `href`: its content as inline text, kept as a link when it stays in
    /// one block.
    private mutating func visitLink(_ node: XMLNode, href: String, isNoteReference: Bool, _ context: Context) {
        let block = blocks.count
        inLink = true
        linkStart = nil
        for child in node.children { visit(child, context) }
        inLink = false
        if let start = linkStart, blocks.count == block, start < current.text.count {
            current.links.append((start..<current.text.count, href, isNoteReference))
        }
        linkStart = nil
    }

    /// Reads an element with `ssml:ph` as it would be read without it, then keeps its
    /// phonemes over its text when that stayed in one block.
    private mutating func visitPhonemes(_ node: XMLNode, phonemes: String, _ context: Context) {
        inPhonemes = true
        phonemeStart = nil
        visitElement(node, name: node.name, context)
        inPhonemes = false
        defer { phonemeStart = nil }
        guard let start = phonemeStart, let end = textEnd, end.block == start.block, start.offset < end.offset
        else { return }
        let pronunciation = Pronunciation(
            range: start.offset..<end.offset, spoken: .phonemes(phonemes, alphabet: context.alphabet))
        if start.block == blocks.count {
            current.pronunciations.append(pronunciation)
        } else {
            blocks[start.block].pronunciations.append(pronunciation)
        }
    }

    private mutating func append(_ string: String, _ context: Context, from source: XMLNode? = nil) {
        var sourceOffset = 0
        for scalar in string.unicodeScalars {
            defer { sourceOffset += scalar.utf16.count }
            let isSpace = scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
            if isSpace && !(context.preservesSpace && scalar != "\r") {
                if !current.text.isEmpty {
                    pendingSpace = true
                    if scalar == "\n" { pendingSpaceHasNewline = true }
                }
                continue
            }
            if current.text.isEmpty {
                current.language = context.language
                current.direction = context.direction
                current.writingMode = context.writingMode
                current.headingLevel = context.headingLevel
                current.structures = context.structures
                for label in pendingMarkers { current.printPages.append(PrintPageMarker(label: label, offset: 0)) }
                pendingMarkers = []
            }
            if pendingSpace {
                let dropsBreak =
                    pendingSpaceHasNewline && ICU.Properties.isWide(scalar)
                    && Self.lastScalar(of: current.text).map(ICU.Properties.isWide) == true
                if !dropsBreak { current.text.append(0x20) }
                pendingSpace = false
                pendingSpaceHasNewline = false
            }
            if inRuby, rubyBaseStart == nil { rubyBaseStart = current.text.count }
            if inLink, linkStart == nil { linkStart = current.text.count }
            if inPhonemes, phonemeStart == nil {
                phonemeStart = Point(block: blocks.count, offset: current.text.count)
            }
            if !idsAwaitingText.isEmpty {
                for id in idsAwaitingText { idStarts[id] = Point(block: blocks.count, offset: current.text.count) }
                idsAwaitingText = []
            }
            if let source {
                sourceMap.record(source, nodeOffset: sourceOffset, at: current.text.count, length: scalar.utf16.count)
            }
            UTF16.encode(scalar) { current.text.append($0) }
        }
    }

    private mutating func addMarker(_ label: String) {
        if current.text.isEmpty {
            pendingMarkers.append(label)
        } else {
            current.printPages.append(PrintPageMarker(label: label, offset: current.text.count))
        }
    }

    private mutating func addImage(_ alt: String, _ context: Context) {
        endBlock()
        append(alt, context)
        current.isImage = true
        endBlock()
    }

    /// Ends the current block: kept when it has text.
    private mutating func endBlock() {
        pendingSpace = false
        pendingSpaceHasNewline = false
        sourceMap.endBlock(kept: !current.text.isEmpty)
        guard !current.text.isEmpty else { return }
        blocks.append(current)
        current = EPUBBlock()
        rubyBaseStart = nil
        linkStart = nil
    }
}

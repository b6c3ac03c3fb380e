import TextNavigation

/// A stretch of an element's text of an ``EPUBBook`` to be given an id in its content document
/// (see ``EPUBBook/markedContent(_:stylesheet:)``): what a synchronized EPUB's Media Overlay
/// points at.
public struct EPUBTextMark: Sendable, Hashable {
    /// The id the stretch gets.
    public var id: String
    /// The element (index in the book's document).
    public var element: Int
    /// The stretch: UTF-16 offsets in the element's text.
    public var range: Range<Int>

    /// A mark of `range` of `element`'s text, with `id`.
    public init(id: String, element: Int, range: Range<Int>) {
        self.id = id
        self.element = element
        self.range = range
    }
}

extension EPUBBook {
    /// Content documents of a book with marks placed (``markedContent(_:stylesheet:)``).
    public struct MarkedContent: Sendable {
        /// Each content document that got a mark, written back: by entry name.
        public var documents: [String: [UInt8]]
        /// The ids of the marks placed.
        public var placed: Set<String>
    }

    /// The content documents holding `marks`, each mark's text put in a `span` with its id
    /// (see `XHTMLSpanWrapper`: a stretch crossing inline elements is wrapped whole, the
    /// elements it partly covers split in two), the rest of each document as it was (its
    /// markup, ids, styles; libxml2 writes it back, so quoting and empty elements may be
    /// written differently), and a link to `stylesheet` (an entry name) added to each one's
    /// `head`.
    ///
    /// Where a mark's text is found is the reader's own: the document is read again as the
    /// book was, and the reader records which text node each character of each element came
    /// from (its white space collapsed, ruby readings left out). A mark whose text came from no
    /// text node (an image's alt text), lies in SVG or MathML, or whose id the document already
    /// uses is not placed; nor is one in the second reading of a document the spine lists
    /// twice.
    ///
    /// - Throws: ``EPUBError`` when the book's file can no longer be read.
    public func markedContent(_ marks: [EPUBTextMark], stylesheet: String?) throws(EPUBError) -> MarkedContent {
        let archive = try reopenedArchive()
        var result = MarkedContent(documents: [:], placed: [])
        var byDocument: [Int: [EPUBTextMark]] = [:]
        for mark in marks {
            guard let number = contentDocuments.firstIndex(where: { $0.elements.contains(mark.element) }),
                contentDocuments.firstIndex(where: { $0.href == contentDocuments[number].href }) == number
            else { continue }
            byDocument[number, default: []].append(mark)
        }
        for (number, marks) in byDocument.sorted(by: { $0.key < $1.key }) {
            let document = contentDocuments[number]
            let xml = try XMLDocument(bytes: try archive.data(document.href), name: document.href)
            guard let root = xml.root else { continue }
            let placed = XHTMLSpanWrapper.mark(
                root,
                marks.filter { !result.placed.contains($0.id) }.map {
                    XHTMLSpanWrapper.Mark(id: $0.id, block: $0.element - document.elements.lowerBound, range: $0.range)
                }, blocks: document.elements.count)
            result.placed.formUnion(placed)
            guard !placed.isEmpty else { continue }
            if let stylesheet, let head = root.element(named: "head"),
                let link = head.insertElement("link", namespace: XMLNode.xhtml)
            {
                link.setAttribute("rel", "stylesheet")
                link.setAttribute("type", "text/css")
                link.setAttribute("href", Self.relativeHref(to: stylesheet, from: document.href))
            }
            result.documents[document.href] = xml.serialized()
        }
        return result
    }

    /// The book's container opened again (as ``resource(_:)`` does).
    func reopenedArchive() throws(EPUBError) -> EPUBArchive {
        switch source {
        case .path(let path): try EPUBArchive(path: path, limits: limits)
        case .bytes(let bytes): try EPUBArchive(bytes: bytes, limits: limits)
        }
    }

    /// The `href` that links from the entry `document` to the entry `path` (both entry names
    /// of the container): "../images/a.png" from "EPUB/xhtml/c.xhtml" to "EPUB/images/a.png";
    /// percent-encoded where a URL path needs it.
    public static func relativeHref(to path: String, from document: String) -> String {
        let from = EPUBPath.folder(of: document).split(separator: "/")
        let to = path.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/")
        return parts.joined(separator: "/").unicodeScalars.map { scalar in
            guard !allowed.contains(Character(scalar)) else { return String(scalar) }
            return String(scalar).utf8.map { "%" + ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }
                .joined()
        }.joined()
    }
}

/// Puts a stretch of a content document's text, given as pieces of its text nodes (from an
/// ``XHTMLSourceMap``), into one `span` with an id, so that a Media Overlay's `text` can point
/// at exactly that text.
///
/// A stretch inside one text node gets a span around it. One that crosses inline elements
/// (`said <em>hello</em> there`, or starting inside an `<em>` and ending after it) is wrapped
/// whole too: the text nodes at its ends are split, and each inline element it only partly
/// covers is split in two at the boundary, the second half a copy of the element (its
/// attributes but its `id`), so that the span holds exactly the stretch and the text keeps
/// every element it had (the same styling, links and languages). Within ruby the span goes
/// around the whole `ruby` (a span cannot sit between a base and its `rt`). A stretch in SVG
/// or MathML (no XHTML span allowed there) is left unmarked.
enum XHTMLSpanWrapper {
    /// A stretch to mark: its id, the block (index among the reader's blocks of the document)
    /// and the UTF-16 range of the block's text.
    struct Mark {
        let id: String
        let block: Int
        let range: Range<Int>
    }

    /// Reads the document of `root` as a book's reader does, recording which text node each
    /// character came from (``XHTMLSourceMap``), and wraps each of `marks` in a span with its
    /// id; the ids placed. A mark whose id the document already uses, or whose text came from
    /// no text node, is not placed; none is when the document does not read into `blocks`
    /// blocks (when given).
    static func mark(_ root: XMLNode, _ marks: [Mark], blocks: Int? = nil) -> Set<String> {
        var reader = XHTMLContentReader(defaultLanguage: "und", defaultDirection: nil)
        reader.sourceMap.isRecording = true
        reader.read(root)
        guard blocks == nil || reader.blocks.count == blocks else { return [] }
        var placed: Set<String> = []
        // Last first: splitting a text node keeps the text before the split where it was.
        for mark in marks.sorted(by: { ($0.block, $0.range.lowerBound) > ($1.block, $1.range.lowerBound) }) {
            guard reader.anchors[mark.id] == nil, !placed.contains(mark.id),
                wrap(reader.sourceMap.pieces(of: mark.range, inBlock: mark.block), id: mark.id)
            else { continue }
            placed.insert(mark.id)
        }
        return placed
    }

    /// Wraps `pieces` (in document order) in a `span` with `id`; `false` when it cannot.
    static func wrap(_ pieces: [(node: XMLNode, range: Range<Int>)], id: String) -> Bool {
        guard let first = pieces.first, let last = pieces.last else { return false }
        // The end first: splitting there keeps the start's node and offsets as they are.
        if last.range.upperBound < last.node.content.utf16.count { _ = last.node.splitText(at: last.range.upperBound) }
        var start = first.node
        if first.range.lowerBound > 0 {
            guard let rest = first.node.splitText(at: first.range.lowerBound) else { return false }
            start = rest
        }
        let end = first.node.node == last.node.node ? start : last.node
        guard var container = commonAncestor(start, end) else { return false }
        while ["ruby", "rb", "rt", "rtc"].contains(container.name), let parent = container.parent {
            container = parent
        }
        guard container.namespace == XMLNode.xhtml, isXHTML(start, below: container), isXHTML(end, below: container)
        else { return false }
        let after = lift(end, to: container, atEnd: true)
        let before = lift(start, to: container, atEnd: false)
        guard let span = container.insertElement("span", namespace: XMLNode.xhtml, before: before) else {
            return false
        }
        span.setAttribute("id", id)
        span.moveInto(from: before, through: after)
        return true
    }

    /// The nearest element holding both `first` and `second`.
    private static func commonAncestor(_ first: XMLNode, _ second: XMLNode) -> XMLNode? {
        var chain: Set<OpaquePointer> = []
        var node = first.parent
        while let current = node {
            chain.insert(current.node)
            node = current.parent
        }
        node = second.parent
        while let current = node {
            if chain.contains(current.node) { return current }
            node = current.parent
        }
        return nil
    }

    /// Whether every element from `node`'s parent up to `container` is XHTML.
    private static func isXHTML(_ node: XMLNode, below container: XMLNode) -> Bool {
        var current = node.parent
        while let element = current, element.node != container.node {
            if element.namespace != XMLNode.xhtml { return false }
            current = element.parent
        }
        return true
    }

    /// The child of `container` that a boundary next to `node` becomes, once each element
    /// between them is split there: the boundary after `node` (`atEnd`) or before it.
    private static func lift(_ node: XMLNode, to container: XMLNode, atEnd: Bool) -> XMLNode {
        var boundary = node
        while let parent = boundary.parent, parent.node != container.node {
            let moved = atEnd ? boundary.nextSibling : boundary
            let isEdge = atEnd ? boundary.nextSibling == nil : boundary.previousSibling == nil
            if !isEdge, let moved, let copy = parent.cloneAfter() {
                var lastChild = moved
                while let next = lastChild.nextSibling { lastChild = next }
                copy.moveInto(from: moved, through: lastChild)
                boundary = atEnd ? parent : copy
            } else {
                boundary = parent
            }
        }
        return boundary
    }
}

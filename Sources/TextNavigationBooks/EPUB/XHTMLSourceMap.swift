/// Where the text of ``XHTMLContentReader``'s blocks came from: for each block, the runs of its
/// text copied from one text node of the document, with where they start in the node. White
/// space the reader collapsed, and text taken from attributes (an image's `alt`, MathML's
/// `alttext`), come from no node and are in no run.
///
/// Kept by the reader itself as it reads (when ``isRecording``), so that the text a block holds
/// and the document's nodes are related by the reader's own normalization, not by a second one.
struct XHTMLSourceMap {
    /// A stretch of a block's text copied unchanged from a text (or CDATA) node.
    struct Run {
        /// Where it starts in the block's text (UTF-16).
        var offset: Int
        /// Its length (UTF-16), the same in the block and in the node.
        var length: Int
        /// The text node.
        let node: XMLNode
        /// Where it starts in the node's text (UTF-16).
        let nodeOffset: Int
    }

    /// Whether runs are recorded (off by default: reading a book needs none).
    var isRecording = false
    /// Each block's runs, in order (by index of the reader's blocks).
    private(set) var blocks: [[Run]] = []
    private var current: [Run] = []

    /// Records that `length` units of `node`'s text from `nodeOffset` land at `offset` of the
    /// block being read.
    mutating func record(_ node: XMLNode, nodeOffset: Int, at offset: Int, length: Int) {
        guard isRecording else { return }
        if let last = current.last, last.node.node == node.node, last.offset + last.length == offset,
            last.nodeOffset + last.length == nodeOffset
        {
            current[current.count - 1].length += length
        } else {
            current.append(Run(offset: offset, length: length, node: node, nodeOffset: nodeOffset))
        }
    }

    /// Ends the block being read; `kept` says whether the reader kept it.
    mutating func endBlock(kept: Bool) {
        guard isRecording else { return }
        if kept { blocks.append(current) }
        current = []
    }

    /// The runs' pieces of `range` of block `block`, in order: each run's node and the UTF-16
    /// range of its text within it.
    func pieces(of range: Range<Int>, inBlock block: Int) -> [(node: XMLNode, range: Range<Int>)] {
        guard blocks.indices.contains(block) else { return [] }
        return blocks[block].compactMap { run in
            let lower = max(range.lowerBound, run.offset)
            let upper = min(range.upperBound, run.offset + run.length)
            guard lower < upper else { return nil }
            return (run.node, run.nodeOffset + lower - run.offset..<run.nodeOffset + upper - run.offset)
        }
    }
}

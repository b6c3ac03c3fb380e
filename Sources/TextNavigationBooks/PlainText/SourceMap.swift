import TextNavigation

/// Maps offsets in a paragraph's text back to byte offsets in the book's file.
///
/// A paragraph's text is its source lines copied verbatim, with the leading and trailing white
/// space of the paragraph trimmed and each soft line wrap replaced by one space (or by nothing
/// between two East Asian wide characters). The map keeps one anchor per copied run: the
/// paragraph offset where the run starts and the file byte offset it was copied from. Inside a
/// run, offsets convert by counting UTF-8 bytes. A space that stands for a soft wrap maps to the
/// line break it replaced.
///
/// Byte offsets count the file as read: after a leading byte-order mark (which they include),
/// with CR LF kept as two bytes. With lossy decoding, they count the repaired text (each bad
/// byte became the three bytes of U+FFFD).
///
/// A book's anchors live in one shared table, packed as variable-length deltas (a hard-wrapped
/// line's two anchors take about four bytes, not sixteen); a map is a stretch of it, so a
/// paragraph's map costs no allocation of its own.
public struct SourceMap: Sendable, Equatable {
    /// A run of copied text: `paragraphOffset` (UTF-16) came from `byteOffset` of the file.
    public struct Anchor: Sendable, Equatable {
        public let paragraphOffset: Int
        public let byteOffset: Int
        /// Whether the run is a single space standing for a soft line wrap.
        public let isSoftWrap: Bool
    }

    /// Every anchor of a book, in book order, each as two LEB128 numbers: its paragraph offset
    /// less the previous anchor's in the paragraph (0 for the first), then its byte offset less
    /// the previous anchor's in the paragraph (the whole offset for the first) shifted left
    /// once, with the low bit set for a soft wrap. Byte offsets only grow along a paragraph.
    ///
    /// The bytes are kept in parts, as they were written (one a chunk of a book assembled on
    /// every core, not copied into one array); a paragraph's anchors lie in one part, and
    /// offsets count on from one part to the next.
    final class Table: Sendable {
        private let parts: [[UInt8]]
        /// Where each part starts.
        private let starts: [Int]
        /// The number of bytes in all.
        let byteCount: Int

        /// A table of `parts` (at least one), in order.
        init(parts: [[UInt8]]) {
            precondition(!parts.isEmpty, "a table has at least one part")
            self.parts = parts
            starts = parts.dropLast().reduce(into: [0]) { starts, part in starts.append(starts.last! + part.count) }
            byteCount = starts.last! + parts.last!.count
        }

        convenience init(bytes: [UInt8]) { self.init(parts: [bytes]) }

        /// Calls `body` with the bytes at `range`, which lie in one part.
        func withBytes<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            var part = parts.count - 1
            while part > 0, starts[part] > range.lowerBound { part -= 1 }
            let lower = range.lowerBound - starts[part]
            return parts[part].withUnsafeBufferPointer { bytes in
                body(UnsafeBufferPointer(rebasing: bytes[lower..<(lower + range.count)]))
            }
        }

        /// Writes a table, paragraph after paragraph.
        struct Writer {
            private(set) var bytes: [UInt8] = []
            private var paragraphOffset = 0
            private var byteOffset = 0

            init(reservingFor anchors: Int) { bytes.reserveCapacity(anchors * 3) }

            /// Ends the paragraph: the next anchor is the next paragraph's first.
            mutating func endParagraph() {
                paragraphOffset = 0
                byteOffset = 0
            }

            mutating func append(paragraphOffset: Int, byteOffset: Int, isSoftWrap: Bool) {
                precondition(paragraphOffset >= self.paragraphOffset && byteOffset >= self.byteOffset)
                write(paragraphOffset - self.paragraphOffset)
                write((byteOffset - self.byteOffset) << 1 | (isSoftWrap ? 1 : 0))
                self.paragraphOffset = paragraphOffset
                self.byteOffset = byteOffset
            }

            private mutating func write(_ value: Int) {
                var value = value
                while value >= 0x80 {
                    bytes.append(UInt8(value & 0x7F) | 0x80)
                    value >>= 7
                }
                bytes.append(UInt8(value))
            }
        }
    }

    private let table: Table
    private let lower: Int32
    private let upper: Int32

    /// The map made of the anchors at bytes `range` of `table`.
    init(table: Table, range: Range<Int>) {
        self.table = table
        self.lower = Int32(range.lowerBound)
        self.upper = Int32(range.upperBound)
    }

    /// The runs, in paragraph order.
    ///
    /// - Complexity: O(r), decoded on each call from the shared table.
    public var anchors: [Anchor] {
        var anchors: [Anchor] = []
        forEachAnchor { anchor in
            anchors.append(anchor)
            return true
        }
        return anchors
    }

    /// Calls `body` with the anchors in order until it returns `false`.
    private func forEachAnchor(_ body: (Anchor) -> Bool) {
        table.withBytes(Int(lower)..<Int(upper)) { bytes in
            var index = 0
            let end = bytes.count
            func read() -> Int {
                var value = 0
                var shift = 0
                while true {
                    let byte = bytes[index]
                    index += 1
                    value |= Int(byte & 0x7F) << shift
                    if byte < 0x80 { return value }
                    shift += 7
                }
            }
            var paragraphOffset = 0
            var byteOffset = 0
            while index < end {
                paragraphOffset += read()
                let packed = read()
                byteOffset += packed >> 1
                let anchor = Anchor(
                    paragraphOffset: paragraphOffset, byteOffset: byteOffset, isSoftWrap: packed & 1 != 0)
                if !body(anchor) { return }
            }
        }
    }

    /// Whether both maps lead the same offsets to the same bytes.
    public static func == (lhs: SourceMap, rhs: SourceMap) -> Bool {
        lhs.table.withBytes(Int(lhs.lower)..<Int(lhs.upper)) { left in
            rhs.table.withBytes(Int(rhs.lower)..<Int(rhs.upper)) { right in left.elementsEqual(right) }
        }
    }

    /// The file byte offset of `offset` in `text` (the paragraph's text), or `nil` when
    /// `offset` is outside `0...text.count`.
    ///
    /// - Complexity: O(r + k): the runs decoded up to `offset`'s, then a count of the UTF-8
    ///   bytes of the k code units between the run's start and `offset`.
    public func byteOffset(forUTF16Offset offset: Int, in text: TextStorage) -> Int? {
        guard offset >= 0, offset <= text.count, lower < upper else { return nil }
        var found: Anchor?
        forEachAnchor { anchor in
            guard anchor.paragraphOffset <= offset || found == nil else { return false }
            found = anchor
            return true
        }
        guard let anchor = found else { return nil }
        if anchor.isSoftWrap { return anchor.byteOffset + (offset > anchor.paragraphOffset ? 1 : 0) }
        let bytes = text.withUTF16 { units in
            UTF8Decoding.utf8Length(of: UnsafeBufferPointer(rebasing: units[anchor.paragraphOffset..<offset]))
        }
        return anchor.byteOffset + bytes
    }
}

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
/// A book's anchors live in one shared table of 32-bit offsets; a map is a range of it, so a
/// paragraph's map costs no allocation of its own.
public struct SourceMap: Sendable, Equatable {
    /// A run of copied text: `paragraphOffset` (UTF-16) came from `byteOffset` of the file.
    public struct Anchor: Sendable, Equatable {
        public let paragraphOffset: Int
        public let byteOffset: Int
        /// Whether the run is a single space standing for a soft line wrap.
        public let isSoftWrap: Bool
    }

    /// Every anchor of a book, in book order: paragraph offsets, and byte offsets with a soft
    /// wrap's stored as its bitwise complement (negative).
    final class Table: Sendable {
        let paragraphOffsets: [Int32]
        let byteOffsets: [Int32]

        init(paragraphOffsets: [Int32], byteOffsets: [Int32]) {
            self.paragraphOffsets = paragraphOffsets
            self.byteOffsets = byteOffsets
        }
    }

    private let table: Table
    private let lower: Int32
    private let upper: Int32

    /// The map made of anchors `range` of `table`.
    init(table: Table, range: Range<Int>) {
        self.table = table
        self.lower = Int32(range.lowerBound)
        self.upper = Int32(range.upperBound)
    }

    /// The runs, in paragraph order.
    ///
    /// - Complexity: O(r), made on each call from the shared table.
    public var anchors: [Anchor] { (Int(lower)..<Int(upper)).map(anchor(at:)) }

    private func anchor(at index: Int) -> Anchor {
        let byte = table.byteOffsets[index]
        return Anchor(
            paragraphOffset: Int(table.paragraphOffsets[index]), byteOffset: Int(byte < 0 ? ~byte : byte),
            isSoftWrap: byte < 0)
    }

    /// Whether both maps lead the same offsets to the same bytes.
    public static func == (lhs: SourceMap, rhs: SourceMap) -> Bool {
        lhs.upper - lhs.lower == rhs.upper - rhs.lower
            && zip(lhs.lower..<lhs.upper, rhs.lower..<rhs.upper).allSatisfy {
                lhs.anchor(at: Int($0)) == rhs.anchor(at: Int($1))
            }
    }

    /// The file byte offset of `offset` in `text` (the paragraph's text), or `nil` when
    /// `offset` is outside `0...text.count`.
    ///
    /// - Complexity: O(log r + k): a binary search over runs, then a count of the UTF-8 bytes
    ///   of the k code units between the run's start and `offset`.
    public func byteOffset(forUTF16Offset offset: Int, in text: TextStorage) -> Int? {
        guard offset >= 0, offset <= text.count, lower < upper else { return nil }
        var low = Int(lower)
        var high = Int(upper)
        let offsets = table.paragraphOffsets
        while low + 1 < high {
            let middle = (low + high) / 2
            if Int(offsets[middle]) <= offset { low = middle } else { high = middle }
        }
        let anchor = anchor(at: low)
        if anchor.isSoftWrap { return anchor.byteOffset + (offset > anchor.paragraphOffset ? 1 : 0) }
        let bytes = text.withUTF16 { units in
            UTF8Decoding.utf8Length(of: UnsafeBufferPointer(rebasing: units[anchor.paragraphOffset..<offset]))
        }
        return anchor.byteOffset + bytes
    }
}

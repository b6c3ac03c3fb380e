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
public struct SourceMap: Sendable, Equatable {
    /// A run of copied text: `paragraphOffset` (UTF-16) came from `byteOffset` of the file.
    public struct Anchor: Sendable, Equatable {
        public let paragraphOffset: Int
        public let byteOffset: Int
        /// Whether the run is a single space standing for a soft line wrap.
        public let isSoftWrap: Bool
    }

    /// The runs, in paragraph order.
    public let anchors: [Anchor]

    /// The file byte offset of `offset` in `text` (the paragraph's text), or `nil` when
    /// `offset` is outside `0...text.count`.
    ///
    /// - Complexity: O(log r + k): a binary search over runs, then a count of the UTF-8 bytes
    ///   of the k code units between the run's start and `offset`.
    public func byteOffset(forUTF16Offset offset: Int, in text: TextStorage) -> Int? {
        guard offset >= 0, offset <= text.count, !anchors.isEmpty else { return nil }
        var low = 0
        var high = anchors.count
        while low + 1 < high {
            let middle = (low + high) / 2
            if anchors[middle].paragraphOffset <= offset { low = middle } else { high = middle }
        }
        let anchor = anchors[low]
        if anchor.isSoftWrap { return anchor.byteOffset + (offset > anchor.paragraphOffset ? 1 : 0) }
        let bytes = text.withUTF16 { units in
            UTF8Decoding.utf8Length(of: UnsafeBufferPointer(rebasing: units[anchor.paragraphOffset..<offset]))
        }
        return anchor.byteOffset + bytes
    }
}

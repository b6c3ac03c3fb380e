import TextNavigation

extension PlainTextBook {
    /// A book's paragraphs, in reading order: a collection that keeps eight bytes a paragraph
    /// (where its text and its source-map anchors end, and two flags) and makes each
    /// ``Paragraph`` when it is asked for.
    ///
    /// A book of millions of one-character paragraphs would otherwise spend far more on its
    /// list than on its text: a ``Paragraph`` is a text storage, a source map and its kind, about
    /// 48 bytes.
    ///
    /// - Complexity: `count` and the subscript are O(1).
    public struct Paragraphs: RandomAccessCollection, Sendable {
        public typealias Index = Int
        public typealias Indices = Range<Int>

        /// Two 31-bit offsets and two flags, in eight bytes: while a book is planned, a
        /// paragraph's first byte and the end of its last line in the file; once it is written,
        /// the ends of its text in the buffer and of its anchors in the source-map table (the
        /// plan's entries become the list's, so the plan costs no memory of its own).
        struct Entry: Sendable {
            private static let flag: UInt32 = 1 << 31
            private var low: UInt32
            private var high: UInt32

            /// An entry of `lower` and `upper` (each below 2³¹) with its flags.
            init(_ lower: Int, _ upper: Int, isHeading: Bool, startsPage: Bool) {
                low = UInt32(lower) | (isHeading ? Self.flag : 0)
                high = UInt32(upper) | (startsPage ? Self.flag : 0)
            }

            var lower: Int { Int(low & ~Self.flag) }
            var upper: Int { Int(high & ~Self.flag) }
            var isHeading: Bool { low & Self.flag != 0 }
            /// Whether a form feed (an explicit page break) came before the paragraph.
            var startsPage: Bool { high & Self.flag != 0 }

            /// The entry with other offsets and the same flags.
            func with(_ lower: Int, _ upper: Int) -> Entry {
                Entry(lower, upper, isHeading: isHeading, startsPage: startsPage)
            }
        }

        /// The buffer every paragraph's text is a range of.
        let buffer: UTF16Buffer
        /// Per paragraph: the end of its text in `buffer` (the next one's starts one separator
        /// later) and the end of its anchors in `sourceMaps`.
        let entries: [Entry]
        let sourceMaps: SourceMap.Table
        /// The ruby readings of the paragraphs that have any.
        let rubyAnnotations: RubyTable

        init(
            buffer: UTF16Buffer, entries: [Entry], sourceMaps: SourceMap.Table,
            rubyAnnotations: RubyTable
        ) {
            self.buffer = buffer
            self.entries = entries
            self.sourceMaps = sourceMaps
            self.rubyAnnotations = rubyAnnotations
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { entries.count }

        /// The paragraph at `position`, which must be a valid index.
        public subscript(position: Int) -> Paragraph {
            let entry = entries[position]
            return Paragraph(
                kind: entry.isHeading ? .heading : .body, text: text(at: position), startsPage: entry.startsPage,
                sourceMap: SourceMap(table: sourceMaps, range: anchorStart(position)..<entry.upper),
                rubyAnnotations: rubyAnnotations[position])
        }

        /// The text of the paragraph at `index` (a valid index), without its source map.
        func text(at index: Int) -> TextStorage {
            let start = index == 0 ? 0 : entries[index - 1].lower + 1  // past the separator
            return TextStorage(buffer: buffer, range: start..<entries[index].lower)
        }

        /// The length of the paragraph at `index` (a valid index) in UTF-16 code units.
        func textLength(at index: Int) -> Int {
            entries[index].lower - (index == 0 ? 0 : entries[index - 1].lower + 1)
        }

        /// Where the text of the paragraph at `index` (a valid index) starts in the book's file:
        /// its source map's first byte, found without making the paragraph (its ruby readings);
        /// `nil` when no byte maps there (a paragraph with no text).
        func textStartByte(at index: Int) -> Int? {
            SourceMap(table: sourceMaps, range: anchorStart(index)..<entries[index].upper)
                .byteOffset(forUTF16Offset: 0, in: text(at: index))
        }

        /// Whether the paragraph at `index` (a valid index) is a heading.
        func isHeading(at index: Int) -> Bool { entries[index].isHeading }

        /// Whether a form feed came before the paragraph at `index` (a valid index).
        func startsPage(at index: Int) -> Bool { entries[index].startsPage }

        private func anchorStart(_ index: Int) -> Int { index == 0 ? 0 : entries[index - 1].upper }
    }
}

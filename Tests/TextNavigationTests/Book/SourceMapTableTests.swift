import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// A book's source maps are packed: a hard-wrapped line's anchors take a few bytes, and every
/// offset still leads back to its bytes in the file.
@Suite struct SourceMapTableTests {
    @Test func aHardWrappedLineTakesAFewBytesOfTheTable() throws {
        let bytes = try BookDocuments.bytes("alice-in-wonderland.txt")
        let book = try PlainTextBook(bytes: bytes)
        let lines = bytes.filter { $0 == 0x0A }.count
        // Two anchors a wrapped line (its text, and the soft wrap before the next): 16 bytes a
        // line as two 32-bit offsets each, about 5 packed.
        #expect(book.paragraphs.sourceMaps.byteCount * 2 < lines * 16)
        for paragraph in book.paragraphs {
            let text = paragraph.text
            let anchors = paragraph.sourceMap.anchors
            #expect(anchors.first?.paragraphOffset == 0 || text.isEmpty)
            for anchor in anchors where !anchor.isSoftWrap {
                let byte = try #require(
                    paragraph.sourceMap.byteOffset(forUTF16Offset: anchor.paragraphOffset, in: text))
                #expect(byte == anchor.byteOffset)
                #expect(UInt16(bytes[byte]) == text[anchor.paragraphOffset] || bytes[byte] >= 0x80)
            }
            for anchor in anchors where anchor.isSoftWrap {
                #expect(bytes[anchor.byteOffset] == 0x0A || bytes[anchor.byteOffset] == 0x0D)
            }
        }
    }
}

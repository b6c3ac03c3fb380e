import Testing
import TextNavigation
import TextNavigationBooks

/// Project Gutenberg's `_emphasis_` marks are left out of the text (a speech engine would say
/// "underscore"); underscores that mark nothing stay; the source map leads every character
/// back to its bytes.
@Suite struct EmphasisMarksTests {
    /// Every character of every paragraph stands at the byte its source map gives (a soft wrap
    /// at a line break).
    static func expectMapsToBytes(_ book: PlainTextBook, _ source: [UInt8]) throws {
        for paragraph in book.paragraphs {
            let text = paragraph.text
            let wraps = Set(paragraph.sourceMap.anchors.filter(\.isSoftWrap).map(\.paragraphOffset))
            var offset = 0
            while offset < text.count {
                let scalar = try #require(text.scalar(at: offset))
                let byte = try #require(paragraph.sourceMap.byteOffset(forUTF16Offset: offset, in: text))
                if wraps.contains(offset) {
                    #expect(source[byte] == 0x0A)
                } else {
                    #expect(Array(source[byte..<(byte + scalar.utf8.count)]) == Array(String(scalar).utf8))
                }
                offset += scalar.utf16.count
            }
        }
    }

    @Test func emphasisMarksAreLeftOutAndTheMapStillLeadsToTheBytes() throws {
        let text = """
            “It _is_ a long tail, certainly,” said Alice, _very
            much_ puzzled (_with Alice’s love_). _Café_ was _I_, _Un_important.

            _A Title_

            Keep snake_case, a lone _ and __init__, _half and a_b_c as they are.
            """
        let source = Array(text.utf8)
        let book = try PlainTextBook(bytes: source)
        #expect(
            book.paragraphs.map(\.text.string) == [
                "“It is a long tail, certainly,” said Alice, very much puzzled (with Alice’s love). Café was I, Unimportant.",
                "A Title",
                "Keep snake_case, a lone _ and __init__, _half and a_b_c as they are.",
            ])
        try Self.expectMapsToBytes(book, source)
        // The paragraph's map skips each mark: "is" comes from the byte after the first "_".
        let first = try #require(book.paragraphs.first)
        let isOffset = try #require(first.text.string.utf16.firstRange(of: "is".utf16)).lowerBound
        let byte = try #require(
            first.sourceMap.byteOffset(
                forUTF16Offset: first.text.string.utf16.distance(
                    from: first.text.string.utf16.startIndex, to: isOffset), in: first.text))
        #expect(source[byte - 1] == UInt8(ascii: "_"))
    }

    /// A centred dedication (Project Gutenberg's *Pride and Prejudice*, #1342, with Hugh
    /// Thomson's illustrations) is one emphasis over five indented lines, each a paragraph of
    /// its own: the marks pair across the block's lines, and the map still leads to the bytes.
    @Test func emphasisSpansTheLinesOfAnIndentedBlock() throws {
        let text = """
            Produced by Anonymous Volunteers. This is the hard-wrapped text of the
            book, seventy columns wide or so, as every Project Gutenberg file is.

                                        [Illustration:

                                      _To J. Comyns Carr
                                  in acknowledgment of all I
                                   owe to his friendship and
                                advice, these illustrations are
                                     gratefully inscribed_

                                        _Hugh Thomson_
                                               ]

                An indented _opening
                without a partner in its block

                stays, as does a closing_ one
                after a blank line. So do _half of
                it and a_b, snake_case across lines.
            """
        let source = Array(text.utf8)
        let book = try PlainTextBook(bytes: source)
        #expect(book.isHardWrapped)
        #expect(
            book.paragraphs.map(\.text.string) == [
                "Produced by Anonymous Volunteers. This is the hard-wrapped text of the book, seventy columns wide or so, as every Project Gutenberg file is.",
                "[Illustration:", "To J. Comyns Carr", "in acknowledgment of all I", "owe to his friendship and",
                "advice, these illustrations are", "gratefully inscribed", "Hugh Thomson", "]",
                "An indented _opening", "without a partner in its block", "stays, as does a closing_ one",
                "after a blank line. So do _half of", "it and a_b, snake_case across lines.",
            ])
        try Self.expectMapsToBytes(book, source)
    }

    /// Alice's emphasis reads without underscores, and none is left in the book.
    @Test func aliceReadsWithoutUnderscores() throws {
        let path = "Books/alice-in-wonderland.txt"
        let book = try PlainTextBook(contentsOf: path)
        let texts = book.paragraphs.map(\.text.string)
        #expect(texts.contains { $0.hasPrefix("“It is a long tail, certainly,” said Alice,") })
        #expect(texts.filter { $0.contains("_") } == [])
    }
}

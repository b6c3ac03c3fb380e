import TextNavigation

/// A golden-table row; `locale` defaults to English.
private func row(
    _ text: String, _ granularity: TextGranularity, _ offset: Int, _ direction: TextDirection,
    enclosing: Range<Int>?, boundary: Bool, next: Int?, within: Bool, locale: String = "en"
) -> GoldenRow {
    GoldenRow(
        text: text, locale: locale, offset: offset, granularity: granularity, direction: direction,
        enclosing: enclosing, isBoundary: boundary, next: next, isWithin: within)
}

/// Rows at -1 and `length + 1`: every query gives `nil` or `false`, in both directions.
private func outOfRangeRows(_ text: String, _ granularity: TextGranularity) -> [GoldenRow] {
    [-1, text.utf16.count + 1].flatMap { offset in
        [TextDirection.forward, .backward].map {
            row(text, granularity, offset, $0, enclosing: nil, boundary: false, next: nil, within: false)
        }
    }
}

/// The rows of the golden table, by granularity, over the texts ``TokenizerGoldenTableTests``
/// declares: what each of the four tokenizer queries must answer at a position.
extension TokenizerGoldenTableTests {
    static let wordRows: [GoldenRow] =
        [
            // "foo|bar": the tie-break at a word's edge; a gap on the other side gives nil.
            row(fooBar, .word, 0, .forward, enclosing: 0..<3, boundary: false, next: 3, within: true),
            row(fooBar, .word, 0, .backward, enclosing: nil, boundary: true, next: nil, within: false),
            row(fooBar, .word, 1, .forward, enclosing: 0..<3, boundary: false, next: 3, within: true),
            row(fooBar, .word, 1, .backward, enclosing: 0..<3, boundary: false, next: 0, within: true),
            row(fooBar, .word, 3, .forward, enclosing: nil, boundary: true, next: 4, within: false),
            row(fooBar, .word, 3, .backward, enclosing: 0..<3, boundary: false, next: 0, within: true),
            row(fooBar, .word, 4, .forward, enclosing: 4..<7, boundary: false, next: 7, within: true),
            row(fooBar, .word, 4, .backward, enclosing: nil, boundary: true, next: 3, within: false),
            row(fooBar, .word, 7, .forward, enclosing: nil, boundary: true, next: nil, within: false),
            row(fooBar, .word, 7, .backward, enclosing: 4..<7, boundary: false, next: 4, within: true),
            // Runs of white space are gaps; words never take in the white space after them.
            row(trailing, .word, 1, .forward, enclosing: 0..<3, boundary: false, next: 3, within: true),
            row(trailing, .word, 3, .forward, enclosing: nil, boundary: true, next: 6, within: false),
            row(trailing, .word, 4, .forward, enclosing: nil, boundary: false, next: 6, within: false),
            row(trailing, .word, 4, .backward, enclosing: nil, boundary: false, next: 3, within: false),
            row(trailing, .word, 9, .forward, enclosing: nil, boundary: true, next: nil, within: false),
            row(trailing, .word, 9, .backward, enclosing: 6..<9, boundary: false, next: 6, within: true),
            row(trailing, .word, 10, .forward, enclosing: nil, boundary: false, next: nil, within: false),
            row(trailing, .word, 10, .backward, enclosing: nil, boundary: false, next: 9, within: false),
            row(trailing, .word, 11, .forward, enclosing: nil, boundary: false, next: nil, within: false),
            row(trailing, .word, 11, .backward, enclosing: nil, boundary: false, next: 9, within: false),
            // Punctuation-only runs are gaps.
            row(punctuation, .word, 2, .forward, enclosing: nil, boundary: true, next: 4, within: false),
            row(
                punctuation, .word, 2, .backward, enclosing: 0..<2, boundary: false, next: 0, within: true),
            row(punctuation, .word, 3, .forward, enclosing: nil, boundary: false, next: 4, within: false),
            row(punctuation, .word, 9, .forward, enclosing: nil, boundary: true, next: 15, within: false),
            row(
                punctuation, .word, 10, .backward, enclosing: nil, boundary: false, next: 9, within: false),
            row(
                punctuation, .word, 11, .forward, enclosing: nil, boundary: false, next: 15, within: false),
            row(
                punctuation, .word, 12, .forward, enclosing: nil, boundary: false, next: 15, within: false),
            row(
                punctuation, .word, 12, .backward, enclosing: nil, boundary: false, next: 9, within: false),
            row(
                punctuation, .word, 14, .forward, enclosing: nil, boundary: false, next: 15, within: false),
            row(
                punctuation, .word, 15, .backward, enclosing: nil, boundary: true, next: 9, within: false),
            row(
                abbreviations, .word, 2, .forward, enclosing: nil, boundary: true, next: 4, within: false),
            row(
                abbreviations, .word, 3, .backward, enclosing: nil, boundary: false, next: 2, within: false),
            // Paragraph and text edges: a paragraph's (or the text's) start is not a forward word
            // boundary, and words do not run across a paragraph break.
            row(paragraphs, .word, 0, .forward, enclosing: 0..<3, boundary: false, next: 3, within: true),
            row(paragraphs, .word, 7, .forward, enclosing: nil, boundary: true, next: 9, within: false),
            row(paragraphs, .word, 8, .forward, enclosing: nil, boundary: false, next: 9, within: false),
            row(paragraphs, .word, 8, .backward, enclosing: nil, boundary: false, next: 7, within: false),
            row(
                paragraphs, .word, 9, .forward, enclosing: 9..<14, boundary: false, next: 14, within: true),
            row(paragraphs, .word, 9, .backward, enclosing: nil, boundary: true, next: 7, within: false),
            row(
                paragraphs, .word, 21, .forward, enclosing: nil, boundary: false, next: 22, within: false),
            row(
                paragraphs, .word, 22, .forward, enclosing: 22..<26, boundary: false, next: 26, within: true
            ),
            row(
                paragraphs, .word, 22, .backward, enclosing: nil, boundary: true, next: 19, within: false),
            row(
                paragraphs, .word, 27, .forward, enclosing: nil, boundary: false, next: nil, within: false),
            row(
                paragraphs, .word, 27, .backward, enclosing: nil, boundary: false, next: 26, within: false),
            // Adjacent words (Japanese, no spaces): at the edge between two words both directions
            // find a word, and the position is a boundary both ways.
            row(
                japanese, .word, 0, .backward, enclosing: nil, boundary: true, next: nil, within: false,
                locale: "ja"),
            row(
                japanese, .word, 1, .forward, enclosing: 1..<2, boundary: true, next: 2, within: true,
                locale: "ja"),
            row(
                japanese, .word, 1, .backward, enclosing: 0..<1, boundary: true, next: 0, within: true,
                locale: "ja"),
            row(
                japanese, .word, 3, .forward, enclosing: 2..<4, boundary: false, next: 4, within: true,
                locale: "ja"),
            row(
                japanese, .word, 3, .backward, enclosing: 2..<4, boundary: false, next: 2, within: true,
                locale: "ja"),
            row(
                japanese, .word, 18, .forward, enclosing: nil, boundary: true, next: nil, within: false,
                locale: "ja"),
            row(
                japanese, .word, 18, .backward, enclosing: 16..<18, boundary: false, next: 16, within: true,
                locale: "ja"),
            row(
                japanese, .word, 19, .backward, enclosing: nil, boundary: false, next: 18, within: false,
                locale: "ja"),
            row("", .word, 0, .forward, enclosing: nil, boundary: false, next: nil, within: false),
            row("", .word, 0, .backward, enclosing: nil, boundary: false, next: nil, within: false),
        ]
        + outOfRangeRows(fooBar, .word) + outOfRangeRows(japanese, .word)

    static let sentenceRows: [GoldenRow] =
        [
            // Abbreviations do not end sentences; the white space between sentences is a gap.
            row(
                abbreviations, .sentence, 0, .forward, enclosing: 0..<24, boundary: false, next: 24,
                within: true),
            row(
                abbreviations, .sentence, 0, .backward, enclosing: nil, boundary: true, next: nil,
                within: false),
            row(
                abbreviations, .sentence, 3, .forward, enclosing: 0..<24, boundary: false, next: 24,
                within: true),
            row(
                abbreviations, .sentence, 4, .forward, enclosing: 0..<24, boundary: false, next: 24,
                within: true),
            row(
                abbreviations, .sentence, 4, .backward, enclosing: 0..<24, boundary: false, next: 0,
                within: true),
            row(
                abbreviations, .sentence, 18, .backward, enclosing: 0..<24, boundary: false, next: 0,
                within: true),
            row(
                abbreviations, .sentence, 24, .forward, enclosing: nil, boundary: true, next: 25,
                within: false),
            row(
                abbreviations, .sentence, 24, .backward, enclosing: 0..<24, boundary: false, next: 0,
                within: true),
            row(
                abbreviations, .sentence, 25, .forward, enclosing: 25..<33, boundary: false, next: 33,
                within: true),
            row(
                abbreviations, .sentence, 25, .backward, enclosing: nil, boundary: true, next: 24,
                within: false),
            row(
                abbreviations, .sentence, 33, .forward, enclosing: nil, boundary: true, next: nil,
                within: false),
            row(
                abbreviations, .sentence, 33, .backward, enclosing: 25..<33, boundary: false, next: 25,
                within: true),
            // Trailing white space of the text is a gap too.
            row(
                trailing, .sentence, 3, .forward, enclosing: 0..<9, boundary: false, next: 9, within: true),
            row(
                trailing, .sentence, 9, .forward, enclosing: nil, boundary: true, next: nil, within: false),
            row(
                trailing, .sentence, 10, .forward, enclosing: nil, boundary: false, next: nil, within: false
            ),
            row(
                trailing, .sentence, 10, .backward, enclosing: nil, boundary: false, next: 9, within: false),
            row(
                trailing, .sentence, 11, .backward, enclosing: nil, boundary: false, next: 9, within: false),
            // Punctuation-only text after a sentence is a sentence of its own.
            row(
                punctuation, .sentence, 10, .forward, enclosing: nil, boundary: true, next: 11,
                within: false),
            row(
                punctuation, .sentence, 10, .backward, enclosing: 0..<10, boundary: false, next: 0,
                within: true),
            row(
                punctuation, .sentence, 11, .backward, enclosing: nil, boundary: true, next: 10,
                within: false),
            row(
                punctuation, .sentence, 11, .forward, enclosing: 11..<17, boundary: false, next: 17,
                within: true),
            // Sentences end at paragraph breaks, whose separators are gaps.
            row(
                paragraphs, .sentence, 8, .forward, enclosing: nil, boundary: true, next: 9, within: false),
            row(
                paragraphs, .sentence, 8, .backward, enclosing: 0..<8, boundary: false, next: 0,
                within: true),
            row(
                paragraphs, .sentence, 9, .backward, enclosing: nil, boundary: true, next: 8, within: false),
            row(
                paragraphs, .sentence, 20, .backward, enclosing: 9..<20, boundary: false, next: 9,
                within: true),
            row(
                paragraphs, .sentence, 21, .forward, enclosing: nil, boundary: false, next: 22,
                within: false),
            row(
                paragraphs, .sentence, 21, .backward, enclosing: nil, boundary: false, next: 20,
                within: false),
            row(
                paragraphs, .sentence, 27, .backward, enclosing: 22..<27, boundary: false, next: 22,
                within: true),
            row(
                japanese, .sentence, 5, .forward, enclosing: 0..<19, boundary: false, next: 19,
                within: true, locale: "ja"),
            row(
                japanese, .sentence, 19, .forward, enclosing: nil, boundary: true, next: nil, within: false,
                locale: "ja"),
            row("", .sentence, 0, .forward, enclosing: nil, boundary: false, next: nil, within: false),
        ]
        + outOfRangeRows(abbreviations, .sentence)

    static let paragraphRows: [GoldenRow] =
        [
            row(
                paragraphs, .paragraph, 0, .forward, enclosing: 0..<8, boundary: false, next: 8,
                within: true),
            row(
                paragraphs, .paragraph, 0, .backward, enclosing: nil, boundary: true, next: nil,
                within: false),
            row(
                paragraphs, .paragraph, 4, .backward, enclosing: 0..<8, boundary: false, next: 0,
                within: true),
            // Already at the boundary in that direction: on to the next paragraph's start (the
            // previous one's end).
            row(
                paragraphs, .paragraph, 8, .forward, enclosing: nil, boundary: true, next: 9, within: false),
            row(
                paragraphs, .paragraph, 8, .backward, enclosing: 0..<8, boundary: false, next: 0,
                within: true),
            row(
                paragraphs, .paragraph, 9, .forward, enclosing: 9..<20, boundary: false, next: 20,
                within: true),
            row(
                paragraphs, .paragraph, 9, .backward, enclosing: nil, boundary: true, next: 8, within: false
            ),
            row(
                paragraphs, .paragraph, 20, .forward, enclosing: nil, boundary: true, next: 22,
                within: false),
            // Between two line feeds: an empty paragraph is a gap.
            row(
                paragraphs, .paragraph, 21, .forward, enclosing: nil, boundary: false, next: 22,
                within: false),
            row(
                paragraphs, .paragraph, 21, .backward, enclosing: nil, boundary: false, next: 20,
                within: false),
            row(
                paragraphs, .paragraph, 22, .backward, enclosing: nil, boundary: true, next: 20,
                within: false),
            row(
                paragraphs, .paragraph, 27, .forward, enclosing: nil, boundary: true, next: nil,
                within: false),
            row(
                paragraphs, .paragraph, 27, .backward, enclosing: 22..<27, boundary: false, next: 22,
                within: true),
            // CR LF is one break.
            row(crlf, .paragraph, 1, .forward, enclosing: nil, boundary: true, next: 3, within: false),
            row(crlf, .paragraph, 2, .forward, enclosing: nil, boundary: false, next: 3, within: false),
            row(crlf, .paragraph, 2, .backward, enclosing: nil, boundary: false, next: 1, within: false),
            row(crlf, .paragraph, 3, .backward, enclosing: nil, boundary: true, next: 1, within: false),
            row(
                fooBar, .paragraph, 3, .forward, enclosing: 0..<7, boundary: false, next: 7, within: true),
            row(
                fooBar, .paragraph, 3, .backward, enclosing: 0..<7, boundary: false, next: 0, within: true),
            row("", .paragraph, 0, .forward, enclosing: nil, boundary: false, next: nil, within: false),
        ]
        + outOfRangeRows(paragraphs, .paragraph)

    static let documentRows: [GoldenRow] =
        [
            // The whole text, from anywhere; its end (or start) is the only boundary.
            row(
                paragraphs, .document, 0, .forward, enclosing: 0..<27, boundary: false, next: 27,
                within: true),
            row(
                paragraphs, .document, 0, .backward, enclosing: 0..<27, boundary: true, next: nil,
                within: true),
            row(
                paragraphs, .document, 21, .forward, enclosing: 0..<27, boundary: false, next: 27,
                within: true),
            row(
                paragraphs, .document, 21, .backward, enclosing: 0..<27, boundary: false, next: 0,
                within: true),
            row(
                paragraphs, .document, 27, .forward, enclosing: 0..<27, boundary: true, next: nil,
                within: true),
            row(
                paragraphs, .document, 27, .backward, enclosing: 0..<27, boundary: false, next: 0,
                within: true),
            row(
                trailing, .document, 10, .forward, enclosing: 0..<11, boundary: false, next: 11,
                within: true),
            row("", .document, 0, .forward, enclosing: 0..<0, boundary: true, next: nil, within: true),
            row("", .document, 0, .backward, enclosing: 0..<0, boundary: true, next: nil, within: true),
        ]
        + outOfRangeRows(paragraphs, .document) + outOfRangeRows("", .document)

    static let characterRows: [GoldenRow] =
        [
            // Never inside a surrogate pair or a cluster of base and combining mark.
            row(
                clusters, .character, 0, .backward, enclosing: 0..<1, boundary: true, next: nil,
                within: true),
            row(
                clusters, .character, 1, .forward, enclosing: 1..<3, boundary: true, next: 3, within: true),
            row(
                clusters, .character, 1, .backward, enclosing: 0..<1, boundary: true, next: 0, within: true),
            row(
                clusters, .character, 2, .forward, enclosing: 1..<3, boundary: false, next: 3, within: true),
            row(
                clusters, .character, 2, .backward, enclosing: 1..<3, boundary: false, next: 1, within: true
            ),
            row(
                clusters, .character, 3, .forward, enclosing: 3..<5, boundary: true, next: 5, within: true),
            row(
                clusters, .character, 4, .forward, enclosing: 3..<5, boundary: false, next: 5, within: true),
            row(
                clusters, .character, 4, .backward, enclosing: 3..<5, boundary: false, next: 3, within: true
            ),
            row(
                clusters, .character, 5, .forward, enclosing: 3..<5, boundary: true, next: nil, within: true
            ),
            row(crlf, .character, 2, .forward, enclosing: 1..<3, boundary: false, next: 3, within: true),
            row(crlf, .character, 2, .backward, enclosing: 1..<3, boundary: false, next: 1, within: true),
        ]
        + outOfRangeRows(clusters, .character)

    /// Layout directions: right is forward in left-to-right text and backward in right-to-left
    /// text, decided by the paragraph's base direction; down is forward, up backward.
    static let layoutRows: [GoldenRow] = [
        row(
            arabic, .word, 5, .right, enclosing: 0..<5, boundary: false, next: 0, within: true,
            locale: "ar"),
        row(
            arabic, .word, 5, .left, enclosing: nil, boundary: true, next: 6, within: false, locale: "ar"),
        row(
            arabic, .word, 0, .left, enclosing: 0..<5, boundary: false, next: 5, within: true,
            locale: "ar"),
        row(
            arabic, .word, 13, .right, enclosing: 6..<13, boundary: false, next: 6, within: true,
            locale: "ar"),
        row(
            arabic, .word, 5, .up, enclosing: 0..<5, boundary: false, next: 0, within: true, locale: "ar"),
        row(
            arabic, .word, 5, .down, enclosing: nil, boundary: true, next: 6, within: false, locale: "ar"),
        row(
            arabic, .document, 5, .right, enclosing: 0..<13, boundary: false, next: 0, within: true,
            locale: "ar"),
        row(fooBar, .word, 3, .right, enclosing: nil, boundary: true, next: 4, within: false),
        row(fooBar, .word, 3, .left, enclosing: 0..<3, boundary: false, next: 0, within: true),
        row(mixed, .word, 5, .right, enclosing: nil, boundary: true, next: 6, within: false),
        row(mixed, .word, 17, .right, enclosing: 12..<17, boundary: false, next: 12, within: true),
        row(mixed, .word, 17, .left, enclosing: nil, boundary: true, next: 18, within: false),
    ]
}

import Testing
import TextNavigation

/// One row of the golden table: a position in a text, a granularity and a direction, and what
/// each of the four tokenizer queries must answer there (SEMANTICS.md, "Tokenizer queries").
struct GoldenRow: Sendable, CustomTestStringConvertible {
    let text: String
    let locale: String
    let offset: Int
    let granularity: TextGranularity
    let direction: TextDirection
    /// `rangeEnclosingPosition(_:with:inDirection:)`, as offsets.
    let enclosing: Range<Int>?
    /// `isPosition(_:atBoundary:inDirection:)`.
    let isBoundary: Bool
    /// `position(from:toBoundary:inDirection:)`, as an offset.
    let next: Int?
    /// `isPosition(_:withinTextUnit:inDirection:)`.
    let isWithin: Bool

    var testDescription: String {
        var marked = Array(text.utf16)
        if offset >= 0 && offset <= marked.count {
            marked.insert(UInt16(UInt8(ascii: "|")), at: offset)
        }
        return
            "\(granularity) \(direction) at \(offset) in \"\(String(decoding: marked, as: UTF16.self))\""
    }
}

/// The four tokenizer queries at each row of the golden table (its rows, by granularity, are in
/// TokenizerGoldenTableTests+Rows.swift), and properties that hold at every offset of its texts.
@Suite("Tokenizer golden table")
struct TokenizerGoldenTableTests {
    // Texts of the table, with their units.
    static let fooBar = "foo bar"  // words 0..<3, 4..<7
    static let trailing = "foo   bar  "  // words 0..<3, 6..<9; sentence 0..<9
    /// Words 0..<2, 4..<9, 15..<17; sentences 0..<10, 11..<17.
    static let punctuation = "Hi, there! *** ok"
    static let abbreviations = "Mr. Smith met Dr. Jones. He left."  // sentences 0..<24, 25..<33
    static let paragraphs = "One two.\nThree four.\n\nFive."  // paragraphs 0..<8, 9..<20, 22..<27
    static let crlf = "a\r\nb"  // paragraphs 0..<1, 3..<4
    static let japanese = "私は東京大学で日本語を勉強しています。"  // 私|は|東京|大学|で|日本語|を|勉強|し|てい|ます|。
    static let arabic = "مرحبا بالعالم"  // words 0..<5, 6..<13
    static let mixed = "Hello world\nمرحبا بالعالم"  // words 0..<5, 6..<11, 12..<17, 18..<25
    static let clusters = "a😀e\u{301}"  // clusters 0..<1, 1..<3, 3..<5

    @Test(arguments: wordRows) func word(_ row: GoldenRow) throws { try check(row) }
    @Test(arguments: sentenceRows) func sentence(_ row: GoldenRow) throws { try check(row) }
    @Test(arguments: paragraphRows) func paragraph(_ row: GoldenRow) throws { try check(row) }
    @Test(arguments: documentRows) func document(_ row: GoldenRow) throws { try check(row) }
    @Test(arguments: characterRows) func character(_ row: GoldenRow) throws { try check(row) }
    @Test(arguments: layoutRows) func layoutDirection(_ row: GoldenRow) throws { try check(row) }

    private func check(_ row: GoldenRow) throws {
        let tokenizer = try StringTokenizer(row.text, locale: row.locale)
        let position = TextPosition(offset: row.offset)
        #expect(
            tokenizer.rangeEnclosingPosition(position, with: row.granularity, inDirection: row.direction)?
                .offsets
                == row.enclosing)
        #expect(
            tokenizer.isPosition(position, atBoundary: row.granularity, inDirection: row.direction)
                == row.isBoundary)
        #expect(
            tokenizer.position(from: position, toBoundary: row.granularity, inDirection: row.direction)?
                .offset
                == row.next)
        #expect(
            tokenizer.isPosition(position, withinTextUnit: row.granularity, inDirection: row.direction)
                == row.isWithin)
    }

    /// ICU's Japanese dictionary splits the sentence into words, not single characters; the
    /// full stop is a gap.
    @Test func japaneseWordsComeFromTheDictionary() throws {
        let tokenizer = try StringTokenizer(Self.japanese, locale: "ja")
        var words: [String] = []
        var position = TextPosition(offset: 0)
        while let range = tokenizer.rangeEnclosingPosition(position, with: .word, inDirection: .forward) {
            words.append(tokenizer.storage.string(in: range.offsets) ?? "?")
            guard words.count < 20 else { break }
            position = range.end
        }
        #expect(words == ["私", "は", "東京", "大学", "で", "日本語", "を", "勉強", "し", "てい", "ます"])
    }

    /// Common abbreviations (Mr., Dr.) do not end a sentence: the text is two sentences.
    @Test func abbreviationsDoNotEndSentences() throws {
        let tokenizer = try StringTokenizer(Self.abbreviations)
        #expect(tokenizer.units(for: .sentence).ranges == [0..<24, 25..<33])
        #expect(tokenizer.storage.string(in: 25..<33) == "He left.")
    }

    /// The titles CLDR's English list lacks (such as "Dr.") are suppressed only as words of their
    /// own, only in English, and never across a paragraph break.
    @Test(arguments: [
        ("Ask Dr. Jones. He knows.", "en", ["Ask Dr. Jones.", "He knows."]),
        ("Ask Gen. Lee and Lt. Dan.", "en-US", ["Ask Gen. Lee and Lt. Dan."]),
        ("I called the Dr.\nHe came.", "en", ["I called the Dr.", "He came."]),
        ("It was MDr. Then it ended.", "en", ["It was MDr.", "Then it ended."]),
        ("Ask Dr. Jones. He knows.", "ja", ["Ask Dr.", "Jones.", "He knows."]),
    ])
    func titlesDoNotEndEnglishSentences(text: String, locale: String, sentences: [String]) throws {
        let tokenizer = try StringTokenizer(text, locale: locale)
        let units = tokenizer.units(for: .sentence).ranges
        #expect(units.map { tokenizer.storage.string(in: $0) ?? "?" } == sentences)
    }

    /// Texts whose every offset the property tests below visit.
    static let texts: [(String, String)] = [
        (fooBar, "en"), (trailing, "en"), (punctuation, "en"), (abbreviations, "en"),
        (paragraphs, "en"),
        (crlf, "en"), (japanese, "ja"), (arabic, "ar"), (mixed, "en"), (clusters, "en"), ("", "en"),
    ]

    /// At every offset, for every granularity and all six directions, `toBoundary` never
    /// returns its input and moves only in the storage direction meant there; and the enclosing
    /// range is `nil` exactly when the position is not within a unit, and holds the position
    /// on the side the direction says.
    @Test(arguments: texts) func queriesAgreeAtEveryOffset(text: String, locale: String) throws {
        let tokenizer = try StringTokenizer(text, locale: locale)
        var checked = 0
        for offset in 0...tokenizer.length {
            let position = TextPosition(offset: offset)
            for granularity in [TextGranularity.character, .word, .sentence, .paragraph, .document] {
                for direction in TextDirection.allCases {
                    let label = "\(granularity) \(direction) at \(offset)"
                    let storage = direction.storageDirection(in: tokenizer.writingDirection(at: offset))
                    if let next = tokenizer.position(
                        from: position, toBoundary: granularity, inDirection: direction)
                    {
                        #expect(storage == .forward ? next.offset > offset : next.offset < offset, "\(label)")
                        #expect((0...tokenizer.length).contains(next.offset), "\(label)")
                    }
                    let enclosing = tokenizer.rangeEnclosingPosition(
                        position, with: granularity, inDirection: direction)
                    let within = tokenizer.isPosition(
                        position, withinTextUnit: granularity, inDirection: direction)
                    #expect((enclosing != nil) == within, "\(label)")
                    if let enclosing {
                        // At the text's ends, characters and the document give the unit there.
                        let atEdge = [.character, .document].contains(granularity)
                        let holds =
                            switch storage {
                            case .forward: offset < enclosing.end.offset || atEdge && offset == tokenizer.length
                            case .backward: enclosing.start.offset < offset || atEdge && offset == 0
                            }
                        #expect(
                            enclosing.offsets.contains(offset) || offset == enclosing.end.offset, "\(label)")
                        #expect(holds, "\(label) \(enclosing)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == (tokenizer.length + 1) * 5 * 6)
    }
}

import Testing

@testable import TextNavigation

/// Tokenizing a run of a book's paragraphs in one ICU pass (``Document/prepareUnits(_:elements:)``)
/// gives every paragraph exactly the units a tokenizer over that paragraph alone gives.
@Suite("Units of runs of paragraphs")
struct UnitRunTests {

    static let books = [
        ("alice-in-wonderland.txt", "en"), ("kokoro.txt", "ja"), ("lunyu-analects.txt", "zh"),
        ("rashomon.txt", "ja"), ("udhr-arabic.txt", "ar"),
    ]

    @Test(arguments: books)
    func everyBundledBookTokenizedInOnePassMatchesItsParagraphsAlone(name: String, locale: String) throws {
        let book = try BookDocuments.book(name)
        for granularity in [TextGranularity.word, .sentence] {
            let document = Document(book: book, locale: locale)
            document.prepareUnits(granularity, elements: 0..<document.elements.count)
            let units = document.elements.map { $0.tokenizer.segments(for: granularity).ranges }
            #expect(
                units == (try BookDocuments.unitsAlone(book, locale: locale, granularity)), "\(name) \(granularity)")
        }
        // And ICU did break after every separator: the one pass was used, not the fallback.
        let storages = book.paragraphs.map(\.text)
        let ranges = storages.map(\.bufferRange)
        let span = TextStorage(buffer: book.buffer, range: 0..<book.buffer.count)
        let shared = try TokenizerLocale.named(locale)
        for scans in [false, true] {
            let words = try SegmentBuilder.words(
                ofRun: ranges, span: span, iterator: ICU.BreakIterator.make(kind: .word, locale: shared.locale),
                scans: scans)
            #expect(
                words?.map(\.ranges) == (try BookDocuments.unitsAlone(book, locale: locale, .word)), "scans: \(scans)")
        }
        for exceptions in [nil, shared.sentenceExceptions] {
            let sentences = try SegmentBuilder.sentences(
                ofRun: ranges, span: span,
                iterator: ICU.BreakIterator.make(kind: .sentence, locale: shared.sentenceLocale),
                abbreviations: shared.abbreviations, exceptions: exceptions
            ) { paragraph, offset in CharacterBoundaries(storage: storages[paragraph], locale: "").isBoundary(offset) }
            #expect(
                sentences?.map(\.ranges) == (try BookDocuments.unitsAlone(book, locale: locale, .sentence)),
                "scans: \(exceptions != nil)")
        }
    }

    @Test(arguments: books)
    func preparingStretchAfterStretchMatchesTooWhateverIsCachedAlready(name: String, locale: String) throws {
        let book = try BookDocuments.book(name)
        let document = Document(book: book, locale: locale)
        // Some caches are filled first, one element at a time: they split runs.
        for index in stride(from: 3, to: document.elements.count, by: 17) {
            _ = document.elements[index].tokenizer.segments(for: .sentence)
        }
        var next = 0
        while next < document.elements.count { next = document.prepareUnits(.sentence, from: next, budget: 5_000) }
        let units = document.elements.map { $0.tokenizer.segments(for: .sentence).ranges }
        #expect(units == (try BookDocuments.unitsAlone(book, locale: locale, .sentence)))
    }

    /// Paragraph edges where a rule looks across them: the English titles, a combining mark
    /// or a Prepend character at an edge, regional indicators, emoji sequences, Thai words,
    /// a heading, abbreviations before and after a separator, a lone character.
    @Test(arguments: ["en", "ja", "th", "ar"])
    func paragraphEdgesThatRulesLookAcrossAreKeptApart(locale: String) throws {
        let text = [
            "He met Dr.", "Smith and Mr.", "Brown. Then Gen.", "\u{301}e\u{301} and \u{0605}",
            "\u{0605}x y.", "🇯🇵🇺🇸", "🇫🇷 and 👩\u{200D}👩\u{200D}👧\u{200D}", "\u{200D}👦 family",
            "ภาษาไทยง่าย", "ง่ายนะ", "CHAPTER I.", "Down the Rabbit-Hole", "a", "e.g.", "i.e. so",
            "3.", "14 and 'quoted'", "'", "「引用」", "です。", "…", "x\u{2028}y",
        ].joined(separator: "\n\n")
        let book = try PlainTextBook(text)
        #expect(book.paragraphs.count >= 20)
        for granularity in [TextGranularity.word, .sentence] {
            let document = Document(book: book, locale: locale)
            document.prepareUnits(granularity, elements: 0..<document.elements.count)
            let units = document.elements.map { $0.tokenizer.segments(for: granularity).ranges }
            #expect(
                units == (try BookDocuments.unitsAlone(book, locale: locale, granularity)), "\(locale) \(granularity)")
        }
    }

    @Test func aBooksParagraphsAreOneParagraphSeparatorApart() throws {
        let book = try PlainTextBook("One.\n\nTwo\nlines.\n\n# Three")
        let ranges = book.paragraphs.map(\.text.bufferRange)
        #expect(ranges == [0..<4, 5..<15, 16..<21])
        #expect(book.buffer.count == 21)
        #expect(book.paragraphs.map(\.text.string) == ["One.", "Two lines.", "Three"])
        let separators = book.paragraphs.dropLast().map { paragraph in
            let end = paragraph.text.bufferRange.upperBound
            return TextStorage(buffer: book.buffer, range: end..<(end + 1)).string
        }
        #expect(separators == ["\u{2029}", "\u{2029}"])
    }

    /// A reader backend's elements, each with its own storage, are tokenized one by one, with
    /// the same units.
    @Test func elementsWithTheirOwnStoragesGetTheirUnitsOneByOne() throws {
        let strings = ["First one. Dr.", "Second: two words.", "", "Third."]
        let document = Document(pages: [strings.map { TextElement($0) }])
        document.prepareUnits(.word, elements: -3..<99)
        let units = document.elements.map { $0.tokenizer.segments(for: .word).ranges }
        #expect(units == (try strings.map { try StringTokenizer($0).segments(for: .word).ranges }))
    }
}

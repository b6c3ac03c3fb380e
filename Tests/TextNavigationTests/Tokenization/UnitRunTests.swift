import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

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
            let units = document.elements.map { $0.stringTokenizer.units(for: granularity).ranges }
            #expect(
                units == (try BookDocuments.unitsAlone(book, locale: locale, granularity)), "\(name) \(granularity)")
        }
        // And ICU did break after every separator: the one pass was used, not the fallback.
        let storages = book.paragraphs.map(\.text)
        let ranges = storages.map(\.bufferRange)
        let span = TextStorage(buffer: book.buffer, range: 0..<book.buffer.count)
        let shared = try TokenizerLocale.named(locale)
        for scans in [false, true] {
            let words = try UnitBuilder.words(
                ofRun: ranges, span: span, iterator: ICU.BreakIterator.make(kind: .word, locale: shared.locale),
                scans: scans)
            #expect(
                words?.map(\.ranges) == (try BookDocuments.unitsAlone(book, locale: locale, .word)), "scans: \(scans)")
        }
        for exceptions in [nil, shared.sentenceExceptions] {
            let sentences = try UnitBuilder.sentences(
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
            _ = document.elements[index].stringTokenizer.units(for: .sentence)
        }
        var next = 0
        while next < document.elements.count { next = document.prepareUnitsAhead(.sentence, from: next, budget: 5_000) }
        let units = document.elements.map { $0.stringTokenizer.units(for: .sentence).ranges }
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
            let units = document.elements.map { $0.stringTokenizer.units(for: granularity).ranges }
            #expect(
                units == (try BookDocuments.unitsAlone(book, locale: locale, granularity)), "\(locale) \(granularity)")
        }
    }

    /// Word units checked against a reference built without ``RunUnits``: ICU's own word
    /// segments of each paragraph alone, edges moved to cluster starts by ICU's character
    /// iterator. The texts put edges inside clusters (a Prepend character, a combining dakuten
    /// after kana, Hangul jamo), so the slow path is taken, in runs and in single texts, from a
    /// scan and from ICU's iterator.
    /// ICU's word iterator is pointed at each paragraph in turn; afterwards it is back at the
    /// whole run.
    @Test func theWordIteratorIsLeftAtTheWholeRun() throws {
        let book = try PlainTextBook("吾輩は猫である。\n\n名前はまだ無い。\n\nどこで生れたか")
        let span = TextStorage(buffer: book.buffer, range: 0..<book.buffer.count)
        let iterator = try ICU.BreakIterator.make(kind: .word, locale: "ja")
        let words = try UnitBuilder.words(
            ofRun: book.paragraphs.map(\.text.bufferRange), span: span, iterator: iterator, scans: false)
        #expect(words?.count == 3)
        try #require(book.paragraphs.count == 3)
        // The last boundary of the run, not of its last paragraph alone.
        #expect(iterator.following(span.count - 1) == span.count)
        #expect(iterator.preceding(span.count) > book.paragraphs[2].text.bufferRange.lowerBound)
        #expect(
            iterator.following(book.paragraphs[1].text.bufferRange.lowerBound - 1)
                == book.paragraphs[1].text.bufferRange.lowerBound)
    }

    @Test(arguments: ["en", "ar", "ja", "th", "ko"])
    func wordEdgesInsideClustersMoveAsICUsCharacterIteratorSays(locale: String) throws {
        let paragraphs = [
            "سواء أكانت\u{0605} ولادتهم", "a\u{0605}b c\u{0605}", "\u{0605}\u{0605} x", "か\u{3099}な\u{3099} です",
            "\u{1100}\u{1161}\u{11A8} 한국어", "e\u{301}te\u{301} café", "ภาษาไทย\u{0E48}ง่าย", "👩\u{200D}👩\u{200D}👧 ok",
            "plain words here",
        ]
        let book = try PlainTextBook(paragraphs.joined(separator: "\n\n"))
        #expect(book.paragraphs.count == paragraphs.count)
        try Self.expectRunWordsMatchTheReference(book, locale: locale)
        for text in paragraphs + ["a\r\nb c", "x\u{0605}\r\ny"] {
            let units = try StringTokenizer(text, locale: locale).units(for: .word).ranges
            #expect(units == (try Self.referenceWords(text, locale: locale)), "\(text.debugDescription)")
        }
    }

    /// Runs of many units (more than 80,000 edges, one paragraph alone 40,000) keep every unit,
    /// long paragraphs next to short ones and one without units.
    @Test(arguments: ["en", "ja"])
    func runsLongerThanTheScratchKeepEveryUnit(locale: String) throws {
        let paragraphs = [5_000, 5_000, 5_000, 5_000, 20_000, 3, 1, 0, 100, 119, 120, 121, 2].map { count in
            count == 0 ? "…" : (0..<count).map { "w\($0 % 97)" }.joined(separator: " ")
        }
        let book = try PlainTextBook(paragraphs.joined(separator: "\n\n"))
        let expected = try Self.expectRunWordsMatchTheReference(book, locale: locale)
        #expect(expected.map(\.count) == [5_000, 5_000, 5_000, 5_000, 20_000, 3, 1, 0, 100, 119, 120, 121, 2])
        // Sentences: 9,000 a paragraph, more than the scratch holds, through a document.
        let sentences = try PlainTextBook(
            Array(repeating: String(repeating: "One two. ", count: 9_000), count: 3).joined(separator: "\n\n"))
        let document = Document(book: sentences, locale: locale)
        document.prepareUnits(.sentence, elements: 0..<document.elements.count)
        let units = document.elements.map { $0.stringTokenizer.units(for: .sentence).ranges }
        #expect(units.map(\.count) == [9_000, 9_000, 9_000])
        #expect(units == (try BookDocuments.unitsAlone(sentences, locale: locale, .sentence)))
    }

    /// A run whose every code unit is a word of its own (ICU's Chinese dictionary splits "的的…"
    /// into single characters) has two edges a code unit, the most a run can have: every unit is
    /// kept, in a run of paragraphs and in one text.
    @Test func aRunOfOneCodeUnitWordsKeepsEveryUnit() throws {
        let paragraphs = [String(repeating: "的", count: 300), "的", String(repeating: "了", count: 129)]
        let book = try PlainTextBook(paragraphs.joined(separator: "\n\n"))
        let expected = try Self.expectRunWordsMatchTheReference(book, locale: "zh")
        #expect(expected.map(\.count) == [300, 1, 129])
        #expect(expected.first?.last == 299..<300)
        let single = try StringTokenizer(paragraphs[0], locale: "zh").units(for: .word)
        #expect(single.count == 300)
    }

    /// Checks the word units of `book`'s paragraphs from one pass over them (from ICU's
    /// iterator and from the scan) against ``referenceWords(_:locale:)`` for each paragraph
    /// alone, and returns the reference.
    @discardableResult
    static func expectRunWordsMatchTheReference(_ book: PlainTextBook, locale: String) throws -> [[Range<Int>]] {
        let expected = try book.paragraphs.map { try referenceWords($0.text.string, locale: locale) }
        let span = TextStorage(buffer: book.buffer, range: 0..<book.buffer.count)
        let shared = try TokenizerLocale.named(locale)
        for scans in [false, true] {
            let words = try UnitBuilder.words(
                ofRun: book.paragraphs.map(\.text.bufferRange), span: span,
                iterator: ICU.BreakIterator.make(kind: .word, locale: shared.locale), scans: scans)
            #expect(words?.map(\.ranges) == expected, "scans: \(scans)")
        }
        return expected
    }

    /// ICU's word segments of `text` whose rule status is not "none", each edge moved to the
    /// start of its grapheme cluster, empty and overlapping ones dropped.
    static func referenceWords(_ text: String, locale: String) throws -> [Range<Int>] {
        let storage = TextStorage(text)
        let words = try ICU.BreakIterator.make(kind: .word, locale: ICU.Locale.canonical(locale))
        try words.setText(storage)
        let clusters = CharacterBoundaries(storage: storage, locale: "")
        func moved(_ offset: Int) -> Int {
            clusters.isBoundary(offset) ? offset : clusters.boundary(before: offset) ?? 0
        }
        var units: [Range<Int>] = []
        var start = 0
        while case let end = words.next(), end != ICU.BreakIterator.done {
            if words.ruleStatus >= UnitBuilder.wordNoneLimit {
                let lower = moved(start)
                let upper = moved(end)
                if upper > lower, lower >= (units.last?.upperBound ?? 0) { units.append(lower..<upper) }
            }
            start = end
        }
        return units
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
        let units = document.elements.map { $0.stringTokenizer.units(for: .word).ranges }
        #expect(units == (try strings.map { try StringTokenizer($0).units(for: .word).ranges }))
    }
}

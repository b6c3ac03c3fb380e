import SeededRandom
import Testing

@testable import TextNavigation

/// Every text ``SimpleWords`` takes gets exactly the word segments ICU's word iterator finds (the
/// segments whose rule status is not "none"): checked over the bundled books, the Unicode word
/// break test strings, every code unit it takes in context, and random text, in several locales.
/// How much it takes is pinned too, so that a scan that rejects everything cannot pass, and so is
/// what it must reject.
@Suite("Simple word segmentation agrees with ICU")
struct SimpleWordsTests {
    /// ICU's word segments, the reference: one iterator walked with `ubrk_next`, keeping each
    /// segment whose closing boundary's rule status is not "none".
    struct Reference {
        /// ICU's word iterator for the locale, pointed at each text in turn.
        let iterator: ICU.BreakIterator

        /// The reference for the ICU locale id `locale`.
        init(locale: String) throws {
            iterator = try ICU.BreakIterator.make(kind: .word, locale: locale)
        }

        /// ICU's word segments of `storage`, in order.
        func words(_ storage: TextStorage) throws -> [Range<Int>] {
            try iterator.setText(storage)
            var words: [Range<Int>] = []
            var start = 0
            for _ in 0...storage.count {
                let end = iterator.next()
                if end == ICU.BreakIterator.done { break }
                if iterator.ruleStatus >= UnitBuilder.wordNoneLimit { words.append(start..<end) }
                start = end
            }
            return words
        }
    }

    /// The fast path's segments of `storage`, or `nil` when it does not take the text; records
    /// an issue when a rejected text got segments or a batch is malformed. Each batch is
    /// overwritten after reading, as the caller may rewrite it.
    static func fastWords(_ storage: TextStorage) -> [Range<Int>]? {
        storage.withUTF16 { units in
            var words: [Range<Int>] = []
            let taken = SimpleWords.segments(of: units) { starts, ends in
                #expect(starts.count == ends.count && !starts.isEmpty && starts.count <= 1024)
                for index in starts.indices {
                    words.append(Int(starts[index])..<Int(ends[index]))
                    starts[index] = -1
                    ends[index] = -1
                }
            }
            #expect(taken || words.isEmpty, "a rejected text got segments")
            return taken ? words : nil
        }
    }

    /// Checks `storage` against `reference`; returns whether the fast path took the text and
    /// how many words it found.
    @discardableResult
    static func check(_ storage: TextStorage, _ reference: Reference, _ context: @autoclosure () -> String) throws
        -> (taken: Bool, words: Int)
    {
        guard let fast = fastWords(storage) else { return (false, 0) }
        let icu = try reference.words(storage)
        if fast != icu {
            Issue.record("\(context()) \(storage.string.debugDescription): fast path \(fast), ICU \(icu)")
        }
        return (true, fast.count)
    }

    // MARK: Books

    /// Whether a text holds a kana, an ideograph or a CJK punctuation mark (U+3000 and up, below
    /// the surrogates).
    static func holdsCJK(_ storage: TextStorage) -> Bool {
        storage.withUTF16 { units in units.contains { $0 >= 0x3000 && $0 < 0xD800 } }
    }

    /// Every paragraph of Alice and of the Arabic declaration is taken; of the Japanese and
    /// Chinese books only the few paragraphs without kana or ideographs are.
    @Test(arguments: [
        ("alice-in-wonderland.txt", "en", 908), ("udhr-arabic.txt", "ar", 92), ("kokoro.txt", "ja", 4),
        ("lunyu-analects.txt", "zh", 1), ("rashomon.txt", "ja", 2),
    ])
    func everyTakenParagraphOfABookGetsICUsWords(name: String, locale: String, expectedTaken: Int) throws {
        let reference = try Reference(locale: locale)
        let paragraphs = try BookDocuments.book(name).paragraphs
        var taken = 0
        var words = 0
        for (index, paragraph) in paragraphs.enumerated() {
            let result = try Self.check(paragraph.text, reference, "\(name) paragraph \(index)")
            if result.taken {
                taken += 1
                words += result.words
                #expect(!Self.holdsCJK(paragraph.text), "\(name) paragraph \(index) holds CJK but was taken")
            }
        }
        #expect(taken == expectedTaken, "\(name): \(taken) of \(paragraphs.count) taken")
        if locale == "en" || locale == "ar" {
            #expect(taken * 10 >= paragraphs.count * 9)
            #expect(words > 10 * taken, "\(name): \(words) words in \(taken) paragraphs")
        } else {
            #expect(taken * 20 <= paragraphs.count)
        }
    }

    /// Alice's taken paragraphs as one text of more than 1,024 words: it comes in full batches.
    @Test func alicesParagraphsAsOneTextComeInBatches() throws {
        let paragraphs = try BookDocuments.book("alice-in-wonderland.txt").paragraphs.map(\.text)
        let storage = TextStorage(paragraphs.filter { Self.fastWords($0) != nil }.map(\.string).joined(separator: " "))
        var batches: [Int] = []
        let taken = storage.withUTF16 { units in
            SimpleWords.segments(of: units) { starts, _ in batches.append(starts.count) }
        }
        #expect(taken)
        #expect(batches.count > 20 && batches.dropLast().allSatisfy { $0 == 1024 })
        let result = try Self.check(storage, try Reference(locale: "en"), "Alice as one text")
        #expect(result.taken && result.words > 20_000 && result.words == batches.reduce(0, +))
    }

    /// Each book's paragraphs one U+2029 apart, as a run of paragraphs lies in a book's buffer:
    /// one text, with ICU's words.
    @Test(arguments: ["alice-in-wonderland.txt", "udhr-arabic.txt"])
    func paragraphsOneSeparatorApartGetICUsWords(name: String) throws {
        let paragraphs = try BookDocuments.book(name).paragraphs.map(\.text.string)
        let storage = TextStorage(paragraphs.joined(separator: "\u{2029}"))
        let result = try Self.check(storage, try Reference(locale: name.hasPrefix("udhr") ? "ar" : "en"), name)
        #expect(result.taken && result.words > 1000)
    }

    // MARK: Unicode test strings

    /// Every line of `WordBreakTest.txt` (the known deviations too: ICU is the judge here, not
    /// the file) that the scan takes.
    @Test func everyTakenUnicodeTestStringGetsICUsWords() throws {
        let reference = try Reference(locale: "en")
        var taken = 0
        var words = 0
        let cases = try BreakTestCase.all(in: "WordBreakTest.txt")
        for testCase in cases {
            let result = try Self.check(TextStorage(testCase.text), reference, testCase.testDescription)
            if result.taken {
                taken += 1
                words += result.words
            }
        }
        #expect(cases.count == 1823)
        #expect(taken == 1085, "\(taken) of \(cases.count) taken")
        #expect(words == 1079)
    }

    // MARK: Every code unit

    /// Characters of every class the scan tells apart, and of classes it leaves to ICU.
    static let partners: [Character] = [
        "a", "Z", "@", "1", "_", "\u{301}", "\u{AD}", ".", ",", ":", ";", "'", "\u{2019}", "\"", " ", "\u{A0}",
        "-", "\u{202F}", "\u{64B}", "ب", "١", "\u{60C}", "\u{B7}", "\u{FEFF}",
    ]

    /// Every BMP code unit alone: the scan takes the 2,046 of its blocks whose class it knows,
    /// and for each of them ICU agrees with it next to each of ``partners``.
    @Test func everyTakenCodeUnitNextToEveryClassGetsICUsWords() throws {
        let reference = try Reference(locale: "en")
        var taken = 0
        for value in UInt32(0)..<0x1_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let unit = String(Character(scalar))
            guard try Self.check(TextStorage(unit), reference, "U+\(String(value, radix: 16))").taken else {
                continue
            }
            taken += 1
            for partner in Self.partners {
                for text in ["\(partner)\(unit)", "\(unit)\(partner)", "a\(unit)\(partner)b", "1\(partner)\(unit)2"] {
                    let result = try Self.check(TextStorage(text), reference, "U+\(String(value, radix: 16))")
                    #expect(result.taken, "\(text.debugDescription) was not taken")
                }
            }
        }
        #expect(taken == 2046)
    }

    /// The locales the tokenizer is used with most read the taken characters as root does.
    @Test(arguments: ["en", "fr", "de", "ar", "ru"])
    func everyTakenCodeUnitGetsTheSameWordsInOtherLocales(locale: String) throws {
        let reference = try Reference(locale: locale)
        var taken = 0
        for value in UInt16(0)..<0xD800 {
            let unit = String(decoding: [value], as: UTF16.self)
            for text in ["a\(unit)b", "1\(unit)2", "\(unit)\(unit)"] {
                if try Self.check(TextStorage(text), reference, locale).taken { taken += 1 }
            }
        }
        #expect(taken == 3 * 2045)
    }

    // MARK: Random text

    /// Characters of the classes the scan tells apart and their tricky neighbours, all taken.
    static let alphabet: [String] = [
        "a", "b", "Z", "é", "e\u{301}", "ß", "Ā", "ǅ", "ɐ", "α", "Ж", "ё", "ạ", "@", "1", "9", "0", "١", "٩",
        " ", "  ", "\t", "\u{A0}", "\u{2002}", "\u{2009}", ".", ",", ";", ":", "'", "\u{2019}", "\u{2018}", "\"",
        "\u{201C}", "\u{201D}", "_", "-", "\u{2014}", "\u{2013}", "\u{2026}", "!", "?", "(", ")", "×", "©",
        "ب", "م", "ة", "\u{640}", "\u{66B}", "\u{66C}", "\u{60C}", "\u{61B}", "\u{61F}", "\u{64B}", "\u{651}",
        "\u{670}", "\u{301}", "\u{AD}", "\u{200C}", "\u{200E}", "\u{FEFF}", "\u{600}", "\u{202F}", "\u{203F}",
        "\u{B7}", "\u{387}", "\u{2024}", "\u{2027}", "\u{2029}", "\u{2028}", "\u{85}", "\u{B}", "\u{C}",
    ]

    /// Characters left to ICU, drawn now and then so that rejection is exercised too.
    static let leftToICU: [String] = [
        "日", "あ", "ア", "\r", "\n", "\r\n", "\u{200D}", "א", "\u{1F600}", "\u{E01}", "한",
    ]

    /// Random strings of ``alphabet`` with now and then a character of ``leftToICU``, in English,
    /// French and Arabic.
    @Test(arguments: ["en", "fr", "ar"])
    func everyTakenRandomTextGetsICUsWords(locale: String) throws {
        let reference = try Reference(locale: locale)
        var random = SplitMix64(seed: 0x5157_04D5)
        var taken = 0
        var words = 0
        let samples = 6000
        for sample in 0..<samples {
            let length = Int.random(in: 1...30, using: &random)
            let text = (0..<length).map { _ in
                let pool = Int.random(in: 0..<50, using: &random) == 0 ? Self.leftToICU : Self.alphabet
                return pool.randomElement(using: &random)!
            }.joined()
            let result = try Self.check(TextStorage(text), reference, "\(locale) sample \(sample)")
            if result.taken {
                taken += 1
                words += result.words
            }
        }
        #expect(taken >= samples / 2 && taken < samples, "\(taken) of \(samples) taken")
        #expect(words >= 2 * taken, "\(words) words in \(taken) texts")
    }

    // MARK: What ICU does

    /// Where ICU 72 parts from UAX #29 or from the raw Word_Break property, each case checked
    /// against ICU and pinned, so that a different ICU shows up here.
    @Test(arguments: [
        ("a@b.c d", [0..<5, 6..<7]),  // `@` is a letter
        ("a:b", [0..<1, 2..<3]),  // `:` is no MidLetter
        ("a.b can\u{2019}t 1,000.5 1.a", [0..<3, 4..<9, 10..<17, 18..<19, 20..<21]),
        ("a_ _ __ _a 1_ a_\u{301} __\u{AD} _\u{301}_", [0..<2, 5..<7, 8..<10, 11..<13, 22..<25]),
        ("\u{301}a \u{301}b", [1..<2, 4..<5]),  // Extend at the start is a gap of its own
        ("x\u{202F}y a\u{AD}b \u{600}1", [0..<3, 4..<7, 9..<10]),
        (
            "\"a\" \u{201C}b\u{201D} c\u{2014}d \u{627}\u{64B}\u{60C}\u{661}\u{66B}\u{662}",
            [1..<2, 5..<6, 8..<9, 10..<11, 12..<14, 15..<18]
        ),
    ])
    func icuQuirksArePinned(text: String, expected: [Range<Int>]) throws {
        let storage = TextStorage(text)
        #expect(try Reference(locale: "en").words(storage) == expected)
        #expect(Self.fastWords(storage) == expected)
    }

    /// ``SimpleWords/applies(toLocale:)`` is true exactly for the locales whose word iterator
    /// reads every taken code unit between letters and between digits as root's does.
    @Test(arguments: [
        "en", "en_US", "en-GB", "fr", "de", "ar", "ru", "el", "es", "it", "ja", "zh", "he", "th", "fil", "se", "nb",
        "fi", "fi-FI", "sv", "sv_SE", "sv-AX", "en_US_POSIX", "en-US-u-va-posix", "sv@collation=standard",
    ])
    func appliesToExactlyTheLocalesThatReadTheTakenUnitsAsRoot(identifier: String) throws {
        let locale = try ICU.Locale.canonical(identifier)
        let reference = try Reference(locale: locale)
        var agrees = true
        for value in UInt16(0x20)..<0x2100 where agrees {
            let unit = String(decoding: [value], as: UTF16.self)
            for text in ["a\(unit)b", "1\(unit)2"] {
                let storage = TextStorage(text)
                if let fast = Self.fastWords(storage), try fast != reference.words(storage) { agrees = false }
            }
        }
        #expect(SimpleWords.applies(toLocale: locale) == agrees, "\(identifier) (\(locale))")
    }

    // MARK: Rejection

    /// A Han character, kana, a hard break, a character outside the BMP (a surrogate pair), a
    /// ZWJ, a Hebrew, Thai or Hangul letter, anywhere in a text, even after more than a batch of
    /// words: the text is left to ICU, and `body` is never called.
    @Test(arguments: [
        "日本", "a日", "a\rb", "a\nb", "a\r\n", "\u{1F600}",
        "a\u{1F1EF}\u{1F1F5}", "a\u{200D}b", "\u{5D0}", "ア", "\u{E01}", "\u{AC00}", "\u{10400}abc",
        "a b c d e f g h i j k l m n o p q r s t u v w x y z \u{3042}",
        String(repeating: "word ", count: 3000) + "日",
    ])
    func aTextHoldingAUnitLeftToICUIsRejectedWithoutSegments(text: String) {
        let storage = TextStorage(text)
        let taken = storage.withUTF16 { units in
            SimpleWords.segments(of: units) { _, _ in Issue.record("body called for \(text.debugDescription)") }
        }
        #expect(!taken)
    }

    /// Surrogates, lone or paired, are left to ICU.
    @Test func aSurrogateIsRejected() {
        for units: [UInt16] in [[0x61, 0xD800], [0xDC00, 0x61], [0x61, 0xD83D, 0xDE00, 0x62]] {
            let taken = units.withUnsafeBufferPointer { units in
                SimpleWords.segments(of: units) { _, _ in Issue.record("body called") }
            }
            #expect(!taken)
        }
    }

    /// An empty text, and one without words, are taken, and `body` is not called.
    @Test func anEmptyTextIsTakenWithoutSegments() {
        let taken = [UInt16]().withUnsafeBufferPointer { units in
            SimpleWords.segments(of: units) { _, _ in Issue.record("body called") }
        }
        #expect(taken)
        #expect(Self.fastWords(TextStorage(" , ")) == [])
    }
}

import SeededRandom
import Testing

@testable import TextNavigation

/// ``SimpleSentences`` gives exactly ICU's sentence segments (with the abbreviation suppression
/// the tokenizer turns on) wherever it takes a text: over every paragraph of the bundled books,
/// every line of the Unicode sentence break test and random text made of terminators, closing
/// punctuation, spaces and their neighbours. How often it takes a text, and how often it asks
/// ICU, is pinned too, so that a scan that gives up on everything (or asks ICU everything)
/// cannot pass.
@Suite("Sentence segmentation by scan agrees with ICU")
struct SimpleSentencesTests {
    /// What checking one text found.
    struct Outcome {
        var taken = 0
        var texts = 0
        var questions = 0
    }

    /// Checks `storage` against ICU's sentence iterator for `locale` (with `ss=standard`).
    static func check(_ storage: TextStorage, locale: String, into outcome: inout Outcome, _ context: String) throws {
        let sentenceLocale = try ICU.Locale.setting("ss", to: "standard", in: try ICU.Locale.canonical(locale))
        let reference = try rawBoundaries(.sentence, locale: sentenceLocale, storage)
        let expected = zip(reference, reference.dropFirst()).map { $0.0..<$0.1 }
        let asked = try ICU.BreakIterator.make(kind: .sentence, locale: sentenceLocale)
        try asked.setText(storage)
        var found: [Range<Int>] = []
        var questions = 0
        let exceptions = try TokenizerLocale.named(locale).sentenceExceptions
        let taken = storage.withUTF16 { units in
            SimpleSentences.segments(
                of: units, exceptions: exceptions,
                isBoundary: { offset in
                    questions += 1
                    return asked.isBoundary(offset)
                },
                { starts, ends in
                    for index in starts.indices { found.append(Int(starts[index])..<Int(ends[index])) }
                })
        }
        outcome.texts += 1
        outcome.questions += questions
        guard taken else {
            #expect(found.isEmpty, "\(context): segments handed over for a text left to ICU")
            return
        }
        outcome.taken += 1
        #expect(found == expected, "\(context): \(String(storage.string.prefix(80)).debugDescription)")
    }

    @Test(arguments: [
        ("alice-in-wonderland.txt", "en"), ("kokoro.txt", "ja"), ("lunyu-analects.txt", "zh"),
        ("rashomon.txt", "ja"), ("udhr-arabic.txt", "ar"),
    ])
    func everyParagraphOfABookSplitsAsICUSplitsIt(name: String, locale: String) throws {
        var outcome = Outcome()
        let paragraphs = try BookDocuments.book(name).paragraphs
        for (index, paragraph) in paragraphs.enumerated() {
            try Self.check(paragraph.text, locale: locale, into: &outcome, "\(name) paragraph \(index)")
        }
        #expect(outcome.taken * 10 >= outcome.texts * 9, "\(name): \(outcome.taken) of \(outcome.texts) taken")
        #expect(outcome.questions * 20 < outcome.texts, "\(name): ICU asked \(outcome.questions) times")
    }

    /// The books as they are on disk: hard-wrapped lines and CR LF kept inside paragraphs.
    @Test(arguments: BookFixture.all)
    func hardWrappedParagraphsSplitAsICUSplitsThem(book: BookFixture) throws {
        var outcome = Outcome()
        for storage in try book.paragraphs() {
            try Self.check(storage, locale: book.locale, into: &outcome, book.path)
        }
        #expect(outcome.taken * 10 >= outcome.texts * 9)
    }

    /// Whole books in one text, paragraphs one separator apart (as runs of paragraphs lie in a
    /// book's buffer).
    @Test(arguments: [
        ("alice-in-wonderland.txt", "en"), ("kokoro.txt", "ja"), ("udhr-arabic.txt", "ar"),
    ])
    func paragraphsOneSeparatorApartSplitAsICUSplitsThem(name: String, locale: String) throws {
        var outcome = Outcome()
        let book = try BookDocuments.book(name)
        let whole = TextStorage(book.paragraphs.map(\.text.string).joined(separator: "\u{2029}"))
        try Self.check(whole, locale: locale, into: &outcome, name)
        #expect(outcome.taken == 1)
    }

    /// The scan is chosen but for text with a character outside the BMP, and in a locale with
    /// abbreviations, for full stops in a paragraph too long to ask ICU about.
    @Test func theScanIsChosenWhereItPays() throws {
        let english = try TokenizerLocale.named("en").sentenceExceptions
        let japanese = try TokenizerLocale.named("ja").sentenceExceptions
        func pays(_ text: String, _ exceptions: SentenceExceptions) -> Bool {
            TextStorage(text).withUTF16 { SimpleSentences.pays(for: $0, exceptions: exceptions) }
        }
        for name in ["alice-in-wonderland.txt", "kokoro.txt", "rashomon.txt", "lunyu-analects.txt"] {
            let paragraphs = try BookDocuments.book(name).paragraphs
            let paying = paragraphs.filter { $0.text.withUTF16 { SimpleSentences.pays(for: $0, exceptions: english) } }
            #expect(paying.count == paragraphs.count, "\(name): \(paying.count) of \(paragraphs.count)")
        }
        let long = String(repeating: "Mr. Smith sat. ", count: 400)
        #expect(!pays(long, english))
        #expect(pays(long, japanese))
        #expect(pays(String(repeating: "a long text without a full stop ", count: 400), english))
        #expect(pays(long.split(separator: " ").joined(separator: "\u{2029}"), english))
        #expect(!pays("日本語の文章。\u{1F600}", japanese))
        #expect(pays("", english))
    }

    /// ICU's abbreviations: English has "Mr." (and "U.S." with its part "U."), Japanese, Chinese
    /// and Arabic have none; an abbreviation may hold a break back where it ends, before one space
    /// or none, and nowhere else.
    @Test func theAbbreviationsComeFromICUsData() throws {
        let english = try TokenizerLocale.named("en").sentenceExceptions
        #expect(!english.isEmpty)
        for locale in ["ja", "zh", "ar"] { #expect(try TokenizerLocale.named(locale).sentenceExceptions.isEmpty) }
        func mayHoldBack(_ text: String, at offset: Int) -> Bool {
            TextStorage(text).withUTF16 { english.mayHoldBack($0, at: offset) }
        }
        #expect(mayHoldBack("Ask Mr. Smith", at: 8))
        #expect(mayHoldBack("Ask Mr.Smith", at: 7))
        #expect(mayHoldBack("In the U.S. today", at: 12))
        #expect(!mayHoldBack("She ran. Then", at: 9))
        #expect(!mayHoldBack("Ask Mr. Smith", at: 4))
        #expect(!mayHoldBack("Mr", at: 2))
    }

    @Test func everyUnicodeTestStringSplitsAsICUSplitsIt() throws {
        var outcome = Outcome()
        for testCase in try BreakTestCase.all(in: "SentenceBreakTest.txt") {
            try Self.check(TextStorage(testCase.text), locale: "en", into: &outcome, testCase.testDescription)
        }
        #expect(outcome.taken > 200)
    }

    /// Terminators of both kinds, closing punctuation, spaces, continuations, letters of each
    /// case, digits, marks, format characters and the abbreviations ICU suppresses.
    static let alphabet: [String] = [
        "a", "b", "Z", "Q", "é", "5", " ", "  ", ".", "?", "!", "。", "！", "？", "．", "…", ")", "]", "\"", "'", "”",
        "’", "」", "』", "（", "(", ",", ";", ":", "、", "-", "\u{301}", "\u{200D}", "\u{AD}", "\u{200B}", "\u{A0}",
        "\t", "日", "本", "ب", "؟", "۔", "Mr.", "Dr.", "etc.", "U.S.", "e.g.", "No.", "Sr.", "z.B.", "ca.", "Sra.",
        "руб.", "до н. э.", "Он", "\u{2028}", "\n", "\u{1F600}",
        "\u{1F3FB}", "\u{11047}", "\u{FE0F}", "\u{0964}", "\u{2029}", "\r\n", "\r", "\u{85}",
    ]

    @Test(arguments: ["en", "en-GB", "ja", "zh", "ar", "de", "fr", "es", "it", "pt", "ru"])
    func randomTextSplitsAsICUSplitsIt(locale: String) throws {
        var random = SplitMix64(seed: 0x5E47_E4CE)
        var outcome = Outcome()
        for sample in 0..<3000 {
            let length = Int.random(in: 1...24, using: &random)
            let text = (0..<length).map { _ in Self.alphabet.randomElement(using: &random)! }.joined()
            try Self.check(
                TextStorage(text), locale: locale, into: &outcome, "sample \(sample) \(text.debugDescription)")
        }
        #expect(outcome.taken > 1000)
        // ICU is asked only after abbreviations, which Japanese, Chinese and Arabic have none of.
        if try TokenizerLocale.named(locale).sentenceExceptions.isEmpty {
            #expect(outcome.questions == 0)
        } else {
            #expect(outcome.questions > 10)
        }
    }
}

import SeededRandom
import Testing

@testable import TextNavigation

/// Every decision of ``LocalLineBreaks`` is ICU's: at each offset where the local rules say
/// "break" or "no break", ICU's line break iterator for the same text and locale agrees. Checked
/// over every offset of the bundled books (joined and hard-wrapped paragraphs), of the Unicode
/// line break test strings and of random text made of the characters the rules look at and
/// their neighbours. The coverage is pinned too, so that rules that decide nothing cannot pass.
@Suite("Local line break rules agree with ICU")
struct LocalLineBreaksTests {
    /// Checks every offset of `storage`; returns how many the local rules decided and how many
    /// offsets there were.
    static func check(_ storage: TextStorage, locale: String, _ context: @autoclosure () -> String) throws -> (
        decided: Int, offsets: Int
    ) {
        let canonical = try ICU.Locale.canonical(locale)
        let boundaries = Set(try rawBoundaries(.line, locale: canonical, storage))
        let decidesQuotes = LocalLineBreaks.decidesQuotes(inLocale: canonical)
        var decided = 0
        storage.withUTF16 { units in
            for offset in 1..<max(units.count, 1) {
                guard let local = LocalLineBreaks.isOpportunity(at: offset, in: units, decidesQuotes: decidesQuotes)
                else { continue }
                decided += 1
                if local != boundaries.contains(offset) {
                    Issue.record(
                        "\(context()): at \(offset) the local rules say \(local ? "break" : "no break"), ICU the opposite: \(Self.excerpt(units, around: offset))"
                    )
                }
            }
        }
        return (decided, max(storage.count - 1, 0))
    }

    static func excerpt(_ units: UnsafeBufferPointer<UInt16>, around offset: Int) -> String {
        let before = String(decoding: units[max(0, offset - 12)..<offset], as: UTF16.self)
        let after = String(decoding: units[offset..<min(units.count, offset + 12)], as: UTF16.self)
        return (before + "|" + after).debugDescription
    }

    @Test(arguments: [
        ("alice-in-wonderland.txt", "en", 0.9), ("kokoro.txt", "ja", 0.5), ("lunyu-analects.txt", "zh", 0.5),
        ("rashomon.txt", "ja", 0.5), ("udhr-arabic.txt", "ar", 0.9),
    ])
    func everyDecisionOverABookIsICUs(name: String, locale: String, coverage: Double) throws {
        var decided = 0
        var offsets = 0
        for paragraph in try BookDocuments.book(name).paragraphs {
            let counts = try Self.check(paragraph.text, locale: locale, name)
            decided += counts.decided
            offsets += counts.offsets
        }
        #expect(Double(decided) >= coverage * Double(offsets), "\(name): \(decided) of \(offsets) decided")
    }

    @Test(arguments: BookFixture.all)
    func everyDecisionOverHardWrappedParagraphsIsICUs(book: BookFixture) throws {
        var decided = 0
        for storage in try book.paragraphs() {
            decided += try Self.check(storage, locale: book.locale, book.path).decided
        }
        #expect(decided > 1000)
    }

    @Test func everyDecisionOverTheUnicodeTestStringsIsICUs() throws {
        var decided = 0
        for testCase in try BreakTestCase.all(in: "LineBreakTest.txt") {
            decided += try Self.check(TextStorage(testCase.text), locale: "en", testCase.testDescription).decided
        }
        #expect(decided > 1000)
    }

    @Test func quotationMarksAndDashesAreDecidedButInChinese() throws {
        // Curly quotation marks and dashes were left to ICU, which made a fifth of an English
        // book's paragraphs run ICU's line pass; Chinese tailors the quotation marks.
        let text = "He said, “Yes”—and ‘no’ — then left."
        let storage = TextStorage(text)
        let marks = Array(
            text.utf16.enumerated().filter { [0x201C, 0x201D, 0x2018, 0x2019, 0x2014].contains($0.element) })
        #expect(marks.count == 6)
        storage.withUTF16 { units in
            for mark in marks {
                for offset in [mark.offset, mark.offset + 1] {
                    #expect(
                        LocalLineBreaks.isOpportunity(at: offset, in: units, decidesQuotes: true) != nil,
                        "\(offset) in English")
                }
            }
            let opening = marks[0].offset
            #expect(LocalLineBreaks.isOpportunity(at: opening + 1, in: units, decidesQuotes: false) == nil)
        }
        #expect(LocalLineBreaks.decidesQuotes(inLocale: "en_US"))
        #expect(!LocalLineBreaks.decidesQuotes(inLocale: "zh_Hant"))
        #expect(!LocalLineBreaks.decidesQuotes(inLocale: "zh"))
        #expect(LocalLineBreaks.decidesQuotes(inLocale: "zhx"))
        _ = try Self.check(storage, locale: "en", text)
    }

    /// Characters of the classes the rules name, and of those next to them that they must leave
    /// to ICU.
    static let alphabet: [String] = [
        "a", "Z", "é", "e\u{301}", "5", " ", "  ", "(", ")", "[", "]", "{", "}", "!", "?", ",", ".", ":", ";", "/",
        "-", "'", "\"", "\u{2019}", "\u{201C}", "\u{201D}", "\u{AB}", "\u{301}", "\u{64E}", "ب", "م", "١", "日", "本",
        "語", "。", "、", "「", "」", "（", "）", "ー", "ぁ", "ッ", "々", "\u{200B}", "\u{200D}", "\u{A0}", "\t",
        "\u{2028}", "\n", "\r\n", "$", "%", "#", "_", "&", "*", "+", "=", "|", "~", "@", "\u{5D0}", "\u{1F600}",
        "\u{2014}", "\u{2026}", "\u{2022}", "\u{AD}", "\u{2010}", "\u{2060}", "\u{FEFF}", "\u{3000}", "한", "ก",
        "\u{1F1EF}", "€", "°", "½", "\u{300}", "\u{FF01}", "\u{30FC}", "\u{309B}",
    ]

    @Test(arguments: ["en", "ja", "ja-JP", "zh", "zh-Hant", "yue", "ko", "th", "he", "fr", "de", "ru", "ar"])
    func everyDecisionOverRandomTextIsICUs(locale: String) throws {
        var random = SplitMix64(seed: 0x11_4E_B4_EA)
        var decided = 0
        for sample in 0..<4000 {
            let length = Int.random(in: 1...24, using: &random)
            let text = (0..<length).map { _ in Self.alphabet.randomElement(using: &random)! }.joined()
            decided += try Self.check(TextStorage(text), locale: locale, "sample \(sample) \(text.debugDescription)")
                .decided
        }
        #expect(decided > 10_000)
    }
}

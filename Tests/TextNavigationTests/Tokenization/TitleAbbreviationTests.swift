import Testing

@testable import TextNavigation

/// Titles that stand before a name ("St. James’s", "Capt. Ahab") end no sentence, whether the
/// sentences come from the scan (``SimpleSentences``) or from ICU's iterator (a text the scan
/// does not take, here one with a character outside the BMP): some are in ICU's list for
/// English (`ss=standard`), the others among the tokenizer's extra English titles.
@Suite struct TitleAbbreviationTests {
    static let titles = ["St.", "Mt.", "Capt.", "Col.", "Rev.", "Prof.", "Sgt.", "Messrs."]

    /// The sentences of `text` in English, and whether the scan took it.
    static func sentences(_ text: String) throws -> (sentences: [String], scanned: Bool) {
        let tokenizer = try StringTokenizer(text, locale: "en")
        let exceptions = try TokenizerLocale.named("en").sentenceExceptions
        let scanned = tokenizer.storage.withUTF16 { SimpleSentences.pays(for: $0, exceptions: exceptions) }
        let units = tokenizer.units(for: .sentence).ranges
        return (units.map { tokenizer.storage.string(in: $0) ?? "?" }, scanned)
    }

    @Test(arguments: titles)
    func aTitleBeforeANameEndsNoSentence(title: String) throws {
        let scan = try Self.sentences("They met at \(title) James’s. Then they left.")
        #expect(scan.scanned)
        #expect(scan.sentences == ["They met at \(title) James’s.", "Then they left."])
        let icu = try Self.sentences("They met 😀 at \(title) James’s. Then they left.")
        #expect(!icu.scanned)
        #expect(icu.sentences == ["They met 😀 at \(title) James’s.", "Then they left."])
    }

    /// As a word of its own only: a longer word ending in the same letters still ends a sentence.
    @Test func onlyAsAWordOfItsOwn() throws {
        #expect(try Self.sentences("It was FirSt. Then it ended.").sentences == ["It was FirSt.", "Then it ended."])
    }
}

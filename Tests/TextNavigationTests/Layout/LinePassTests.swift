import Foundation
import Testing

@testable import TextNavigation

/// A line pass (``LinePass``, what pagination breaks a run of paragraphs with) finds for each
/// text the line units ``LiveLayout/lineUnits(of:locale:width:)`` finds for it alone, whatever
/// the locales it is given one after another, and gives its iterators back to their pools.
@Suite("Line pass over many texts")
struct LinePassTests {
    /// Paragraphs of the bundled books, each in its book's locale, interleaved with some in
    /// locales with line break keywords (``LocalLineBreaks`` does not apply there), a dictionary
    /// script's and an invalid locale's (only hard breaks then).
    static func texts() throws -> [(text: TextStorage, locale: String)] {
        var texts: [(TextStorage, String)] = []
        for (name, locale) in [
            ("alice-in-wonderland.txt", "en"), ("rashomon.txt", "ja"), ("lunyu-analects.txt", "zh"),
            ("udhr-arabic.txt", "ar"),
        ] {
            let paragraphs = try BookDocuments.book(name).paragraphs.prefix(120)
            for (number, paragraph) in paragraphs.enumerated() {
                texts.append((paragraph.text, locale))
                switch number % 5 {
                case 1: texts.append((paragraph.text, "ja@lb=strict"))
                case 2: texts.append((TextStorage("สวัสดีครับ ยินดีต้อนรับสู่การอ่านออกเสียง\nบรรทัดใหม่"), "th"))
                case 3: texts.append((paragraph.text, "not a locale!"))
                default: break
                }
            }
        }
        return texts
    }

    @Test(arguments: [1.0, 7, 70])
    func eachTextHasTheLinesItHasAlone(width: Double) throws {
        let texts = try Self.texts()
        let found = LinePass.with(width: width) { pass in
            texts.map { pass.lineUnits(of: $0.text, locale: $0.locale) }
        }
        try #require(found.count == texts.count)
        var lines = 0
        for (index, text) in texts.enumerated() {
            let alone = LiveLayout.lineUnits(of: text.text, locale: text.locale, width: width)
            #expect(found[index] == alone, "text \(index) (\(text.locale)) at width \(width)")
            lines += alone.count
        }
        #expect(lines > texts.count)
    }

    @Test func itsIteratorsGoBackToTheirPool() throws {
        // A locale no other test breaks lines in, so that no other test takes from its pool.
        let canonical = try ICU.Locale.canonical("zu")
        let pool = ICU.BreakIterator.pool(kind: .line, locale: canonical)
        let text = TextStorage(String(repeating: "Ngiyabonga kakhulu bangane bami. ", count: 20))
        _ = LinePass.with(width: 10) { pass in pass.lineUnits(of: text, locale: "zu") }
        let first = try pool.take()
        pool.giveBack(first)
        _ = LinePass.with(width: 10) { pass in pass.lineUnits(of: text, locale: "zu") }
        // The pass took the idle iterator and gave it back.
        let again = try pool.take()
        defer { pool.giveBack(again) }
        #expect(first === again)
    }
}

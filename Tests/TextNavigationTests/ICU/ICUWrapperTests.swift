import Synchronization
import Testing

@testable import TextNavigation

/// The ICU wrappers take text as ``ICU/StableText`` and hold it for as long as ICU may read it;
/// locales are values that ICU has accepted.
@Suite("ICU wrappers")
struct ICUWrapperTests {
    /// UTF-16 text in memory of its own that counts how many of its owners are alive.
    final class CountedText: ICU.StableText, @unchecked Sendable {
        static let alive = Atomic<Int>(0)
        private let units: UnsafeMutableBufferPointer<UInt16>

        init(_ string: String) {
            units = .allocate(capacity: string.utf16.count)
            _ = units.initialize(fromContentsOf: string.utf16)
            Self.alive.add(1, ordering: .relaxed)
        }

        deinit {
            units.deallocate()
            Self.alive.subtract(1, ordering: .relaxed)
        }

        func withUTF16<R, E: Error>(_ body: (UnsafeBufferPointer<UInt16>) throws(E) -> R) throws(E) -> R {
            try body(UnsafeBufferPointer(units))
        }
    }

    /// An iterator and its clones keep the text they read alive (the owner reference), and let
    /// go of it when pointed elsewhere; the clone still reads it after the original is gone.
    @Test func iteratorsAndClonesHoldTheirText() throws {
        let before = CountedText.alive.load(ordering: .relaxed)
        var iterator: ICU.BreakIterator? = try ICU.BreakIterator(kind: .word, locale: "en")
        try iterator?.setText(CountedText("one two three"))
        #expect(CountedText.alive.load(ordering: .relaxed) == before + 1)
        let clone = try #require(try iterator?.clone())
        iterator = nil
        #expect(CountedText.alive.load(ordering: .relaxed) == before + 1)
        #expect(clone.following(0) == 3)
        #expect(clone.following(4) == 7)
        try clone.setText(ICU.NoText())
        #expect(CountedText.alive.load(ordering: .relaxed) == before)
    }

    /// A bidi paragraph holds its text too.
    @Test func bidiParagraphsHoldTheirText() throws {
        let before = CountedText.alive.load(ordering: .relaxed)
        let bidi = try ICU.Bidi()
        try bidi.setParagraph(CountedText("abc \u{05D0}\u{05D1}"), direction: .leftToRight)
        #expect(CountedText.alive.load(ordering: .relaxed) == before + 1)
        #expect(try bidi.levels(count: 6) == [0, 0, 0, 0, 1, 1])
        #expect(ICU.Properties.firstStrongDirection(in: CountedText("12 \u{05D0}"), range: 0..<4) == .rightToLeft)
    }

    /// Locales are canonical ICU ids; a malformed one is an error, and the root locale is the
    /// fallback that needs no check.
    @Test func localesAreCanonicalValues() throws {
        #expect(try ICU.Locale("ja-JP").identifier == "ja_JP")
        #expect(try ICU.Locale("ja-JP") == ICU.Locale("ja_JP"))
        #expect(try ICU.Locale("en").setting("ss", to: "standard").identifier == "en@ss=standard")
        #expect(throws: ICUError.self) { try ICU.Locale("en-") }
        #expect(ICU.Locale.root.identifier == "")
        let tokenizer = StringTokenizer(storage: TextStorage("Hello world."), locale: .root)
        #expect(tokenizer.units(for: .word).ranges == [0..<5, 6..<11])
        #expect(TokenizerLocale.shared(.root).sentenceLocale == "@ss=standard")
        // ICU's sentence exceptions come through the locale, with failures reported by status.
        #expect(try ICU.Locale("en-US").sentenceBreakExceptions().contains(Array("Mr.".utf16)))
        #expect(try ICU.Locale("ja").sentenceBreakExceptions().isEmpty)
    }
}

import Testing
import TextNavigation

/// `units(for:)` is a requirement of ``TextTokenizer``, so it works on an `any TextTokenizer`
/// (a text input's tokenizer): a ``StringTokenizer`` gives its cached units, and a tokenizer
/// that answers only the four queries gets them from the protocol's default, which walks them.
@Suite struct TokenizerUnitsTests {
    /// A backend's tokenizer that answers the four queries and nothing else, by asking ICU's:
    /// the units the default finds from its answers must be ICU's own.
    final class QueriesOnly: TextTokenizer {
        let base: StringTokenizer
        init(_ base: StringTokenizer) { self.base = base }

        func rangeEnclosingPosition(
            _ position: TextPosition, with granularity: TextGranularity, inDirection direction: TextDirection
        ) -> TextRange? {
            base.rangeEnclosingPosition(position, with: granularity, inDirection: direction)
        }

        func isPosition(
            _ position: TextPosition, atBoundary granularity: TextGranularity, inDirection direction: TextDirection
        ) -> Bool {
            base.isPosition(position, atBoundary: granularity, inDirection: direction)
        }

        func position(
            from position: TextPosition, toBoundary granularity: TextGranularity, inDirection direction: TextDirection
        ) -> TextPosition? {
            base.position(from: position, toBoundary: granularity, inDirection: direction)
        }

        func isPosition(
            _ position: TextPosition, withinTextUnit granularity: TextGranularity, inDirection direction: TextDirection
        ) -> Bool {
            base.isPosition(position, withinTextUnit: granularity, inDirection: direction)
        }
    }

    @Test func aTextInputsTokenizerGivesItsUnits() {
        let element = TextElement("It was late. The fire was out, and the moor was dark.")
        let tokenizer: any TextTokenizer = element.makeTextInput().tokenizer
        #expect(tokenizer.units(for: .word).count == 12)
        for granularity in TextGranularity.allCases {
            #expect(tokenizer.units(for: granularity) == element.stringTokenizer.units(for: granularity))
        }
    }

    @Test(arguments: [
        ("", "en"), ("   ", "en"),
        ("“Who are _you_?” said the Caterpillar.  Alice replied, rather shyly.\n\nI—I hardly know, sir.", "en"),
        ("吾輩は猫である。名前はまだ無い。\nどこで生れたかとんと見当がつかぬ。", "ja"), ("子曰：「學而時習之，不亦說乎？」", "zh"),
        ("يولد جميع الناس أحرارًا متساوين في الكرامة والحقوق. وقد وهبوا عقلاً وضميرًا.", "ar"),
        ("👩‍👩‍👧 e\u{301} 🇫🇷 *** 1,000.5 ...", "en"),
    ])
    func theDefaultFindsTheUnitsTheQueriesGive(text: String, locale: String) throws {
        let base = try StringTokenizer(text, locale: locale)
        let tokenizer: any TextTokenizer = QueriesOnly(base)
        for granularity in TextGranularity.allCases {
            #expect(tokenizer.units(for: granularity) == base.units(for: granularity), "\(granularity)")
        }
    }
}

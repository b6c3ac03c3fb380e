import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// The boundary caches behind the tokenizer's queries: built from pooled ICU iterators, one
/// batch of segments per C call, published once without a lock. They must give exactly the
/// units a tokenizer built alone gives, however many tasks build them at once.
@Suite("Tokenizer caches")
struct TokenizerCacheTests {

    @Test(arguments: [("rashomon.txt", "ja"), ("udhr-arabic.txt", "ar"), ("alice-in-wonderland.txt", "en")])
    func unitsOfABookMatchParagraphsTokenizedAlone(name: String, locale: String) throws {
        let book = try BookDocuments.book(name)
        let document = Document(book: book, locale: locale)
        for granularity in [TextGranularity.word, .sentence] {
            let expected = try BookDocuments.unitsAlone(book, locale: locale, granularity)
            let units = document.elements.map { $0.stringTokenizer.units(for: granularity).ranges }
            #expect(units == expected, "\(name) \(granularity)")
        }
    }

    @Test func tasksBuildingCachesAtOnceGetWhatOneTaskGets() async throws {
        let book = try BookDocuments.book("rashomon.txt")
        let expected = try [TextGranularity.word, .sentence].map {
            try BookDocuments.unitsAlone(book, locale: "ja", $0)
        }
        // Every task builds caches of fresh tokenizers (borrowing pooled iterators at the same
        // time), and half of them share one set of tokenizers, racing to fill the same caches.
        let shared = book.paragraphs.map { try! StringTokenizer(storage: $0.text, locale: "ja") }
        let results = await withTaskGroup(of: [[[Range<Int>]]].self) { group in
            for task in 0..<8 {
                group.addTask {
                    let tokenizers =
                        task.isMultiple(of: 2)
                        ? shared : book.paragraphs.map { try! StringTokenizer(storage: $0.text, locale: "ja") }
                    return [TextGranularity.word, .sentence].map { granularity in
                        tokenizers.map { $0.units(for: granularity).ranges }
                    }
                }
            }
            var results: [[[[Range<Int>]]]] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 8)
        for result in results { #expect(result == expected) }
    }

    @Test func queriesAnswerFromTheCacheTheUnitsGive() throws {
        let tokenizer = try StringTokenizer("Dr. Smith went home. He slept.", locale: "en")
        let sentences = tokenizer.units(for: .sentence).ranges
        #expect(sentences == [0..<20, 21..<30])
        #expect(
            tokenizer.rangeEnclosingPosition(TextPosition(offset: 5), with: .sentence, inDirection: .forward)
                == TextRange(0..<20))
        #expect(tokenizer.units(for: .word).ranges == [0..<2, 4..<9, 10..<14, 15..<19, 21..<23, 24..<29])
    }

    @Test func interleavedEdgesKeepTheUnitsInvariants() {
        var segments = TextUnits([0..<3, 3..<5, 7..<9])
        segments.append(8..<10)  // starts before the last end: ignored
        segments.append(9..<9)  // empty: ignored
        segments.append(9..<12)
        #expect(segments.ranges == [0..<3, 3..<5, 7..<9, 9..<12])
        #expect(segments.count == 4)
        #expect(segments.firstIndex(endingAfter: 5) == 2)
        #expect(segments == TextUnits([0..<3, 3..<5, 7..<9, 9..<12]))
    }
}

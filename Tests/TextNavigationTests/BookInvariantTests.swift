import Testing

@testable import TextNavigation

/// Invariants of the tokenizer over every position of real books (English, Japanese with
/// Aozora markup and CR LF line ends, Arabic), one tokenizer per paragraph (see
/// ``BookFixture``). Nothing is sampled: every offset of every paragraph is visited.
@Suite("Tokenizer invariants over real books")
struct BookInvariantTests {
    /// Stepping `toBoundary` forward from a paragraph's start and backward from its end visits
    /// the same boundaries (each walk strictly monotonic, never returning its input), and
    /// those are exactly the edges of the units the tokenizer lists, for characters, words,
    /// sentences and paragraphs.
    @Test(arguments: BookFixture.all)
    func stepsForwardAndBackwardVisitTheSameBoundaries(book: BookFixture) throws {
        var boundaries: [TextGranularity: Int] = [:]
        for storage in try book.paragraphs() {
            let tokenizer = try StringTokenizer(storage: storage, locale: book.locale)
            let length = tokenizer.length
            for granularity in [TextGranularity.character, .word, .sentence, .paragraph] {
                let label = "\(book.path) \(granularity) in \(excerpt(storage))"
                let forward = walk(tokenizer, granularity, from: 0, .forward, limit: length)
                let backward = walk(tokenizer, granularity, from: length, .backward, limit: length)
                #expect(zip(forward, forward.dropFirst()).allSatisfy(<), "\(label)")
                #expect(zip(backward, backward.dropFirst()).allSatisfy(>), "\(label)")
                #expect(forward.allSatisfy { $0 > 0 && $0 <= length }, "\(label)")
                #expect(backward.allSatisfy { $0 >= 0 && $0 < length }, "\(label)")
                let units = tokenizer.units(for: granularity).ranges
                let edges = Set(units.flatMap { [$0.lowerBound, $0.upperBound] })
                #expect(Set(forward).union([0, length]) == Set(backward).union([0, length]), "\(label)")
                #expect(Set(forward).union([0, length]) == edges.union([0, length]), "\(label)")
                boundaries[granularity, default: 0] += edges.count
            }
        }
        try #require(boundaries[.character] != nil)
        // Floors, not exact counts: a better tokenizer may split differently, never far fewer.
        #expect(boundaries[.word]! > boundaries[.sentence]!)
        #expect(boundaries[.sentence]! > boundaries[.paragraph]!)
        #expect(boundaries[.character]! > boundaries[.word]!)
    }

    /// No boundary the tokenizer reports falls inside a grapheme cluster: at every offset,
    /// `isPosition(_:atBoundary: .character, ...)` agrees with ICU's own character iterator,
    /// `toBoundary` by character visits exactly ICU's boundaries, and every word, sentence and
    /// paragraph unit starts and ends on one of them and is not empty.
    @Test(arguments: BookFixture.all)
    func noBoundaryFallsInsideAGraphemeCluster(book: BookFixture) throws {
        var positions = 0
        var clusterInteriors = 0
        for storage in try book.paragraphs() {
            let tokenizer = try StringTokenizer(storage: storage, locale: book.locale)
            let label = "\(book.path) in \(excerpt(storage))"
            let icu = try rawBoundaries(.character, locale: book.locale, storage)
            let clusters = Set(icu)
            for offset in 0...tokenizer.length {
                let position = TextPosition(offset: offset)
                let isBoundary = clusters.contains(offset)
                #expect(
                    tokenizer.isPosition(position, atBoundary: .character, inDirection: .forward)
                        == isBoundary)
                #expect(
                    tokenizer.isPosition(position, atBoundary: .character, inDirection: .backward)
                        == isBoundary)
                positions += 1
                if !isBoundary { clusterInteriors += 1 }
            }
            #expect(
                [0] + walk(tokenizer, .character, from: 0, .forward, limit: tokenizer.length) == icu,
                "\(label)")
            for granularity in [TextGranularity.word, .sentence, .paragraph] {
                for unit in tokenizer.units(for: granularity).ranges {
                    #expect(!unit.isEmpty, "\(label): \(granularity) \(unit)")
                    #expect(
                        clusters.contains(unit.lowerBound),
                        "\(label): \(granularity) \(unit) starts in a cluster")
                    #expect(
                        clusters.contains(unit.upperBound), "\(label): \(granularity) \(unit) ends in a cluster"
                    )
                }
            }
        }
        // CR LF (Rashomon) and Arabic marks make offsets inside clusters; Alice has none.
        #expect((clusterInteriors > 0) == book.hasMultiUnitClusters)
        #expect(positions > 7_000)
    }

    /// At every offset and in both directions, the enclosing word (and sentence) is `nil`
    /// exactly when the position is not within one, holds the position on the side the
    /// direction says, and is one of the units the tokenizer lists; the enclosing ranges never
    /// overlap; no word holds white space; no sentence starts or ends with white space; and a
    /// position is a forward (backward) boundary exactly where an enclosing range ends (starts).
    @Test(arguments: BookFixture.all)
    func enclosingRangesNeverOverlapOrHoldWhiteSpace(book: BookFixture) throws {
        var words = 0
        for storage in try book.paragraphs() {
            let tokenizer = try StringTokenizer(storage: storage, locale: book.locale)
            let label = "\(book.path) in \(excerpt(storage))"
            for granularity in [TextGranularity.word, .sentence] {
                var enclosing = Set<Range<Int>>()
                for offset in 0...tokenizer.length {
                    let position = TextPosition(offset: offset)
                    for direction in [TextStorageDirection.forward, .backward] {
                        let range = tokenizer.rangeEnclosingPosition(
                            position, with: granularity, inDirection: .storage(direction))?.offsets
                        let within = tokenizer.isPosition(
                            position, withinTextUnit: granularity, inDirection: .storage(direction))
                        #expect((range != nil) == within, "\(label): \(granularity) at \(offset)")
                        guard let range else { continue }
                        let holds =
                            direction == .forward
                            ? range.lowerBound <= offset && offset < range.upperBound
                            : range.lowerBound < offset && offset <= range.upperBound
                        #expect(holds, "\(label): \(granularity) \(range) at \(offset) \(direction)")
                        enclosing.insert(range)
                    }
                }
                let sorted = enclosing.sorted { $0.lowerBound < $1.lowerBound }
                #expect(sorted == tokenizer.units(for: granularity).ranges, "\(label): \(granularity)")
                for (previous, next) in zip(sorted, sorted.dropFirst()) {
                    #expect(previous.upperBound <= next.lowerBound, "\(label): \(previous) overlaps \(next)")
                }
                let ends = Set(sorted.map(\.upperBound))
                let starts = Set(sorted.map(\.lowerBound))
                for offset in 0...tokenizer.length {
                    let position = TextPosition(offset: offset)
                    #expect(
                        tokenizer.isPosition(position, atBoundary: granularity, inDirection: .forward)
                            == ends.contains(offset), "\(label): \(granularity) at \(offset)")
                    #expect(
                        tokenizer.isPosition(position, atBoundary: granularity, inDirection: .backward)
                            == starts.contains(offset), "\(label): \(granularity) at \(offset)")
                }
                for range in sorted {
                    let scalars = Array((storage.string(in: range) ?? "").unicodeScalars)
                    #expect(!scalars.isEmpty, "\(label): empty \(granularity) \(range)")
                    if granularity == .word {
                        #expect(
                            !scalars.contains { $0.properties.isWhitespace },
                            "\(label): word \(range) \(storage.string(in: range) ?? "")")
                        words += 1
                    } else {
                        #expect(
                            !(scalars.first?.properties.isWhitespace ?? true)
                                && !(scalars.last?.properties.isWhitespace ?? true),
                            "\(label): sentence \(range)")
                    }
                }
            }
        }
        #expect(words > 1_000)
    }

    /// The first words of the paragraph, to say where a failure is.
    private func excerpt(_ storage: TextStorage) -> String {
        "\"\(storage.string(in: 0..<min(storage.count, 30)) ?? "")…\""
    }
}

import Testing

@testable import TextNavigation

/// Unicode 15.0's `SentenceBreakTest.txt`, every line except the ICU 72 deviations listed in
/// `icu72-known-deviations.txt` (none for this file).
///
/// The tokenizer reports sentence *units*: ICU sentences without their leading and trailing
/// white space. So the raw boundaries are checked through the internal ICU wrapper, and the units
/// through the public API against the file's segments trimmed of white space (judged from
/// Swift's own Unicode data, independent of ICU).
@Suite("Sentence boundaries conform to Unicode 15.0")
struct SentenceConformanceTests {
    static let file = "SentenceBreakTest.txt"

    /// ICU's sentence iterator finds exactly the file's `÷` positions, both with the plain
    /// locale and with the abbreviation suppression the tokenizer turns on (`en@ss=standard`).
    @Test(arguments: ["en", "en@ss=standard"])
    func icuSentenceBoundariesMatchTheFile(locale: String) throws {
        let run = try ConformanceRun(file: Self.file)
        var checked = 0
        for testCase in run.cases {
            #expect(
                try rawBoundaries(.sentence, locale: locale, testCase) == testCase.boundaries,
                "\(testCase.testDescription)")
            checked += 1
        }
        #expect(checked == 502)
        #expect(run.skipped == run.listed)
        #expect(run.skipped == 0)
    }

    /// Through the public API, the sentence units are the file's segments without leading and
    /// trailing white-space clusters (a segment of white space alone is a gap, not a unit); every
    /// unit edge is a `÷` position or borders white space only; and at every offset the four
    /// queries agree with those units.
    @Test func sentenceUnitsAreTheFileSegmentsTrimmedOfWhiteSpace() throws {
        let run = try ConformanceRun(file: Self.file)
        var checked = 0
        var units = 0
        var trimmedUnits = 0
        var whiteSpaceSegments = 0
        for testCase in run.cases {
            let label = testCase.testDescription
            let tokenizer = try StringTokenizer(testCase.text, locale: "en")
            let expected = testCase.segments.compactMap { trimmedOfWhiteSpace($0, in: testCase) }
            #expect(tokenizer.units(for: .sentence).ranges == expected, "\(label)")
            let boundaries = Set(testCase.boundaries)
            for unit in expected {
                let next = testCase.boundaries.first { $0 >= unit.upperBound }!
                let previous = testCase.boundaries.last { $0 <= unit.lowerBound }!
                #expect(
                    boundaries.contains(unit.lowerBound)
                        || isWhiteSpace(previous..<unit.lowerBound, in: testCase))
                #expect(
                    boundaries.contains(unit.upperBound) || isWhiteSpace(unit.upperBound..<next, in: testCase)
                )
                if !boundaries.contains(unit.lowerBound) || !boundaries.contains(unit.upperBound) {
                    trimmedUnits += 1
                }
            }
            units += expected.count
            whiteSpaceSegments += testCase.segments.count - expected.count
            expectQueriesAgree(tokenizer, .sentence, units: expected, length: testCase.length, label)
            checked += 1
        }
        #expect(checked == 502)
        #expect(run.skipped == 0)
        #expect(units == 525)
        #expect(trimmedUnits == 136)
        #expect(whiteSpaceSegments == 106)
    }

    /// `segment` without the grapheme clusters at either end that are all white space, or `nil`
    /// when nothing is left. A space carrying a combining mark is not white space as a cluster.
    private func trimmedOfWhiteSpace(_ segment: Range<Int>, in testCase: BreakTestCase) -> Range<Int>? {
        var clusters: [(range: Range<Int>, isWhiteSpace: Bool)] = []
        var offset = segment.lowerBound
        for character in utf16Substring(segment, of: testCase) {
            let length = character.utf16.count
            clusters.append(
                (
                    offset..<(offset + length),
                    character.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
                ))
            offset += length
        }
        guard let first = clusters.firstIndex(where: { !$0.isWhiteSpace }),
            let last = clusters.lastIndex(where: { !$0.isWhiteSpace })
        else { return nil }
        return clusters[first].range.lowerBound..<clusters[last].range.upperBound
    }

    /// Whether every scalar of `range` is white space.
    private func isWhiteSpace(_ range: Range<Int>, in testCase: BreakTestCase) -> Bool {
        utf16Substring(range, of: testCase).unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }

    /// The text of `range` of the line, as its own string (so clusters do not reach outside it).
    private func utf16Substring(_ range: Range<Int>, of testCase: BreakTestCase) -> String {
        let units = Array(testCase.text.utf16)
        return String(decoding: units[range], as: UTF16.self)
    }
}

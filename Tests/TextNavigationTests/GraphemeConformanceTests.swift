import Testing
import TextNavigation

/// Unicode 15.0's `GraphemeBreakTest.txt`, every line, through the public tokenizer API.
@Suite("Grapheme cluster boundaries conform to Unicode 15.0")
struct GraphemeConformanceTests {
    static let file = "GraphemeBreakTest.txt"

    /// At every offset of every line, `isPosition(_:atBoundary: .character, ...)` is true in both
    /// directions exactly at the file's `÷` positions (so never inside a surrogate pair).
    @Test func characterBoundariesAtEveryOffsetMatchTheFile() throws {
        let run = try ConformanceRun(file: Self.file)
        var checked = 0
        for testCase in run.cases {
            let tokenizer = try StringTokenizer(testCase.text)
            let expected = Set(testCase.boundaries)
            for direction in [TextDirection.forward, .backward] {
                let reported = Set(
                    (0...testCase.length).filter {
                        tokenizer.isPosition(
                            TextPosition(offset: $0), atBoundary: .character, inDirection: direction)
                    })
                #expect(reported == expected, "\(testCase.testDescription), \(direction)")
            }
            checked += 1
        }
        #expect(checked == 602)
        #expect(run.skipped == run.listed)
        #expect(run.skipped == 0)
    }

    /// Stepping `position(from:toBoundary: .character, ...)` from 0 forward, and from the end
    /// backward, stops at every `÷` of the file in turn, then gives `nil`.
    @Test func characterStepsVisitTheFileBoundariesInOrder() throws {
        let run = try ConformanceRun(file: Self.file)
        var checked = 0
        for testCase in run.cases {
            let tokenizer = try StringTokenizer(testCase.text)
            let forward = walk(tokenizer, .character, from: 0, .forward, limit: testCase.length)
            #expect(forward == Array(testCase.boundaries.dropFirst()), "\(testCase.testDescription)")
            let backward = walk(
                tokenizer, .character, from: testCase.length, .backward, limit: testCase.length)
            #expect(
                backward == Array(testCase.boundaries.dropLast().reversed()), "\(testCase.testDescription)")
            checked += 1
        }
        #expect(checked == 602)
        #expect(run.skipped == run.listed)
    }

    /// The character units the tokenizer lists (`units(for: .character)`) are the file's
    /// clusters.
    @Test func characterSegmentsAreTheFileClusters() throws {
        var checked = 0
        for testCase in try BreakTestCase.all(in: Self.file) {
            let tokenizer = try StringTokenizer(testCase.text)
            #expect(
                tokenizer.units(for: .character).ranges == testCase.segments,
                "\(testCase.testDescription)")
            checked += 1
        }
        #expect(checked == 602)
    }
}

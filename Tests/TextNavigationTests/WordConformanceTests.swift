import Testing

@testable import TextNavigation

/// Unicode 15.0's `WordBreakTest.txt`, every line except the ICU 72 deviations listed in
/// `icu72-known-deviations.txt`.
///
/// The tokenizer reports word *units* (ICU segments whose rule status is not "none"), not raw
/// boundaries, so the file is checked twice: the raw boundaries through the internal ICU wrapper
/// the tokenizer is built on, and the units through the public API, which must be exactly the
/// file's segments that hold letters or digits, and never one that holds only spaces,
/// punctuation, symbols or controls.
@Suite("Word boundaries conform to Unicode 15.0")
struct WordConformanceTests {
    static let file = "WordBreakTest.txt"

    /// ICU's word iterator (the one the tokenizer uses, locale "en") finds exactly the file's
    /// `÷` positions on every line not listed as a known deviation.
    @Test func icuWordBoundariesMatchTheFile() throws {
        let run = try ConformanceRun(file: Self.file)
        var checked = 0
        for testCase in run.cases {
            #expect(
                try rawBoundaries(.word, locale: "en", testCase) == testCase.boundaries,
                "\(testCase.testDescription)")
            checked += 1
        }
        #expect(checked == 1808)
        #expect(run.skipped == run.listed)
        #expect(run.skipped == 15)
    }

    /// The listed deviations are real (ICU 72 with "en" disagrees on each), and each is the
    /// tailoring the list names: with locale "fi", where CLDR makes U+003A COLON a MidLetter,
    /// ICU agrees with the file.
    @Test func listedDeviationsAreColonTailoring() throws {
        let deviations = try KnownDeviations.load()
        let listed = try BreakTestCase.all(in: Self.file).filter { deviations.contains($0) }
        #expect(listed.count == deviations.lineNumbers(of: Self.file).count)
        for testCase in listed {
            #expect(
                try rawBoundaries(.word, locale: "en", testCase) != testCase.boundaries,
                "\(testCase.testDescription)")
            #expect(
                try rawBoundaries(.word, locale: "fi", testCase) == testCase.boundaries,
                "\(testCase.testDescription)")
            #expect(testCase.scalars.contains(":"), "\(testCase.testDescription)")
        }
    }

    /// Through the public API: every word unit is one of the file's segments (its edges are `÷`
    /// positions and no `÷` falls inside it); every segment holding a letter or digit is a unit,
    /// so a `÷` between two such segments is reported as both a unit end and a unit start; no
    /// segment of only spaces, punctuation, symbols, marks or controls is a unit; and at every
    /// offset the four queries agree with those units.
    @Test func wordUnitsAreTheFileSegmentsThatHoldLettersOrDigits() throws {
        let run = try ConformanceRun(file: Self.file)
        var checked = 0
        var wordSegments = 0
        var gapSegments = 0
        var unclassifiedSegments = 0
        var wordWordBoundaries = 0
        for testCase in run.cases {
            let tokenizer = try StringTokenizer(testCase.text, locale: "en")
            let units = tokenizer.units(for: .word).ranges
            let segments = testCase.segments
            let label = testCase.testDescription
            for unit in units {
                #expect(segments.contains(unit), "\(label): unit \(unit) is not a segment of the file")
            }
            let kinds = segments.map { WordSegmentKind(testCase, $0) }
            for (segment, kind) in zip(segments, kinds) {
                switch kind {
                case .word:
                    wordSegments += 1
                    #expect(units.contains(segment), "\(label): \(segment) holds a letter or digit")
                case .gap:
                    gapSegments += 1
                    #expect(!units.contains(segment), "\(label): \(segment) holds no letter or digit")
                case .unclassified:
                    unclassifiedSegments += 1
                }
            }
            for index in segments.indices.dropFirst()
            where kinds[index - 1] == .word && kinds[index] == .word {
                wordWordBoundaries += 1
                let boundary = TextPosition(offset: segments[index].lowerBound)
                #expect(
                    tokenizer.isPosition(boundary, atBoundary: .word, inDirection: .forward), "\(label)")
                #expect(
                    tokenizer.isPosition(boundary, atBoundary: .word, inDirection: .backward), "\(label)")
                #expect(
                    tokenizer.rangeEnclosingPosition(boundary, with: .word, inDirection: .backward)?.offsets
                        == segments[index - 1], "\(label)")
                #expect(
                    tokenizer.rangeEnclosingPosition(boundary, with: .word, inDirection: .forward)?.offsets
                        == segments[index], "\(label)")
            }
            expectQueriesAgree(tokenizer, .word, units: units, length: testCase.length, label)
            checked += 1
        }
        #expect(checked == 1808)
        #expect(run.skipped == 15)
        #expect(wordSegments == 1568)
        #expect(gapSegments == 2750)
        #expect(unclassifiedSegments == 80)
        #expect(wordWordBoundaries == 32)
    }
}

/// What a segment of a word break test line must be, judged from Swift's own Unicode data
/// (independent of ICU).
enum WordSegmentKind: Equatable {
    /// Holds a letter or a decimal digit: ICU gives it a letter, number, kana or ideograph
    /// status, so it is a word unit.
    case word
    /// Only spaces, punctuation (other than connectors such as `_`), symbols, marks and
    /// controls: a gap between words.
    case gap
    /// Not judged: holds a connector (Word_Break ExtendNumLet) and no letter or digit, or joins
    /// a letter to a pictograph with ZERO WIDTH JOINER (rule WB3c; ICU gives such a segment the
    /// emoji rule's status, "none", so `a` + ZWJ + U+1F6D1 is not a word unit).
    case unclassified

    init(_ testCase: BreakTestCase, _ segment: Range<Int>) {
        var offset = 0
        var previous: Unicode.Scalar?
        var hasLetterOrDigit = false
        var hasConnector = false
        var hasJoinedPictograph = false
        for scalar in testCase.scalars {
            defer {
                previous = scalar
                offset += scalar.utf16.count
            }
            guard segment.contains(offset) else { continue }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber:
                hasLetterOrDigit = true
            case .connectorPunctuation:
                hasConnector = true
            case .spaceSeparator where scalar == "\u{202F}":  // NARROW NO-BREAK SPACE is ExtendNumLet too
                hasConnector = true
            case .otherSymbol where previous == "\u{200D}":
                hasJoinedPictograph = true
            default:
                break
            }
        }
        if hasLetterOrDigit {
            self = hasJoinedPictograph ? .unclassified : .word
        } else {
            self = hasConnector ? .unclassified : .gap
        }
    }
}

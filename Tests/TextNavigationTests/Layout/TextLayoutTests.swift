import Testing
import TextNavigation

/// The texts of a layout's lines without trailing white space and hard breaks, as the CLI
/// prints them.
private func trimmedLines(_ layout: TextLayout) -> [String] {
    layout.lines.map { layout.storage.string(in: $0.trimmedRange) ?? "?" }
}

@Suite("Line breaking")
struct LineBreakingTests {
    @Test func wordsWrapAtSpacesAndSpacesHang() throws {
        let layout = try TextLayout("hello world foo", width: 11)
        #expect(trimmedLines(layout) == ["hello world", "foo"])
        #expect(layout.lines.map(\.range) == [0..<12, 12..<15])
        // The space after "world" hangs: the line is 12 cells wide in a width of 11.
        #expect(layout.lines.first?.rect == Rect(x: 0, y: 0, width: 12, height: 1))
    }

    @Test func manySpacesHangInsteadOfBreaking() throws {
        let layout = try TextLayout("ab     cd", width: 3)
        #expect(layout.lines.map(\.range) == [0..<7, 7..<9])
        #expect(layout.lines.first?.trimmedRange == 0..<2)
    }

    @Test func hardBreaksAlwaysBreak() throws {
        let layout = try TextLayout("a\nb\r\nc\u{2028}d", width: 100)
        #expect(layout.lines.map(\.range) == [0..<2, 2..<5, 5..<7, 7..<8])
        #expect(layout.lines.map(\.contentRange) == [0..<1, 2..<3, 5..<6, 7..<8])
        #expect(layout.lines.map(\.endsWithHardBreak) == [true, true, true, false])
    }

    @Test func textEndingWithHardBreakHasEmptyLastLine() throws {
        let layout = try TextLayout("ab\n", width: 10)
        #expect(layout.lines.map(\.range) == [0..<3, 3..<3])
        #expect(layout.caretRect(for: TextPosition(offset: 3)) == Rect(x: 0, y: 1, width: 0, height: 1))
    }

    @Test func emptyTextHasOneEmptyLine() throws {
        let layout = try TextLayout("", width: 10)
        #expect(layout.lineCount == 1)
        #expect(layout.lines.first?.range == 0..<0)
        #expect(layout.caretRect(for: TextPosition(offset: 0)) == Rect(x: 0, y: 0, width: 0, height: 1))
        #expect(layout.lineUnits.count == 0)
    }

    @Test func overlongWordBreaksBetweenClusters() throws {
        let layout = try TextLayout("abcdefgh ij", width: 3)
        #expect(trimmedLines(layout) == ["abc", "def", "gh", "ij"])
        // Four e + combining acute: clusters stay whole.
        let accents = try TextLayout(String(repeating: "e\u{301}", count: 4), width: 3)
        #expect(accents.lines.map(\.range) == [0..<6, 6..<8])
    }

    @Test func overlongClusterSitsAloneOnItsLine() throws {
        let layout = try TextLayout("日本", width: 1)
        #expect(layout.lines.map(\.range) == [0..<1, 1..<2])
        #expect(layout.lines.map(\.rect.width) == [2, 2])
    }

    @Test func breakOpportunityInsideAClusterIsNotUsed() throws {
        // UAX #14 allows a break between a space and a combining mark after it (LB10, LB18);
        // the pair is one grapheme cluster, so layout does not break there.
        let layout = try TextLayout("a \u{308}b", width: 1)
        #expect(layout.breakOpportunities.map(\.offset) == [2, 4])
        #expect(layout.lines.map(\.range) == [0..<1, 1..<3, 3..<4])
    }

    @Test func japaneseStrictKeepsSmallKanaOffTheLineStart() throws {
        let normal = try TextLayout("ああぁ", locale: "ja", width: 4)
        let strict = try TextLayout("ああぁ", locale: "ja@lb=strict", width: 4)
        #expect(trimmedLines(normal) == ["ああ", "ぁ"])
        #expect(trimmedLines(strict) == ["あ", "あぁ"])
    }

    @Test func japanesePhraseBreaksOnlyBetweenPhrases() throws {
        let text = "東京都に住んでいます。"
        let normal = Set(try TextLayout(text, locale: "ja", width: 4).breakOpportunities.map(\.offset))
        let phrase = Set(try TextLayout(text, locale: "ja@lw=phrase", width: 4).breakOpportunities.map(\.offset))
        #expect(phrase.isSubset(of: normal))
        #expect(phrase.count < normal.count)
        // No break inside 東京 under phrase breaking; normal Japanese breaks between any two.
        #expect(!phrase.contains(1))
        #expect(normal.contains(1))
    }

    @Test func textScaleChangesLineBreaksNotPositions() throws {
        let text = "The quick brown fox jumps over the lazy dog."
        let small = try TextLayout(text, width: 20)
        let large = small.withTextScale(2)
        #expect(trimmedLines(small) == ["The quick brown fox", "jumps over the lazy", "dog."])
        #expect(large.lineCount > small.lineCount)
        #expect(large.lineHeight == 2)
        // The caret positions (grapheme boundaries) are the same at both sizes.
        func caretOffsets(_ layout: TextLayout) -> Set<Int> {
            Set((0..<layout.lineCount).flatMap { layout.clusterFrames(inLine: $0).map(\.range.lowerBound) })
        }
        #expect(caretOffsets(large) == caretOffsets(small))
        #expect(large.lines.last?.range.upperBound == text.utf16.count)
    }

    @Test func widthChangeReusesTheTextAndKeepsPartition() throws {
        let layout = try TextLayout("one two three four five six", width: 9)
        let wider = layout.withWidth(14)
        #expect(trimmedLines(layout) == ["one two", "three", "four five", "six"])
        #expect(trimmedLines(wider) == ["one two three", "four five six"])
        #expect(wider.lines.first?.range.lowerBound == 0)
        #expect(zip(wider.lines, wider.lines.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound })
    }
}

@Suite("Cell metrics")
struct CellMetricsTests {
    @Test(arguments: [
        ("a", 1.0), ("é", 1), ("e\u{301}", 1), ("日", 2), ("ｱ", 1), ("Ａ", 2), ("👍", 2), ("👍🏽", 2),
        ("👨‍👩‍👧", 2), ("❤️", 2), ("\u{200B}", 0), ("\u{FEFF}", 0), ("\n", 0), ("\r\n", 0), ("\t", 0),
        ("\u{AD}", 0), ("한", 2), ("α", 1), ("ا", 1),
    ])
    func clusterAdvances(cluster: String, cells: Double) {
        let storage = TextStorage(cluster)
        #expect(CellMetrics().advance(of: 0..<storage.count, in: storage) == cells)
    }
}

@Suite("Bidi layout")
struct BidiLayoutTests {
    @Test func rightToLeftLineEndsAtTheRightEdge() throws {
        let text = "مرحبا بالعالم"
        let layout = try TextLayout(text, width: 20)
        let line = try #require(layout.lines.first)
        #expect(line.baseWritingDirection == .rightToLeft)
        #expect(line.rect.maxX == 20)
        #expect(line.runs.map(\.direction) == [.rightToLeft])
        let frames = layout.clusterFrames(inLine: 0)
        // The first letter in storage order is the rightmost.
        #expect(frames.first?.frame.maxX == 20)
        #expect(frames.map(\.frame.minX) == frames.map(\.frame.minX).sorted(by: >))
        #expect(layout.caretRect(for: TextPosition(offset: 0))?.minX == 20)
        #expect(layout.caretRect(for: TextPosition(offset: text.utf16.count))?.minX == 7)
    }

    @Test func rightToLeftTrailingSpaceHangsPastTheLeftEdge() throws {
        let layout = try TextLayout("אבג דהו", width: 3)
        #expect(layout.lines.map(\.range) == [0..<4, 4..<7])
        // Content ends at the right edge; the trailing space hangs left of x = 0.
        #expect(layout.lines.first?.rect == Rect(x: -1, y: 0, width: 4, height: 1))
    }

    @Test func hebrewInEnglishIsReversedInPlace() throws {
        let layout = try TextLayout("abc אבג def", width: 40)
        let line = try #require(layout.lines.first)
        #expect(
            line.runs == [
                BidiRun(range: 0..<4, level: 0), BidiRun(range: 4..<7, level: 1), BidiRun(range: 7..<11, level: 0),
            ])
        let minX = layout.clusterFrames(inLine: 0).map(\.frame.minX)
        #expect(minX == [0, 1, 2, 3, 6, 5, 4, 7, 8, 9, 10])
        let rects = layout.selectionRects(for: TextRange(2..<9))
        #expect(
            rects.map(\.rect) == [
                Rect(x: 2, y: 0, width: 2, height: 1), Rect(x: 4, y: 0, width: 3, height: 1),
                Rect(x: 7, y: 0, width: 2, height: 1),
            ])
        #expect(rects.map(\.writingDirection) == [.leftToRight, .rightToLeft, .leftToRight])
        #expect(rects.map(\.containsStart) == [true, false, false])
        #expect(rects.map(\.containsEnd) == [false, false, true])
    }

    @Test func numbersInArabicRunLeftToRight() throws {
        let layout = try TextLayout("العام 1948 م", width: 40)
        let line = try #require(layout.lines.first)
        #expect(line.baseWritingDirection == .rightToLeft)
        #expect(line.runs.map(\.range) == [10..<12, 6..<10, 0..<6])
        #expect(line.runs.map(\.direction) == [.rightToLeft, .leftToRight, .rightToLeft])
        // The digits read left to right: "1" left of "9".
        let frames = layout.clusterFrames(inLine: 0)
        try #require(frames.count > 7)
        #expect(frames[6].frame.minX < frames[7].frame.minX)
    }

    @Test func englishInHebrewParagraph() throws {
        let layout = try TextLayout("שלום world", width: 20)
        let line = try #require(layout.lines.first)
        #expect(line.runs.map(\.direction) == [.leftToRight, .rightToLeft])
        #expect(line.rect.maxX == 20)
        // "w" is the leftmost cluster; "ש" the rightmost.
        let frames = layout.clusterFrames(inLine: 0)
        try #require(frames.count > 5)
        #expect(frames[5].frame.minX == line.rect.minX)
        #expect(frames[0].frame.maxX == 20)
    }

    @Test func paragraphsKeepTheirOwnDirection() throws {
        let layout = try TextLayout("hello\nשלום\nworld", width: 10)
        #expect(layout.lines.map(\.baseWritingDirection) == [.leftToRight, .rightToLeft, .leftToRight])
        #expect(layout.baseWritingDirection(at: TextPosition(offset: 6)) == .rightToLeft)
        #expect(layout.baseWritingDirection(at: TextPosition(offset: 6), in: .backward) == .leftToRight)
    }
}

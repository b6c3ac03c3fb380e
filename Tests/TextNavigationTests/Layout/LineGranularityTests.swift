import Testing
import TextNavigation

/// Line units from layout: a tokenizer built with `lineSource: layout`, with affinity telling
/// the two sides of a soft wrap apart.
@Suite("Line granularity from layout")
struct LineGranularityTests {
    /// "hello world" at width 6: "hello " and "world", meeting at offset 6.
    static func wrapped() throws -> (TextLayout, StringTokenizer) {
        let layout = try TextLayout("hello world", width: 6)
        return (layout, try StringTokenizer(storage: layout.storage, locale: "en", lineSource: layout))
    }

    @Test func softWrapLinesMeetAtOneOffset() throws {
        let (layout, tokenizer) = try Self.wrapped()
        #expect(layout.lines.map(\.range) == [0..<6, 6..<11])
        #expect(tokenizer.units(for: .line).ranges == [0..<6, 6..<11])
    }

    @Test func movingForwardStopsAtTheUpstreamEndThenTheNextStart() throws {
        let (_, tokenizer) = try Self.wrapped()
        let end = tokenizer.position(from: TextPosition(offset: 2), toBoundary: .line, inDirection: .forward)
        #expect(end == TextPosition(offset: 6, affinity: .upstream))
        // Forward from a line's end: the next line's start, the same offset downstream.
        let next = tokenizer.position(from: end!, toBoundary: .line, inDirection: .forward)
        #expect(next == TextPosition(offset: 6))
        let last = tokenizer.position(from: next!, toBoundary: .line, inDirection: .forward)
        #expect(last == TextPosition(offset: 11))
        let back = tokenizer.position(from: TextPosition(offset: 8), toBoundary: .line, inDirection: .backward)
        #expect(back == TextPosition(offset: 6))
    }

    @Test func affinityPicksTheLine() throws {
        let (layout, tokenizer) = try Self.wrapped()
        let upstream = TextPosition(offset: 6, affinity: .upstream)
        let downstream = TextPosition(offset: 6)
        #expect(tokenizer.rangeEnclosingPosition(upstream, with: .line, inDirection: .backward)?.offsets == 0..<6)
        #expect(tokenizer.rangeEnclosingPosition(downstream, with: .line, inDirection: .forward)?.offsets == 6..<11)
        #expect(tokenizer.isPosition(upstream, atBoundary: .line, inDirection: .forward))
        #expect(!tokenizer.isPosition(downstream, atBoundary: .line, inDirection: .forward))
        #expect(layout.lineNumber(for: upstream) == 0)
        #expect(layout.lineNumber(for: downstream) == 1)
        #expect(layout.caretRect(for: upstream) == Rect(x: 6, y: 0, width: 0, height: 1))
        #expect(layout.caretRect(for: downstream) == Rect(x: 0, y: 1, width: 0, height: 1))
        #expect(layout.closestPosition(to: Point(x: 6.4, y: 0.5)) == upstream)
        #expect(layout.closestPosition(to: Point(x: 0.2, y: 1.5)) == downstream)
    }

    @Test func hardBreaksAreGapsBetweenLineUnits() throws {
        let layout = try TextLayout("ab\ncd", width: 10)
        let tokenizer = try StringTokenizer(storage: layout.storage, locale: "en", lineSource: layout)
        #expect(tokenizer.units(for: .line).ranges == [0..<2, 3..<5])
        #expect(
            tokenizer.position(from: TextPosition(offset: 0), toBoundary: .line, inDirection: .forward)
                == TextPosition(offset: 2))
        #expect(
            tokenizer.position(from: TextPosition(offset: 2), toBoundary: .line, inDirection: .forward)
                == TextPosition(offset: 3))
        // After a hard break the caret is on the next line whatever its affinity.
        #expect(layout.lineNumber(for: TextPosition(offset: 3, affinity: .upstream)) == 1)
    }

    @Test func linesFollowTheWidth() throws {
        let layout = try TextLayout("one two three", width: 8)
        let tokenizer = try StringTokenizer(storage: layout.storage, locale: "en", lineSource: layout)
        #expect(tokenizer.units(for: .line).ranges == [0..<8, 8..<13])
        let wide = layout.withWidth(20)
        let wideTokenizer = try StringTokenizer(storage: wide.storage, locale: "en", lineSource: wide)
        #expect(wideTokenizer.units(for: .line).ranges == [0..<13])
    }
}

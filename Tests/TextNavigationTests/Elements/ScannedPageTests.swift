import Testing
import TextNavigation

/// The scanned handwritten page: line rects given, not computed.
@Suite("Scanned page")
struct ScannedPageTests {
    /// Three handwritten lines at uneven places on a page image, in points.
    static func page() -> ScannedPage? {
        ScannedPage(lines: [
            ScannedPage.Line(text: "Dear Alice,", rect: Rect(x: 40, y: 100, width: 220, height: 40)),
            ScannedPage.Line(text: "the garden is lovely", rect: Rect(x: 30, y: 150, width: 400, height: 44)),
            ScannedPage.Line(text: "this year.", rect: Rect(x: 36, y: 204, width: 200, height: 40)),
        ])
    }

    @Test func linesAreTheGivenRects() throws {
        let page = try #require(Self.page())
        #expect(page.geometry.lines.map(\.rect) == page.pageLines.map(\.rect))
        #expect(page.content(forLineNumber: 1) == "the garden is lovely")
        #expect(page.lineNumber(at: Point(x: 100, y: 170)) == 1)
        #expect(page.lineNumber(at: Point(x: 100, y: 145)) == nil)  // between lines
        #expect(page.frame(forLineNumber: 2) == Rect(x: 36, y: 204, width: 200, height: 40))
    }

    @Test func tokenizerLinesComeFromThePage() throws {
        let page = try #require(Self.page())
        #expect(page.stringTokenizer.units(for: .line).ranges == [0..<11, 12..<32, 33..<43])
        #expect(
            page.tokenizer.position(from: TextPosition(offset: 14), toBoundary: .line, inDirection: .forward)
                == TextPosition(offset: 32))
    }

    @Test func clustersShareTheLineRect() throws {
        let page = try #require(Self.page())
        // "Dear Alice," is 11 cells across 220 points: 20 points each.
        #expect(page.caretRect(for: TextPosition(offset: 5)) == Rect(x: 140, y: 100, width: 0, height: 40))
        #expect(page.characterRange(at: Point(x: 145, y: 120)) == TextRange(5..<6))
        #expect(page.closestPosition(to: Point(x: 151, y: 110)) == TextPosition(offset: 6))
        let rects = page.selectionRects(for: TextRange(5..<20))
        #expect(
            rects.map(\.rect) == [
                Rect(x: 140, y: 100, width: 120, height: 40), Rect(x: 30, y: 150, width: 160, height: 44),
            ])
    }

    @Test func upAndDownMoveBetweenHandwrittenLines() throws {
        let page = try #require(Self.page())
        let down = try #require(page.position(from: TextPosition(offset: 5), in: .down, offset: 1))
        #expect(page.geometry.lineNumber(for: down) == 1)
        // x = 140 on line 1 (20 cells over 400 points): 5.5 cells in, nearest boundary 5 or 6.
        #expect(down == TextPosition(offset: 17) || down == TextPosition(offset: 18))
    }

    @Test func invalidPagesAreRejected() {
        #expect(ScannedPage(lines: []) == nil)
        #expect(
            ScannedPage(lines: [ScannedPage.Line(text: "a\nb", rect: Rect(x: 0, y: 0, width: 10, height: 10))]) == nil)
        // Overlapping rects.
        #expect(
            ScannedPage(lines: [
                ScannedPage.Line(text: "a", rect: Rect(x: 0, y: 0, width: 10, height: 10)),
                ScannedPage.Line(text: "b", rect: Rect(x: 0, y: 5, width: 10, height: 10)),
            ]) == nil)
    }
}

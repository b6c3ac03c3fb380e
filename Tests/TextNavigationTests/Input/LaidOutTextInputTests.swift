import Testing
import TextNavigation

@Suite("Laid-out text input")
struct LaidOutTextInputTests {
    @Test func upAndDownKeepTheCaretsX() throws {
        // Lines: "abcdef " / "ghijkl " / "mn"
        let input = try LaidOutTextInput("abcdef ghijkl mn", width: 7)
        let start = TextPosition(offset: 4)  // x = 4 on line 0
        let down = try #require(input.position(from: start, in: .down, offset: 1))
        #expect(down == TextPosition(offset: 11))
        // Line 2 is two cells long: the caret goes to its end, the nearest x.
        let bottom = try #require(input.position(from: start, in: .down, offset: 2))
        #expect(bottom == TextPosition(offset: 16))
        #expect(input.position(from: down, in: .up, offset: 1) == start)
        #expect(input.position(from: start, in: .up, offset: 1) == nil)
        #expect(input.position(from: bottom, in: .down, offset: 1) == nil)
    }

    @Test func rightIsBackwardInRightToLeftText() throws {
        let input = try LaidOutTextInput("שלום עולם", width: 40)
        let position = TextPosition(offset: 3)
        #expect(input.position(from: position, in: .right, offset: 1) == TextPosition(offset: 2))
        #expect(input.position(from: position, in: .left, offset: 1) == TextPosition(offset: 4))
        #expect(input.baseWritingDirection(for: position, in: .forward) == .rightToLeft)
        #expect(input.position(within: TextRange(2..<5), farthestIn: .right) == TextPosition(offset: 2))
    }

    @Test func offsetsCountGraphemeClusters() throws {
        // a 0..<1, thumbs up with skin tone 1..<5, e with acute 5..<7, b 7..<8.
        let input = try LaidOutTextInput("a👍🏽e\u{301}b", width: 40)
        #expect(input.position(from: TextPosition(offset: 0), offset: 2) == TextPosition(offset: 5))
        #expect(input.position(from: TextPosition(offset: 0), offset: 3) == TextPosition(offset: 7))
        #expect(input.position(from: TextPosition(offset: 0), offset: 5) == nil)
        #expect(input.offset(from: TextPosition(offset: 0), to: TextPosition(offset: 8)) == 4)
        #expect(input.offset(from: TextPosition(offset: 8), to: TextPosition(offset: 1)) == -3)
        // Inside the emoji's surrogate pair: the cluster's start stands for it.
        #expect(input.position(from: TextPosition(offset: 2), offset: 0) == TextPosition(offset: 1))
        #expect(input.caretRect(for: TextPosition(offset: 2)) == input.caretRect(for: TextPosition(offset: 1)))
        // A range ending inside the emoji reaches past it at its far end.
        #expect(input.position(within: TextRange(0..<2), farthestIn: .forward) == TextPosition(offset: 5))
    }

    @Test func extendingGoesToTheLineEdge() throws {
        let input = try LaidOutTextInput("hello world again", width: 12)
        let position = TextPosition(offset: 8)
        #expect(
            input.characterRange(byExtending: position, in: .right)
                == TextRange(position, TextPosition(offset: 12, affinity: .upstream)))
        #expect(input.characterRange(byExtending: position, in: .left) == TextRange(0..<8))
        #expect(input.characterRange(byExtending: position, in: .down) == TextRange(8..<17))
        #expect(input.characterRange(byExtending: position, in: .up) == TextRange(0..<8))
    }

    @Test func firstRectIsTheFirstLinesPart() throws {
        let input = try LaidOutTextInput("hello world again", width: 12)
        #expect(input.firstRect(for: TextRange(3..<14)) == Rect(x: 3, y: 0, width: 9, height: 1))
        #expect(input.firstRect(for: TextRange(14..<14)) == Rect(x: 2, y: 1, width: 0, height: 1))
    }

    @Test func readingContentByLineNumber() throws {
        let input = try LaidOutTextInput("hello world again", width: 12)
        #expect(input.content(forLineNumber: 0) == "hello world")
        #expect(input.content(forLineNumber: 1) == "again")
        #expect(input.content(forLineNumber: 2) == nil)
        #expect(input.frame(forLineNumber: 1) == Rect(x: 0, y: 1, width: 5, height: 1))
        #expect(input.lineNumber(at: Point(x: 3, y: 1.5)) == 1)
        // Past "again" on line 1 is empty space.
        #expect(input.lineNumber(at: Point(x: 8, y: 1.5)) == nil)
        #expect(input.lineNumber(at: Point(x: 3, y: 2.5)) == nil)
        #expect(input.pageContent == "hello world again")
    }

    @Test func closestPositionWithinARange() throws {
        let input = try LaidOutTextInput("hello world again", width: 12)
        #expect(input.closestPosition(to: Point(x: 0, y: 0.5), within: TextRange(3..<14)) == TextPosition(offset: 3))
        #expect(input.closestPosition(to: Point(x: 9, y: 1.5), within: TextRange(3..<14)) == TextPosition(offset: 14))
        #expect(input.characterRange(at: Point(x: 1.5, y: 1.2)) == TextRange(13..<14))
        #expect(input.characterRange(at: Point(x: 7.5, y: 1.2)) == nil)
    }

    @Test func relayoutMovesLinesNotPositions() throws {
        let input = try LaidOutTextInput("one two three four five six", width: 9)
        let log = SelectionLog()
        input.inputDelegate = log
        input.selectedTextRange = TextRange(8..<13)
        #expect(input.text(in: input.selectedTextRange!) == "three")
        #expect(input.stringTokenizer.units(for: .line).ranges == [0..<8, 8..<14, 14..<24, 24..<27])
        input.relayout(width: 14)
        #expect(input.stringTokenizer.units(for: .line).ranges == [0..<14, 14..<27])
        #expect(input.selectedTextRange == TextRange(8..<13))
        #expect(input.text(in: input.selectedTextRange!) == "three")
        #expect(input.caretRect(for: TextPosition(offset: 8)) == Rect(x: 8, y: 0, width: 0, height: 1))
        input.relayout(textScale: 2)
        #expect(input.layout.lineHeight == 2)
        #expect(input.caretRect(for: TextPosition(offset: 8)) == Rect(x: 0, y: 2, width: 0, height: 2))
        #expect(log.events == ["will nil", "did 8-13"])
    }
}

import Testing
import TextNavigation

/// Thirteen kana in columns of five (0..<5, 5..<10, 10..<13).
private func input(_ mode: WritingMode) throws -> LaidOutTextInput {
    let input = try LaidOutTextInput("あいうえおかきくけこさしす", locale: "ja", width: 10)
    input.writingMode = mode
    return input
}

@Suite("Vertical movement")
struct VerticalMovementTests {
    @Test func verticalRightToLeftNextLineIsLeft() throws {
        let input = try input(.verticalRightToLeft)
        #expect(input.geometry is VerticalLayout)
        let い = TextPosition(offset: 1)
        // Left is the next column, at the same height: き.
        #expect(input.position(from: い, in: .left, offset: 1)?.offset == 6)
        #expect(input.position(from: い, in: .left, offset: 2)?.offset == 11)
        #expect(input.position(from: TextPosition(offset: 6), in: .right, offset: 1)?.offset == 1)
        #expect(input.position(from: い, in: .right, offset: 1) == nil)
        // Down and up go along the column.
        #expect(input.position(from: い, in: .down, offset: 1)?.offset == 2)
        #expect(input.position(from: い, in: .up, offset: 1)?.offset == 0)
        // The next column's x is left of this one's.
        let here = try #require(input.caretRect(for: い))
        let next = try #require(input.caretRect(for: TextPosition(offset: 6)))
        #expect(next.midX < here.midX)
        #expect(next.midY == here.midY)
    }

    @Test func verticalLeftToRightNextLineIsRight() throws {
        let input = try input(.verticalLeftToRight)
        let い = TextPosition(offset: 1)
        #expect(input.position(from: い, in: .right, offset: 1)?.offset == 6)
        #expect(input.position(from: TextPosition(offset: 6), in: .left, offset: 1)?.offset == 1)
        #expect(input.position(from: い, in: .left, offset: 1) == nil)
        #expect(input.position(from: い, in: .down, offset: 1)?.offset == 2)
    }

    @Test func farthestAndExtendingFollowTheColumns() throws {
        let input = try input(.verticalRightToLeft)
        let range = TextRange(2..<7)
        #expect(input.position(within: range, farthestIn: .down)?.offset == 7)
        #expect(input.position(within: range, farthestIn: .up)?.offset == 2)
        #expect(input.position(within: range, farthestIn: .left)?.offset == 7)
        // Down extends to the column's foot, up to the text's start (as right and up do in
        // horizontal text).
        #expect(
            input.characterRange(byExtending: TextPosition(offset: 6), in: .down)
                == TextRange(6..<10, endAffinity: .upstream))
        #expect(input.characterRange(byExtending: TextPosition(offset: 6), in: .left) == TextRange(6..<13))
    }

    @Test func horizontalMovementIsUnchanged() throws {
        let input = try input(.horizontalTopToBottom)
        #expect(input.geometry is TextLayout)
        #expect(input.position(from: TextPosition(offset: 1), in: .down, offset: 1)?.offset == 6)
        #expect(input.position(from: TextPosition(offset: 1), in: .right, offset: 1)?.offset == 2)
    }
}

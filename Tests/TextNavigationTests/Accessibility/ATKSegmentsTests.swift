import Testing
import TextNavigation

@testable import TextNavigationAccessibility

/// ATK's boundary conventions over a tokenizer's units, and the character map.
struct ATKSegmentsTests {
    /// "foo bar." with word starts 0 and 4: at, before and after by ATK's rules.
    @Test func wordStarts() {
        let segments = ATKSegments(boundaries: [0, 4], length: 8)
        #expect(segments.boundaries == [0, 4, 8])
        #expect(segments.segment(at: 0) == 0..<4)
        #expect(segments.segment(at: 3) == 0..<4)  // in the gap: the word before, with its space
        #expect(segments.segment(at: 4) == 4..<8)
        #expect(segments.segment(at: 8) == 4..<8)  // the end: the last segment
        #expect(segments.segment(before: 5) == 0..<4)
        #expect(segments.segment(before: 2) == 0..<0)
        #expect(segments.segment(after: 1) == 4..<8)
        #expect(segments.segment(after: 6) == 8..<8)
    }

    @Test func charactersAreEmptyAtTheEnd() {
        let segments = ATKSegments(boundaries: [0, 1, 2, 3], length: 3, isCharacter: true)
        #expect(segments.segment(at: 2) == 2..<3)
        #expect(segments.segment(at: 3) == nil)
        #expect(segments.segment(before: 3) == 2..<3)
        #expect(segments.segment(after: 2) == 3..<3)
    }

    @Test func outOfRangeAndEmpty() {
        let segments = ATKSegments(boundaries: [0, 9, -3, 4, 4], length: 6)
        #expect(segments.boundaries == [0, 4, 6])
        #expect(segments.segment(at: -1) == nil)
        #expect(segments.segment(at: 7) == nil)
        #expect(segments.segment(before: 7) == nil)
        #expect(segments.segment(after: -1) == nil)
        let empty = ATKSegments(boundaries: [], length: 0)
        #expect(empty.segment(at: 0) == nil)
        #expect(empty.segment(before: 0) == 0..<0)
        #expect(empty.segment(after: 0) == 0..<0)
    }

    /// Surrogate pairs: UTF-16 offsets and character offsets differ after them.
    @Test func codePointMap() {
        let map = CodePointMap(TextStorage("a😀b"))
        #expect(map.utf16Count == 4)
        #expect(map.scalarCount == 3)
        #expect((0...3).map(map.utf16Offset) == [0, 1, 3, 4])
        #expect((0...4).map(map.scalarOffset) == [0, 1, 1, 2, 3])
        #expect(map.utf16Offset(9) == 4)
        let plain = CodePointMap(TextStorage("abc"))
        #expect(plain.scalarOffset(2) == 2 && plain.utf16Offset(3) == 3)
    }
}

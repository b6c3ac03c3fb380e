import Testing
import TextNavigation

/// An element whose lines a backend laid out itself: ranges with rects and each cluster's
/// advance, with text between lines skipped (a soft hyphen the backend hides, a running header
/// it does not draw). It reads, navigates and selects as a scanned page does.
@Suite struct BackendLinesTests {
    /// "wonder\u{AD}land is here" drawn as "wonder-" / "land is here", the soft hyphen hidden,
    /// then "[header]" skipped, then "the end." on a third line.
    static let text = TextStorage("wonder\u{AD}land is here[header]the end.")

    static func element() throws -> ScannedPage {
        // Each cluster's advance as the backend's renderer drew it: 7.5 points a letter, 3 a space.
        func advances(_ string: String) -> [Double] { string.map { $0 == " " ? 3 : 7.5 } }
        let lines = [
            FixedLineGeometry.Line(
                range: 0..<6, rect: Rect(x: 10, y: 0, width: 45, height: 16), advances: advances("wonder")),
            FixedLineGeometry.Line(
                range: 7..<19, rect: Rect(x: 10, y: 16, width: 81, height: 16), advances: advances("land is here")),
            FixedLineGeometry.Line(
                range: 27..<35, rect: Rect(x: 10, y: 32, width: 55.5, height: 16), advances: advances("the end.")),
        ]
        return try #require(
            ScannedPage(
                text: text, lines: lines,
                customActions: [CustomAction(name: "Look up", category: .edit) { $0 != nil }],
                customContent: [CustomContent(label: "Source", value: "the backend's layout")]))
    }

    @Test func caretsStandWhereTheBackendDrewEachCluster() throws {
        let element = try Self.element()
        // "land is " is 6 letters and 2 spaces: 10 + 45 + 6 = 61.
        #expect(element.caretRect(for: TextPosition(offset: 15)) == Rect(x: 61, y: 16, width: 0, height: 16))
        #expect(element.closestPosition(to: Point(x: 62, y: 20)) == TextPosition(offset: 15))
        #expect(element.characterRange(at: Point(x: 14, y: 40)) == TextRange(27..<28))
        // "is": after "land " (4 letters and a space), two letters wide.
        let word = element.selectionRects(for: TextRange(12..<14)).map(\.rect)
        #expect(word == [Rect(x: 10 + 30 + 3, y: 16, width: 15, height: 16)])
    }

    @Test func skippedTextBelongsToNoLineAndTakesNoRoom() throws {
        let element = try Self.element()
        #expect(element.stringTokenizer.units(for: .line).ranges == [0..<6, 7..<19, 27..<35])
        // The soft hyphen and the header sit at their lines' ends, zero wide.
        #expect(element.caretRect(for: TextPosition(offset: 6)) == Rect(x: 55, y: 0, width: 0, height: 16))
        #expect(element.selectionRects(for: TextRange(6..<7)).map(\.rect) == [Rect(x: 55, y: 0, width: 0, height: 16)])
        #expect(element.selectionRects(for: TextRange(19..<27)).allSatisfy { $0.rect.width == 0 })
        #expect(element.content(forLineNumber: 1) == "land is here")
    }

    @Test func readsByLineAndWordAndSelectsLikeAScannedPage() throws {
        let element = try Self.element()
        let document = Document(pages: [[element]])
        let lines = BackendDocumentTests.spoken(ReadingSession(document: document, granularity: .line))
        #expect(lines == ["wonder", "land is here", "the end.", "end"])
        let words = BackendDocumentTests.spoken(ReadingSession(document: document, granularity: .word))
        // Skipped text is still the element's text: only its lines and geometry leave it out.
        #expect(words.prefix(4) == ["wonder\u{AD}land", "is", "here", "header"])
        let input = element.makeTextInput()
        input.selectedTextRange = TextRange(7..<11)
        #expect(input.text(in: TextRange(7..<11)) == "land")
        #expect(element.customActions.map(\.name) == ["Look up"])
        #expect(input.customContent.map(\.label) == ["Source"])
    }

    @Test func linesThatOverlapOrDoNotFitAreRefused() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        let below = Rect(x: 0, y: 10, width: 10, height: 10)
        let text = TextStorage("abcdef")
        #expect(
            FixedLineGeometry(
                storage: text, lines: [.init(range: 0..<4, rect: rect), .init(range: 3..<6, rect: below)]) == nil)
        #expect(FixedLineGeometry(storage: text, lines: [.init(range: 0..<7, rect: rect)]) == nil)
        #expect(FixedLineGeometry(storage: text, lines: [.init(range: 0..<3, rect: rect, advances: [1, 2])]) == nil)
        #expect(
            FixedLineGeometry(storage: text, lines: [.init(range: 0..<3, rect: rect, advances: [1, -2, 1])]) == nil)
        #expect(
            FixedLineGeometry(
                storage: text, lines: [.init(range: 0..<3, rect: below), .init(range: 3..<6, rect: rect)]) == nil)
        #expect(FixedLineGeometry(storage: text, lines: [.init(range: 1..<3, rect: rect)]) != nil)
    }
}

import SeededRandom
import Testing
import TextNavigation
import TextNavigationBooks

/// Random text made of the loader's markup and its neighbours (emphasis underscores, Aozora
/// brackets, base marks, notes, the colophon, indentation, wrapped and short lines, chapter
/// lines) loads without failing, and every character of every paragraph still stands at the
/// bytes its source map gives: what is left out is left out whole, and nothing else moves.
@Suite struct MarkupPropertyTests {
    static let alphabet: [String] = [
        "_", "__", " _", "_ ", "a", "word", "Word", "snake_case", " ", "    ", "\n", "\n\n", "\r\n", "\n     ",
        "《", "》", "｜", "［＃", "］", "《かな》", "漢字", "かな", "易", "底本：", "第一回", "　", "。", ".", "“", "”",
        "(", ")", "é", "😀", "CHAPTER I.", "# ", "\u{0C}",
        " a long line of prose that goes on well past the middle of the page and on",
    ]

    @Test func randomMarkupKeepsTheSourceMapTrue() throws {
        var random = SplitMix64(seed: 0x13_5EED)
        var paragraphs = 0
        var droppedMarks = 0
        var droppedReadings = 0
        for sample in 0..<1500 {
            let count = Int.random(in: 1...40, using: &random)
            let text = (0..<count).map { _ in Self.alphabet.randomElement(using: &random)! }.joined()
            let source = Array(text.utf8)
            let book = try PlainTextBook(bytes: source)
            let texts = book.paragraphs.map(\.text.string).joined()
            droppedMarks += text.count { $0 == "_" } - texts.count { $0 == "_" }
            droppedReadings += text.count { $0 == "《" } - texts.count { $0 == "《" }
            for paragraph in book.paragraphs {
                paragraphs += 1
                let units = paragraph.text
                let wraps = Set(paragraph.sourceMap.anchors.filter(\.isSoftWrap).map(\.paragraphOffset))
                var offset = 0
                while offset < units.count {
                    guard let scalar = units.scalar(at: offset),
                        let byte = paragraph.sourceMap.byteOffset(forUTF16Offset: offset, in: units),
                        byte >= 0, byte + scalar.utf8.count <= source.count
                    else {
                        Issue.record("sample \(sample): no byte for offset \(offset) of \(text.debugDescription)")
                        break
                    }
                    if wraps.contains(offset) {
                        #expect(source[byte] == 0x0A || source[byte] == 0x0D, "sample \(sample)")
                    } else {
                        #expect(
                            Array(source[byte..<(byte + scalar.utf8.count)]) == Array(String(scalar).utf8),
                            "sample \(sample): \(text.debugDescription)")
                    }
                    offset += scalar.utf16.count
                }
            }
        }
        #expect(paragraphs > 3000)
        // Some markup was left out (so the maps were tried across gaps), not all of it.
        #expect(droppedMarks > 100, "\(droppedMarks) emphasis marks left out")
        #expect(droppedReadings > 20, "\(droppedReadings) readings left out")
    }
}

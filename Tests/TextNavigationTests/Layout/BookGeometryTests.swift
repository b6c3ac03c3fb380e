import Testing
import TextNavigation

/// Geometry invariants over real books at several widths: the generic ``TextInput`` contract
/// (see `expectTextInputConformance`) at every caret position of every sampled paragraph.
///
/// Paragraphs are split at blank lines, keeping the books' own line breaks (and Rashomon's CR
/// LF) inside them. To keep debug builds quick, Alice is sampled: every 3rd paragraph. Rashomon
/// and the Arabic declaration are checked whole. That is the full sweep (`READALOUD_FULL_TESTS=1`,
/// as CI runs); by default every 4th of those paragraphs is checked.
@Suite("Book geometry invariants")
struct BookGeometryTests {
    struct Book: Sendable, CustomTestStringConvertible {
        let path: String
        let locale: String
        let widths: [Double]
        /// Every how many paragraphs one is checked in the full sweep.
        let paragraphStride: Int

        /// Every how many paragraphs one is checked in this run.
        var stride: Int { FullTests.isRequested ? paragraphStride : paragraphStride * 4 }

        var testDescription: String { path }
    }

    static let books = [
        Book(path: "Books/alice-in-wonderland.txt", locale: "en", widths: [12, 37, 80], paragraphStride: 3),
        Book(path: "Books/rashomon.txt", locale: "ja", widths: [10, 24, 60], paragraphStride: 1),
        Book(path: "Books/udhr-arabic.txt", locale: "ar", widths: [15, 40, 72], paragraphStride: 1),
    ]

    /// The book's paragraphs: runs of non-blank lines, joined by the book's own line break
    /// (LF, or CR LF for the Aozora Bunko texts).
    static func paragraphs(_ path: String) throws -> [String] {
        let text = try Fixtures.text(path)
        let lineBreak = text.contains("\r\n") ? "\r\n" : "\n"
        var paragraphs: [String] = []
        var current: [Substring] = []
        // "\r\n" is one Character, so split on Character.isNewline.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { paragraphs.append(current.joined(separator: lineBreak)) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: lineBreak)) }
        return paragraphs
    }

    @Test(arguments: books)
    func everyCaretPositionAtEveryWidth(book: Book) throws {
        let paragraphs = try Self.paragraphs(book.path)
        #expect(paragraphs.count > 5)
        for (index, paragraph) in paragraphs.enumerated() where index % book.stride == 0 {
            let input = try LaidOutTextInput(paragraph, locale: book.locale, width: book.widths[0])
            var caretOffsets: Set<Int>?
            for width in book.widths {
                input.relayout(width: width)
                expectTextInputConformance(input, width: width, "\(book.path) ¶\(index) at width \(width)")
                // A width change moves lines, never positions: the same caret offsets.
                let offsets = Set(
                    (0..<input.layout.lineCount).flatMap { line in
                        input.layout.clusterFrames(inLine: line).map(\.range.lowerBound)
                    })
                if let caretOffsets {
                    #expect(offsets == caretOffsets, "\(book.path) ¶\(index): positions moved at width \(width)")
                }
                caretOffsets = offsets
            }
        }
    }

    @Test func arabicParagraphsAreRightToLeft() throws {
        let paragraphs = try Self.paragraphs("Books/udhr-arabic.txt")
        try #require(paragraphs.count > 3)
        let layout = try TextLayout(paragraphs[3], locale: "ar", width: 40)
        #expect(layout.lines.allSatisfy { $0.baseWritingDirection == .rightToLeft })
        // Right-to-left lines end at the right edge (the trailing space hangs to the left).
        #expect(
            layout.lines.allSatisfy { line in
                let frames = layout.clusterFrames(inLine: line.index)
                let visible = frames.filter { $0.range.upperBound <= line.trimmedRange.upperBound }
                return visible.map(\.frame.maxX).max() == 40
            })
    }

    @Test func japaneseLinesFillTheirCells() throws {
        let paragraphs = try Self.paragraphs("Books/rashomon.txt")
        let paragraph = try #require(paragraphs.first { $0.utf16.count > 200 })
        let layout = try TextLayout(paragraph, locale: "ja", width: 24)
        // Every cluster of a Japanese line is 2 cells: 12 per line of 24, fewer only where a
        // line ends at a hard break, before a character that may not start a line, or last.
        let full = layout.lines.filter { $0.rect.width == 24 }
        #expect(full.count * 2 > layout.lineCount)
        #expect(layout.lines.allSatisfy { $0.rect.width <= 24 })
    }
}

import Testing
import TextNavigation

/// A sample book from `Books/`, read as it is on disk (CR LF line ends and hard wraps kept) into
/// one UTF-16 buffer, and split into paragraphs at blank lines: each paragraph is a range of
/// that buffer, as a document's elements are.
struct BookFixture: Sendable, CustomTestStringConvertible {
    /// The path from the repository root, such as `Books/rashomon.txt`.
    let path: String
    /// The locale the book is tokenized with.
    let locale: String
    /// How many paragraphs the split below finds (pinned, so a broken split cannot pass
    /// vacuously).
    let paragraphCount: Int
    /// Whether the book has clusters of more than one code unit (CR LF, combining marks).
    let hasMultiUnitClusters: Bool

    var testDescription: String { "\(path) (\(locale))" }

    static let all = [
        BookFixture(
            path: "Books/alice-in-wonderland.txt", locale: "en", paragraphCount: 817,
            hasMultiUnitClusters: false),
        BookFixture(
            path: "Books/rashomon.txt", locale: "ja", paragraphCount: 7, hasMultiUnitClusters: true),
        BookFixture(
            path: "Books/udhr-arabic.txt", locale: "ar", paragraphCount: 92, hasMultiUnitClusters: true),
    ]

    /// The book's paragraphs: the runs of lines between blank lines (lines of white space
    /// only), each without its last line's terminator; the lines inside keep theirs.
    func paragraphs() throws -> [TextStorage] {
        let text = try Fixtures.text(path)
        let units = Array(text.utf16)
        let buffer = UTF16Buffer(text)
        var ranges: [Range<Int>] = []
        var paragraphStart: Int?
        var contentEnd = 0
        var lineStart = 0
        while lineStart <= units.count {
            let lineEnd = units[lineStart...].firstIndex(of: 0x0A) ?? units.count
            let end = lineEnd > lineStart && units[lineEnd - 1] == 0x0D ? lineEnd - 1 : lineEnd
            let isBlank = units[lineStart..<end].allSatisfy {
                Unicode.Scalar($0)?.properties.isWhitespace ?? false
            }
            if isBlank {
                if let start = paragraphStart { ranges.append(start..<contentEnd) }
                paragraphStart = nil
            } else {
                paragraphStart = paragraphStart ?? lineStart
                contentEnd = end
            }
            lineStart = lineEnd + 1
        }
        if let start = paragraphStart { ranges.append(start..<contentEnd) }
        #expect(ranges.count == paragraphCount, "\(path): paragraphs")
        return ranges.map { TextStorage(buffer: buffer, range: $0) }
    }
}

import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// A book's ruby readings are packed in one table: looked up by paragraph, they are the
/// readings in text order, and a densely marked novel's take a few bytes each beyond their text.
@Suite struct RubyTableTests {
    /// A table of `readings` (paragraph, base range, reading), added in order.
    static func table(_ readings: [(Int, Range<Int>, String)]) -> RubyTable {
        var table = RubyTable()
        for (paragraph, range, reading) in readings {
            Array(reading.utf8).withUnsafeBufferPointer {
                table.append(paragraph: paragraph, range: range, reading: $0)
            }
        }
        return table
    }

    @Test func eachParagraphGivesItsReadingsInOrderAndOthersNone() {
        let table = Self.table([(0, 0..<2, "やまみち"), (3, 1..<2, "は"), (3, 4..<7, "きりぎりす"), (9, 0..<1, "a")])
        #expect(table[0] == [RubyAnnotation(range: 0..<2, reading: "やまみち")])
        #expect(
            table[3] == [RubyAnnotation(range: 1..<2, reading: "は"), RubyAnnotation(range: 4..<7, reading: "きりぎりす")])
        #expect(table[9] == [RubyAnnotation(range: 0..<1, reading: "a")])
        for paragraph in [-1, 1, 2, 4, 8, 10] { #expect(table[paragraph].isEmpty) }
        #expect(RubyTable()[0].isEmpty)
    }

    @Test func joinedTablesCountTheirParagraphsFromTheirFirsts() {
        let first = Self.table([(0, 0..<1, "いち"), (2, 1..<3, "に")])
        let second = Self.table([(0, 2..<4, "さん"), (1, 0..<1, "し")])
        let joined = RubyTable(joining: [first, RubyTable(), second], firsts: [0, 3, 3])
        #expect(joined[0] == first[0])
        #expect(joined[2] == first[2])
        #expect(joined[3] == second[0])
        #expect(joined[4] == second[1])
        #expect(joined[1].isEmpty && joined[5].isEmpty)
        #expect(joined.byteCount == first.byteCount + second.byteCount)
    }

    @Test func kokorosReadingsTakeTwelveBytesEachBeyondTheirText() throws {
        let book = try PlainTextBook(bytes: try BookDocuments.bytes("kokoro.txt"))
        let all = book.paragraphs.flatMap(\.rubyAnnotations)
        let paragraphs = book.paragraphs.filter { !$0.rubyAnnotations.isEmpty }.count
        #expect(all.count > 4_000)
        // As values (a range and a String, 32 bytes, in an array a paragraph, in a dictionary
        // entry) they took over 40 bytes each.
        let text = all.reduce(0) { $0 + $1.reading.utf8.count }
        #expect(book.paragraphs.rubyAnnotations.byteCount == all.count * 12 + paragraphs * 8 + text)
    }
}

import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

/// Chinese chapter lines whatever their numerals: zero written 〇 (U+3007) or ○ (U+25CB), as
/// a novel numbers its chapters digit by digit (第一○回 for 10, 第一○○回 for 100), and 十, 百, 千,
/// 廿, 卅, 兩, ASCII digits (a one-digit number too: 第1章) and full-width digits.
@Suite struct ChapterNumeralTests {
    static func kinds(_ book: PlainTextBook) -> [String] {
        book.paragraphs.map { "\($0.kind == .heading ? "H" : "B"):\($0.text.string)" }
    }

    /// Every chapter line of Project Gutenberg's 西遊記 (#23962), as the file writes them
    /// (`Tests/Fixtures/books/xiyouji-chapter-lines.txt`), is a heading in a book laid out as
    /// that file is: blank lines around each chapter line, the text hard-wrapped at 35
    /// characters. Ten of them (第一○回 … 第九○回, 第一○○回) count with ○.
    @Test func everyChapterLineOfJourneyToTheWestIsAHeading() throws {
        let chapterLines = try Fixtures.text("Tests/Fixtures/books/xiyouji-chapter-lines.txt")
            .split(separator: "\n").map(String.init)
        #expect(chapterLines.count == 100)
        #expect(chapterLines.filter { $0.contains("\u{25CB}") }.count == 10)
        let body = "話表美猴王得了姓名，怡然踴躍，對菩提前作禮啟謝。那祖師即命大眾引孫悟空\n出二門外，教他灑掃應對、進退周旋之節。"
        let text = chapterLines.map { "\n\n\n\n\($0)\n\n\(body)\n" }.joined()
        let book = try PlainTextBook(text)
        let headings = book.paragraphs.filter { $0.kind == .heading }.map(\.text.string)
        #expect(headings == chapterLines.map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(book.paragraphs.count == 200)
    }

    /// Zero either way, and the other numerals, in a chapter line alone or with its title; a
    /// sentence that starts with one is still prose.
    @Test func zeroWrittenEitherWayAndTheOtherNumerals() throws {
        let lines = [
            "第一〇回", "第一○回", "第二○回　黃風嶺唐僧有難　半山中八戒爭先", "第一○○回", "第一〇一回", "第廿回", "第卅一回", "第兩百回",
            "第一千零一回", "第十四回", "第一百二十回", "第１０回", "第10章", "第1章",
        ]
        let book = try PlainTextBook((lines + ["第一○回說的是涇河龍王。"]).joined(separator: "\n\n"))
        #expect(Self.kinds(book) == lines.map { "H:\($0)" } + ["B:第一○回說的是涇河龍王。"])
    }
}

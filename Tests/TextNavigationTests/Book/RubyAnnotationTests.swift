import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

/// Aozora Bunko ruby readings, which the text leaves out, kept as annotations of their base text.
@Suite struct RubyAnnotationTests {
    static func annotations(_ paragraph: PlainTextBook.Paragraph) -> [String] {
        let text = Array(paragraph.text.string.utf16)
        return paragraph.rubyAnnotations.map { ruby in
            let base = ruby.range.upperBound <= text.count ? text[ruby.range] : []
            return "\(String(decoding: base, as: UTF16.self))=\(ruby.reading)"
        }
    }

    @Test func aReadingAnnotatesTheKanjiBeforeItOrTheTextFromItsBaseMark() throws {
        let book = try PlainTextBook("　所々｜丹塗《にぬり》の剥《は》げた円柱［＃「円柱」に傍点］に、蟋蟀《きりぎりす》が一匹。｜北の国《きたのくに》へ\r\n")
        #expect(book.paragraphs.count == 1)
        guard let paragraph = book.paragraphs.first else { return }
        #expect(paragraph.text.string == "所々丹塗の剥げた円柱に、蟋蟀が一匹。北の国へ")
        #expect(Self.annotations(paragraph) == ["丹塗=にぬり", "剥=は", "蟋蟀=きりぎりす", "北の国=きたのくに"])
        #expect(paragraph.rubyAnnotations.first?.range == 2..<4)
    }

    @Test func offsetsCountFromEachParagraphsStart() throws {
        let book = try PlainTextBook("（例）下人《げにん》\r\n\r\n一人の下人《げにん》が、［＃「下人」に傍点］\r\n")
        #expect(book.paragraphs.map(\.text.string) == ["（例）下人", "一人の下人が、"])
        #expect(book.paragraphs.map { $0.rubyAnnotations.map(\.range) } == [[3..<5], [3..<5]])
    }

    @Test func textWithoutAozoraMarkupHasNoAnnotations() throws {
        let book = try PlainTextBook("Plain text.\n\n山路を行く。\n\n《易》曰：「大哉乾元！」\n")
        #expect(book.paragraphs.allSatisfy { $0.rubyAnnotations.isEmpty })
        // A Chinese book title in 《》 is text, not a reading.
        #expect(book.paragraphs.last?.text.string == "《易》曰：「大哉乾元！」")
    }

    @Test func rashomonKeepsEveryReadingOnKanji() throws {
        let path = Fixtures.repositoryRoot.appendingPathComponent("Books/rashomon.txt").path
        let book = try PlainTextBook(contentsOf: path)
        let all = book.paragraphs.flatMap { paragraph in
            paragraph.rubyAnnotations.map { (paragraph, $0) }
        }
        // Rashōmon marks its rare kanji: over a hundred readings, each on a non-empty base inside its
        // paragraph, in order, read in kana.
        #expect(all.count > 100)
        for (paragraph, ruby) in all {
            #expect(!ruby.range.isEmpty && ruby.range.upperBound <= paragraph.text.count)
            #expect(!ruby.reading.isEmpty && !ruby.reading.contains("《"))
        }
        let words = Set(book.paragraphs.flatMap(Self.annotations))
        #expect(words.contains("下人=げにん"))
    }
}

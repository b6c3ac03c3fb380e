import Testing
import TextNavigation
import TextNavigationBooks

/// The plain-text loader's reading rules, and its map back to the file's bytes.
@Suite struct PlainTextBookTests {
    static func texts(_ book: PlainTextBook) -> [String] { book.paragraphs.map(\.text.string) }

    @Test func blankLinesSeparateParagraphsAndSingleBreaksAreSoftWraps() throws {
        let book = try PlainTextBook("The rabbit ran\ndown the hole.\n\n\nAlice  \nfollowed.\n")
        #expect(book.isHardWrapped)
        #expect(Self.texts(book) == ["The rabbit ran down the hole.", "Alice followed."])
    }

    @Test func lineEndsOfEveryKindAndALeadingBOM() throws {
        let book = try PlainTextBook(bytes: [0xEF, 0xBB, 0xBF] + Array("One\r\ntwo\r\n\r\nThree\rfour\r\rFive".utf8))
        #expect(Self.texts(book) == ["One two", "Three four", "Five"])
    }

    @Test func eastAsianWideCharactersJoinWithoutASpace() throws {
        let book = try PlainTextBook("中文的句\n子。\n\nMixed 中\nEnglish")
        #expect(Self.texts(book) == ["中文的句子。", "Mixed 中 English"])
    }

    /// Short indented lines (verse) are paragraphs of their own, and so is the line after them.
    @Test func indentedLinesStartNewParagraphs() throws {
        let book = try PlainTextBook("A poem:\n    How doth the little\n    crocodile improve\nAfter.")
        #expect(Self.texts(book) == ["A poem:", "How doth the little", "crocodile improve", "After."])
    }

    @Test func headingsFromMarkdownAndChapterLines() throws {
        let book = try PlainTextBook(
            "# The Title\n\nCHAPTER I.\nDown the Rabbit-Hole\n\nText here.\n\nChapter 12. Loomings\n\nMore text.\n\nCHAPTER II. is mentioned\nin a sentence that goes on."
        )
        let kinds = book.paragraphs.map { "\($0.kind == .heading ? "H" : "B"):\($0.text.string)" }
        #expect(
            kinds == [
                "H:The Title", "H:CHAPTER I.", "H:Down the Rabbit-Hole", "B:Text here.", "H:Chapter 12. Loomings",
                "B:More text.", "B:CHAPTER II. is mentioned in a sentence that goes on.",
            ])
    }

    /// Chinese and Japanese chapter lines standing alone are headings, as `CHAPTER I.` is; a
    /// sentence that starts with an ordinal is not.
    @Test func chineseAndJapaneseChapterLinesAreHeadings() throws {
        let book = try PlainTextBook(
            "第一回　靈根育孕源流出　心性修持大道生\n\n詩曰：混沌未分天地亂。\n\n第三十五回\n\n外道施威欺正性。\n\n第一章\n\n本文です。\n\n第12話 再会\n\n第一回說的是花果山。\n\n第一章　はじめに。\n"
        )
        let kinds = book.paragraphs.map { "\($0.kind == .heading ? "H" : "B"):\($0.text.string)" }
        #expect(
            kinds == [
                "H:第一回　靈根育孕源流出　心性修持大道生", "B:詩曰：混沌未分天地亂。", "H:第三十五回", "B:外道施威欺正性。", "H:第一章", "B:本文です。",
                "H:第12話 再会", "B:第一回說的是花果山。", "B:第一章　はじめに。",
            ])
    }

    @Test func aFormFeedStartsAPage() throws {
        let book = try PlainTextBook("Page one.\n\u{0C}\nPage two.\n")
        #expect(Self.texts(book) == ["Page one.", "Page two."])
        #expect(book.paragraphs.map(\.startsPage) == [false, true])
        let document = Document(book: book, layout: PageLayout(width: 70, linesPerPage: 30))
        #expect(document.pageCount == 2)
    }

    @Test func oneLinePerParagraphWhenLinesAreLong() throws {
        let long = String(repeating: "word ", count: 40)
        let book = try PlainTextBook("\(long)one\n\(long)two\n\(long)three\n")
        #expect(!book.isHardWrapped)
        #expect(book.paragraphs.count == 3)
    }

    @Test func aozoraRubyAndNotesAreLeftOut() throws {
        let book = try PlainTextBook("　所々｜丹塗《にぬり》の剥《は》げた円柱［＃「円柱」に傍点］に、蟋蟀《きりぎりす》が一匹。\r\n")
        #expect(Self.texts(book) == ["所々丹塗の剥げた円柱に、蟋蟀が一匹。"])
    }

    /// `《…》` is a ruby reading only in an Aozora-style file (one with an editor's note `［＃…］`
    /// or the colophon's `底本：`), and only where it is a reading; Chinese book titles are text.
    @Test func bookTitleBracketsAreText() throws {
        let chinese = try PlainTextBook("子曰：「《易》曰：『大哉乾元！』」\n《詩》云：「周雖舊邦，其命維新。」\n\n讀《論語》、《孟子》。\n")
        #expect(Self.texts(chinese) == ["子曰：「《易》曰：『大哉乾元！』」《詩》云：「周雖舊邦，其命維新。」", "讀《論語》、《孟子》。"])
        let colophon = try PlainTextBook("讀《論語》、｜《孟子》。\n\n底本：四部叢刊本\n")
        #expect(Self.texts(colophon) == ["讀《論語》、｜《孟子》。", "底本：四部叢刊本"])
        let aozora = try PlainTextBook("［＃注］彼は下人《げにん》で、それは《かな》だ。《羅生門》を読む。｜を書く。\r\n")
        #expect(Self.texts(aozora) == ["彼は下人で、それは《かな》だ。《羅生門》を読む。｜を書く。"])
    }

    /// Books/rashomon.txt (Aozora Bunko) still leaves out every reading, base mark and note: the
    /// only `《`, `》` and `｜` left are those its legend shows as marks.
    @Test func rashomonStillLeavesOutItsReadings() throws {
        let texts = Self.texts(try PlainTextBook(contentsOf: "Books/rashomon.txt"))
        let text = texts.joined(separator: "\n")
        #expect(text.contains("ある日の暮方の事である。一人の下人が、羅生門の下で雨やみを待っていた。"))
        #expect(text.contains("ただ、所々丹塗の剥げた、大きな円柱に、蟋蟀が一匹とまっている。"))
        #expect(!text.contains("［＃"))
        #expect(texts.filter { $0.contains("《") || $0.contains("》") } == ["《》：ルビ"])
        #expect(texts.filter { $0.contains("｜") } == ["｜：ルビの付く文字列の始まりを特定する記号"])
        #expect(texts.contains("（例）下人"))
    }

    @Test func theSourceMapLeadsBackToTheFilesBytes() throws {
        let source = Array("\u{FEFF}Ｉt's  a ｜漢字《かんじ》［＃注］ test\r\nof the 😀 map.\r\n\r\n  Second\r\n".utf8)
        let book = try PlainTextBook(bytes: source)
        for paragraph in book.paragraphs {
            let text = paragraph.text
            var offset = 0
            while offset < text.count {
                let scalar = text.scalar(at: offset)!
                let byte = try #require(paragraph.sourceMap.byteOffset(forUTF16Offset: offset, in: text))
                if scalar == " ",
                    paragraph.sourceMap.anchors.contains(where: { $0.isSoftWrap && $0.paragraphOffset == offset })
                {
                    #expect(source[byte] == 0x0D || source[byte] == 0x0A)
                } else {
                    // The scalar's UTF-8 bytes stand at that offset in the file.
                    #expect(Array(source[byte..<(byte + scalar.utf8.count)]) == Array(String(scalar).utf8))
                }
                offset += scalar.utf16.count
            }
            #expect(paragraph.sourceMap.byteOffset(forUTF16Offset: text.count + 1, in: text) == nil)
        }
        #expect(Self.texts(book) == ["Ｉt's  a 漢字 test of the 😀 map.", "Second"])
    }

    @Test(arguments: [
        ([0xC3, 0x28] as [UInt8], 0),
        ([0x61, 0xE2, 0x82] as [UInt8], 1),
        ([0x61, 0x62, 0xED, 0xA0, 0x80] as [UInt8], 2),
        ([0xF0, 0x82, 0x82, 0xAC] as [UInt8], 0),
        ([0x61, 0x80] as [UInt8], 1),
        ([0xF4, 0x90, 0x80, 0x80] as [UInt8], 0),
    ])
    func invalidUTF8IsReportedWithItsByteOffset(bytes: [UInt8], offset: Int) {
        #expect {
            try PlainTextBook(bytes: bytes)
        } throws: { error in
            guard let error = error as? BookLoadingError, error.code == .invalidUTF8 else { return false }
            return error.byteOffset == offset
        }
        let lossy = try? PlainTextBook(bytes: bytes, options: .init(lossy: true))
        #expect(lossy?.paragraphs.first?.text.string.contains("\u{FFFD}") == true)
    }

    @Test func emptyAndBinaryInputAreErrors() {
        #expect(throws: BookLoadingError.empty) { try PlainTextBook(bytes: []) }
        #expect(throws: BookLoadingError.empty) { try PlainTextBook(bytes: [0xEF, 0xBB, 0xBF]) }
        #expect(throws: BookLoadingError.binary(byteOffset: 2)) { try PlainTextBook(bytes: [0x61, 0x62, 0x00]) }
        #expect(throws: Never.self) { try PlainTextBook(" \n\n\t") }
    }
}

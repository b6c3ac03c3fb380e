import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

/// EPUB 3's pronunciation: PLS lexicons linked from a content document's head, and `ssml:ph`
/// on its elements, reach the book's pronunciations; a PLS that cannot be read is left out
/// and named.
@Suite struct PronunciationEPUBTests {
    static let pls = """
        <?xml version="1.0" encoding="UTF-8"?>
        <lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en">
        <lexeme><grapheme>Dinah</grapheme><phoneme>ˈdiːnə</phoneme></lexeme>
        <lexeme><grapheme>Cheshire</grapheme><grapheme>Cheshyre</grapheme><alias>Chesher</alias></lexeme>
        <lexeme><grapheme>Alice</grapheme><phoneme alphabet="x-espeak">'alIs</phoneme></lexeme>
        </lexicon>
        """

    static func book(pls: String, head: String) throws -> OpenedBook {
        var book = HostileEPUB.book(
            body: """
                <p>Dinah and the <span xmlns:ssml="http://www.w3.org/2001/10/synthesis" ssml:ph="ˈtʃɛʃə">Cheshire</span> Cat.</p>\
                <p>Cheshyre and Alice.</p>
                """,
            head: head)
        book.add("EPUB/lexicon.pls", pls)
        book.replace(
            "EPUB/package.opf",
            HostileEPUB.package(spine: ["c1"], items: ["c1": "c1.xhtml"]).replacingOccurrences(
                of: "</manifest>",
                with: "<item id=\"pls\" href=\"lexicon.pls\" media-type=\"application/pls+xml\"/></manifest>"))
        return try OpenedBook(bytes: try book.bytes(), name: "pronounced.epub")
    }

    static let link = #"<link rel="pronunciation" type="application/pls+xml" hreflang="en" href="lexicon.pls"/>"#

    /// Element `element`'s pronunciations as `matched>said`.
    static func said(_ book: OpenedBook, _ element: Int, lexicon: PronunciationLexicon? = nil) -> [String] {
        let text = book.document.elements[element].text
        let units = Array((text.string(in: 0..<text.count) ?? "").utf16)
        return book.pronunciations(lexicon: lexicon).pronunciations(
            ofElement: element, in: 0..<text.count, language: nil
        )
        .map { $0.described(in: units) }
    }

    @Test func inlinePhonemesAndTheLinkedLexicon() throws {
        let book = try Self.book(pls: Self.pls, head: Self.link)
        #expect(book.problems.isEmpty, "\(book.problems)")
        #expect(book.epub?.contentDocuments.first?.lexicons == ["EPUB/lexicon.pls"])
        // The inline ssml:ph wins over the lexicon's alias for Cheshire.
        #expect(Self.said(book, 0) == ["Dinah>ipa:ˈdiːnə", "Cheshire>ipa:ˈtʃɛʃə"])
        #expect(Self.said(book, 1) == ["Cheshyre>Chesher", "Alice>x-espeak:'alIs"])
        // The listener's lexicon comes before the book's.
        let listener = try PronunciationLexicon(text: "Alice = Alicia")
        #expect(Self.said(book, 1, lexicon: listener) == ["Cheshyre>Chesher", "Alice>Alicia"])
    }

    @Test func phonemesOnAStructureMakeOneStructure() throws {
        let epub = HostileEPUB.book(
            body: """
                <aside xmlns:ssml="http://www.w3.org/2001/10/synthesis" ssml:ph="ˈsaɪdbɑː">Sidebar</aside>\
                <p>After.</p>
                """)
        let book = try OpenedBook(bytes: try epub.bytes(), name: "aside.epub")
        #expect(book.document.elements[0].markup.structures.map(\.kind) == [.sidebar])
        #expect(Self.said(book, 0) == ["Sidebar>ipa:ˈsaɪdbɑː"])
    }

    @Test func aDocumentThatLinksNoLexiconHasOnlyItsInlinePhonemes() throws {
        let book = try Self.book(pls: Self.pls, head: "")
        #expect(Self.said(book, 0) == ["Cheshire>ipa:ˈtʃɛʃə"])
        #expect(Self.said(book, 1) == [])
    }

    /// A PLS of a hundred and fifty thousand entries, over the 8 MiB a book's lexicon may be.
    static let hugePLS =
        "<lexicon version=\"1.0\" xmlns=\"http://www.w3.org/2005/01/pronunciation-lexicon\" xml:lang=\"en\">"
        + (0..<150_000).map { "<lexeme><grapheme>word\($0)</grapheme><alias>said \($0)</alias></lexeme>" }.joined()
        + "</lexicon>"

    @Test(arguments: [
        ("not XML <<<", "not well-formed"), ("<?xml version=\"1.0\"?><html/>", "not <lexicon>"),
        (hugePLS, "more than a book's lexicon may be"),
    ])
    func aBadLexiconIsLeftOutAndNamed(pls: String, reason: String) throws {
        let book = try Self.book(pls: pls, head: Self.link)
        #expect(book.problems.count == 1)
        #expect(book.problems.first?.contains("the pronunciation lexicon EPUB/lexicon.pls is not used") == true)
        #expect(book.problems.first?.contains(reason) == true, "\(book.problems)")
        #expect(Self.said(book, 0) == ["Cheshire>ipa:ˈtʃɛʃə"])
    }
}

import Foundation
import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// Every corpus book reads all, by word and by sentence, with nothing lost: the letters and
/// digits read are those an independent extraction (Python's zipfile and html.parser, see
/// `Tests/Fixtures/epub/extract_text.py`) finds in the body text and alt texts, in spine order,
/// no ruby reading read, nothing hidden read; plus each book's languages, directions, print
/// pages, images and navigation.
@Suite("EPUB: the corpus books")
struct EPUBCorpusTests {
    static let books = EPUBFixtures.books

    @Test("reads all with nothing lost", arguments: books, [TextGranularity.word, .sentence])
    func readsAllWithNothingLost(name: String, granularity: TextGranularity) throws {
        guard EPUBFixtures.python != nil else {
            print("skipped: python3 is missing (it extracts the reference text)")
            return
        }
        let book = try EPUBBook(contentsOf: EPUBFixtures.path(name))
        // Kusamakura's overlays name audio files the sample does not ship (MediaOverlayTests).
        #expect(book.problems.allSatisfy { $0.contains("left out, whose audio file") }, "\(book.problems)")
        let document = Document(epub: book)
        let utterances = EPUBFixtures.readAll(document, by: granularity)
        let reference = try EPUBFixtures.referenceText(name)
        let linear = book.contentDocuments.filter(\.isLinear)
        #expect(linear.map(\.href) == reference.map(\.href))
        // Per content document, so a difference names where it is.
        for (content, expected) in zip(linear, reference) {
            let read = utterances.filter { content.elements.contains($0.element) }.map(\.text).joined(separator: " ")
            let readLetters = EPUBFixtures.lettersAndDigits(read)
            let expectedLetters = EPUBFixtures.lettersAndDigits(expected.text)
            #expect(!expectedLetters.isEmpty || content.elements.isEmpty)
            if readLetters != expectedLetters {
                let common = zip(readLetters, expectedLetters).prefix { $0 == $1 }.count
                Issue.record(
                    """
                    \(content.href): read \(readLetters.count) letters, expected \(expectedLetters.count); \
                    they part after \(common): read '\(readLetters.dropFirst(common).prefix(40))', \
                    expected '\(expectedLetters.dropFirst(common).prefix(40))'
                    """)
            }
        }
        // Sentences cover every character but white space (of what is in the reading order and
        // no note, which read-all skips by default).
        if granularity == .sentence {
            for index in document.elements.indices
            where !document.elements[index].markup.isOutsideReadingOrder
                && !document.elements[index].markup.kinds.contains(.note)
            {
                let text = document.elements[index].string
                let read = utterances.filter { $0.element == index }.map(\.text).joined()
                #expect(
                    read.filter { !$0.isWhitespace } == text.filter { !$0.isWhitespace }, "element \(index)")
            }
        }
    }

    @Test("print pages: every marker, in page-list order, announced where the page starts")
    func printPages() throws {
        let book = try EPUBBook(contentsOf: EPUBFixtures.path("idpf-childrens-literature.epub"))
        #expect(book.printPages.count == 92)
        #expect(book.navigation.pageList.count == 92)
        #expect(book.printPages.map(\.label) == book.navigation.pageList.map(\.title))
        #expect(book.printPages.first?.label == "169")
        // Each marker's page number is not read as text: "169" starts no element's text at
        // its marker.
        let document = Document(epub: book)
        for page in book.printPages.prefix(10) {
            let text = document.elements[page.position.element].string
            let after = text.utf16.dropFirst(page.position.offset).prefix(3)
            #expect(String(decoding: after, as: UTF16.self) != page.label)
        }
        // In reading order.
        #expect(book.printPages.map(\.position) == book.printPages.map(\.position).sorted())
    }

    @Test("Japanese: ruby readings kept as annotations, never read; ja and en elements; rtl progression")
    func japanese() throws {
        let book = try EPUBBook(contentsOf: EPUBFixtures.path("idpf-kusamakura-japanese-vertical-writing.epub"))
        let document = Document(epub: book)
        #expect(book.language == "ja-jp")
        #expect(book.pageProgression == .rightToLeft)
        let elements = document.elements.indices.map { document.elements[$0] }
        let annotations = elements.flatMap(\.markup.ruby)
        #expect(annotations.count > 4000)
        // 山路 is annotated やまみち, and the reading is not in the text.
        let first = try #require(elements.first { $0.string.hasPrefix("山路を登りながら") })
        #expect(first.markup.ruby.first == RubyAnnotation(range: 0..<2, reading: "やまみち"))
        #expect(!first.string.contains("やまみち"))
        #expect((first as? TextElement)?.locale == "ja")
        #expect(first.stringTokenizer.locale.hasPrefix("ja"))
        // Every annotation's range is inside its element's text.
        for element in elements {
            for annotation in element.markup.ruby {
                #expect(annotation.range.upperBound <= element.text.count && !annotation.range.isEmpty)
            }
        }
        // xml:lang="en" inside the Japanese book gives English elements.
        #expect(elements.contains { ($0 as? TextElement)?.locale == "en" })
        // No `dir` in its content (its vertical writing is CSS's): no element has a direction of
        // its markup's; the title's `dir="rtl"` in the package is the title's alone.
        #expect(elements.allSatisfy { $0.markup.direction == nil })
        #expect(book.metadata.title == BookMetadata.Text("草枕", language: "ja-JP", direction: .rightToLeft))
        #expect(book.metadata.creator == BookMetadata.Text("夏目 漱石", language: "ja"))
    }

    @Test("Arabic: language from the content (not the package's xml:lang), right to left")
    func arabic() throws {
        let book = try EPUBBook(contentsOf: EPUBFixtures.path("idpf-regime-anticancer-arabic.epub"))
        let document = Document(epub: book)
        #expect(book.pageProgression == .rightToLeft)
        let elements = document.elements.indices.map { document.elements[$0] }
        let body = elements.filter { $0.markup.href?.hasSuffix("C_content.xhtml") == true }
        #expect(!body.isEmpty)
        for element in body {
            #expect((element as? TextElement)?.locale == "ar")
            #expect(element.markup.direction == .rightToLeft)
        }
    }

    @Test("images: each read as its alt text, with the image trait")
    func images() throws {
        let book = try EPUBBook(contentsOf: EPUBFixtures.path("idpf-cole-voyage-of-life.epub"))
        let document = Document(epub: book)
        let images = document.elements.indices.map { document.elements[$0] }.filter { $0.traits.contains(.image) }
        #expect(images.count == 9)
        #expect(images.allSatisfy { $0.string.count > 10 })
        #expect(images.contains { $0.string.contains("Voyage of Life") || $0.string.contains("Childhood") })
    }

    @Test("epub:switch: the default case is read, the CML case is not")
    func switchAndRubyWithParentheses() throws {
        let book = try EPUBBook(contentsOf: EPUBFixtures.path("idpf-hefty-water.epub"))
        let document = Document(epub: book)
        let texts = document.elements.indices.map { document.elements[$0].string }
        #expect(texts.contains("2H2 + O2 ⟶ 2H2O"))
        // The CML case would read as a block of its captions; the default follows the text
        // before the switch.
        #expect(!texts.contains { $0.hasPrefix("H hydrogen O oxygen") })
        let before = try #require(texts.firstIndex(of: "Here the switch begins..."))
        #expect(texts.dropFirst(before + 1).first == "2H2 + O2 ⟶ 2H2O")
    }

    @Test("the table of contents points at the headings it names")
    func tableOfContents() throws {
        let book = try EPUBBook(contentsOf: EPUBFixtures.path("idpf-childrens-literature.epub"))
        let document = Document(epub: book)
        // Entries without a link (a span grouping an author's stories) point nowhere.
        let entries = book.navigation.tableOfContents.filter { !$0.href.isEmpty }
        #expect(entries.count == 22)
        var matched = 0
        for entry in entries {
            guard let index = book.elementIndex(of: entry) else {
                Issue.record("\(entry.title) points nowhere")
                continue
            }
            // The section an entry names starts with its heading ("190" for "190 A
            // FOUR-LEAVED CLOVER", "1. The Rabbi and The Diadem" for "I. The Rabbi and the
            // Diadem").
            if document.elements[index].traits.contains(.heading) { matched += 1 }
        }
        // Every entry lands on a heading.
        #expect(matched == entries.count)
    }

    @Test("EPUB 2 with an NCX only: title and table of contents")
    func epub2() throws {
        let book = try EPUBBook(contentsOf: EPUBFixtures.path("epubcheck-epub2-minimal.epub"))
        #expect(book.version == "2.0")
        #expect(book.navigation.tableOfContents.map(\.title) == ["Loomings"])
        #expect(book.navigation.tableOfContents.first?.href == "OPS/content_001.xhtml")
        #expect(book.navigation.tableOfContents.first.flatMap(book.elementIndex(of:)) == 0)
        let document = Document(epub: book)
        #expect(document.elements[0].traits.contains(.heading))
        #expect(document.elements[0].markup.headingLevel == 1)
    }

    @Test("a book from bytes reads as the same book from its file")
    func bytesAndFile() throws {
        let path = EPUBFixtures.path("w3c-mol-navigation.epub")
        let fromFile = try EPUBBook(contentsOf: path)
        let fromBytes = try EPUBBook(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(fromFile.elementCount == fromBytes.elementCount)
        #expect(fromFile.contentDocuments == fromBytes.contentDocuments)
        #expect(fromFile.title == fromBytes.title)
    }
}

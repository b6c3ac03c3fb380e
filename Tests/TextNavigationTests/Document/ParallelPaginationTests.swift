import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// Pagination on every core (``Document/paginateInParallel()``) cuts the pages one core cuts.
@Suite struct ParallelPaginationTests {
    static let books = [
        "alice-in-wonderland.txt", "kokoro.txt", "lunyu-analects.txt", "rashomon.txt", "udhr-arabic.txt",
    ]
    static let layouts = [
        PageLayout(width: 12, linesPerPage: 7), PageLayout(width: 70, linesPerPage: 30),
        PageLayout(width: 200, linesPerPage: 50),
    ]

    static func pageStarts(_ document: Document) -> [ReadingPosition] {
        (0..<document.pageCount).map { document.page(at: $0)!.start }
    }

    @Test(arguments: books)
    func everyBundledBookHasTheSequentialPassesPages(name: String) async throws {
        let book = try BookDocuments.book(name)
        let locale = name.hasPrefix("rashomon") || name.hasPrefix("kokoro") ? "ja" : "en"
        for layout in Self.layouts {
            let sequential = Self.pageStarts(Document(book: book, locale: locale, layout: layout))
            let document = Document(book: book, locale: locale, layout: layout)
            let count = await document.paginateInParallel()
            #expect(count == sequential.count, "\(name) at \(layout)")
            #expect(Self.pageStarts(document) == sequential, "\(name) at \(layout)")
        }
    }

    @Test func formFeedsAndGivenElementsCutTheSamePages() async throws {
        let text = (0..<300).map { "Paragraph \($0) " + String(repeating: "word ", count: $0 % 40) }
            .enumerated().map { $0.offset % 17 == 0 ? "\u{0C}" + $0.element : $0.element }
            .joined(separator: "\n\n")
        let book = try PlainTextBook(text)
        let layout = PageLayout(width: 20, linesPerPage: 9)
        let sequential = Self.pageStarts(Document(book: book, layout: layout))
        let document = Document(book: book, layout: layout)
        #expect(await document.paginateInParallel() == sequential.count)
        #expect(Self.pageStarts(document) == sequential)
        #expect(sequential.count > 30)

        func given() -> Document {
            let elements = book.paragraphs.map { TextElement($0.text.string, traits: .staticText) }
            return Document(elements: elements, layout: layout, pageBreaksBefore: [5, 40, 41])
        }
        let givenSequential = Self.pageStarts(given())
        let givenParallel = given()
        #expect(await givenParallel.paginateInParallel() == givenSequential.count)
        #expect(Self.pageStarts(givenParallel) == givenSequential)
    }
}

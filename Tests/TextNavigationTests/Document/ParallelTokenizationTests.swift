import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// Tokenizing a whole document on one core (``Document/units(_:)``) gives each element the units
/// its tokenizer gives alone, and on every core (``Document/unitsInParallel(_:)``) the same.
@Suite struct ParallelTokenizationTests {
    static let books = [
        ("alice-in-wonderland.txt", "en"), ("kokoro.txt", "ja"), ("lunyu-analects.txt", "zh"),
        ("rashomon.txt", "ja"), ("udhr-arabic.txt", "ar"),
    ]
    static let granularities: [TextGranularity] = [.character, .word, .sentence, .line, .paragraph]

    @Test(arguments: books)
    func everyBundledBookHasTheSequentialPassesUnits(name: String, locale: String) async throws {
        let book = try BookDocuments.book(name)
        let layout = PageLayout(width: 40, linesPerPage: 20)
        for granularity in Self.granularities {
            let sequential = Document(book: book, locale: locale, layout: layout).units(granularity)
            let parallel = await Document(book: book, locale: locale, layout: layout).unitsInParallel(granularity)
            #expect(parallel == sequential, "\(name) \(granularity)")
            #expect(sequential.count == book.paragraphs.count)
            if granularity != .line {
                #expect(
                    sequential.map(\.ranges) == (try BookDocuments.unitsAlone(book, locale: locale, granularity)),
                    "\(name) \(granularity)")
            }
        }
    }

    /// A pass over a whole book makes no element (an element lays its text out): those alive
    /// lend their tokenizers, whose caches it fills, and the others' text is tokenized alone.
    @Test func aWholeBookPassMakesNoElement() async throws {
        let book = try BookDocuments.book("kokoro.txt")
        let document = Document(book: book, locale: "ja")
        guard case .made(let factory) = document.elements.source else {
            Issue.record("a book's document makes its elements")
            return
        }
        let held = document.elements[40]
        #expect(factory.trackedCount == 1)
        let words = await document.unitsInParallel(.word)
        let sentences = document.units(.sentence)
        #expect(factory.trackedCount == 1)
        #expect(held.stringTokenizer.hasUnits(.word) && held.stringTokenizer.hasUnits(.sentence))
        #expect(words[40] == held.stringTokenizer.units(for: .word))
        #expect(sentences[40] == held.stringTokenizer.units(for: .sentence))
    }

    /// Lines are the elements' own layouts' lines, at the document's width.
    @Test func linesAreTheElementsLinesAtTheDocumentsWidth() async throws {
        let book = try BookDocuments.book("alice-in-wonderland.txt")
        let document = Document(book: book, layout: PageLayout(width: 25, linesPerPage: 10))
        let lines = await document.unitsInParallel(.line)
        #expect(lines.count == document.elements.count)
        for index in stride(from: 0, to: document.elements.count, by: 97) {
            #expect(lines[index] == document.elements[index].stringTokenizer.units(for: .line), "element \(index)")
        }
    }

    /// Many runs (far more than the tasks in flight), elements whose units are cached already
    /// (they split the runs), and a backend's elements, each with its own storage.
    @Test func manyRunsCachedElementsAndGivenElements() async throws {
        let text = (0..<3_000).map { "Paragraph \($0). " + String(repeating: "Word and word. ", count: $0 % 60) }
            .joined(separator: "\n\n")
        let book = try PlainTextBook(text)
        #expect(book.buffer.count > 10 * Document.tokenizationChunkBudget)
        let expected = try BookDocuments.unitsAlone(book, locale: "en", .sentence)
        let document = Document(book: book)
        let held = stride(from: 5, to: document.elements.count, by: 31).map { document.elements[$0] }
        for element in held { _ = element.stringTokenizer.units(for: .sentence) }
        #expect(await document.unitsInParallel(.sentence).map(\.ranges) == expected)
        #expect(Document(book: book).units(.sentence).map(\.ranges) == expected)
        withExtendedLifetime(held) {}

        let strings = ["First one. Dr.", "Second: two words.", "", "Third."]
        let given = Document(pages: [strings.map { TextElement($0) }])
        let words = try strings.map { try StringTokenizer($0).units(for: .word) }
        #expect(given.units(.word) == words)
        #expect(await given.unitsInParallel(.word) == words)
        #expect(await Document(pages: [[]]).unitsInParallel(.word).isEmpty)
    }
}

import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

/// Searching a whole document: every match Foundation finds in each element, case and
/// diacritics folded or not, whole words, Japanese without word breaks, and bad queries.
@Suite("Search: a query through a whole document")
struct DocumentSearchTests {
    private func matches(
        _ query: String, in document: Document, _ options: SearchOptions = SearchOptions(),
        from: ReadingPosition = ReadingPosition(element: 0, offset: 0)
    ) throws -> [SearchMatch] {
        Array(try DocumentSearch(for: query, in: document, options: options, from: from))
    }

    /// Each element's matches as Foundation finds them, in UTF-16 offsets.
    private func foundationMatches(_ query: String, in document: Document, _ options: String.CompareOptions)
        -> [SearchMatch]
    {
        document.elements.indices.flatMap { index -> [SearchMatch] in
            let string = document.elements[index].string
            var found: [SearchMatch] = []
            var from = string.startIndex
            while let range = string.range(of: query, options: options, range: from..<string.endIndex) {
                let start = string.utf16.distance(from: string.startIndex, to: range.lowerBound)
                let end = string.utf16.distance(from: string.startIndex, to: range.upperBound)
                found.append(SearchMatch(element: index, range: start..<end))
                from = range.upperBound
            }
            return found
        }
    }

    @Test(
        "Alice and Rashomon: the matches Foundation finds, case folded or exact",
        arguments: [
            ("alice-in-wonderland.txt", "cheshire"), ("alice-in-wonderland.txt", "Alice"),
            ("alice-in-wonderland.txt", "said the"), ("rashomon.txt", "下人"), ("rashomon.txt", "ある"),
        ])
    func agreesWithFoundation(book: String, query: String) throws {
        let document = try BookDocuments.document(book)
        let folded = try matches(query, in: document)
        #expect(folded == foundationMatches(query, in: document, [.caseInsensitive]))
        #expect(!folded.isEmpty)
        let exact = try matches(query, in: document, SearchOptions(ignoresCase: false, ignoresDiacritics: false))
        #expect(exact == foundationMatches(query, in: document, []))
    }

    @Test("diacritics: cafe finds café precomposed and decomposed, and not when they count")
    func diacritics() throws {
        let document = Document(elements: [TextElement("Café au lait. CAFE. cafe\u{301}! cafés")])
        let all = try matches("cafe", in: document).map(\.range)
        #expect(all == [0..<4, 14..<18, 20..<25, 27..<31])
        #expect(try matches("CAFÉ", in: document).map(\.range) == all)
        let exactDiacritics = SearchOptions(ignoresCase: true, ignoresDiacritics: false)
        // The decomposed é is a character of two units: "cafe" stops inside it, so it is no match.
        #expect(try matches("cafe", in: document, exactDiacritics).map(\.range) == [14..<18])
        #expect(try matches("café", in: document, exactDiacritics).map(\.range) == [0..<4, 27..<31])
        #expect(
            try matches("Café", in: document, SearchOptions(ignoresCase: false, ignoresDiacritics: false)).map(\.range)
                == [0..<4])
    }

    @Test("whole words: cat is not in concatenate; Japanese matches anywhere")
    func wholeWords() throws {
        let words = SearchOptions(matchesWholeWords: true)
        let document = Document(elements: [TextElement("cat concatenate Cat. cats"), TextElement("The cat!")])
        #expect(try matches("cat", in: document).count == 5)
        #expect(
            try matches("cat", in: document, words).map(\.start) == [
                ReadingPosition(element: 0, offset: 0), ReadingPosition(element: 0, offset: 16),
                ReadingPosition(element: 1, offset: 4),
            ])
        let rashomon = try BookDocuments.document("rashomon.txt")
        #expect(try matches("下人", in: rashomon, words) == (try matches("下人", in: rashomon)))
    }

    @Test("from a position, and to the end only")
    func fromAPosition() throws {
        let document = try BookDocuments.document("alice-in-wonderland.txt")
        let all = try matches("cheshire", in: document)
        let middle = all[all.count / 2]
        let rest = try matches("cheshire", in: document, from: middle.start)
        #expect(rest == Array(all[(all.count / 2)...]))
        let after = ReadingPosition(element: middle.element, offset: middle.range.lowerBound + 1)
        #expect(try matches("cheshire", in: document, from: after) == Array(all[(all.count / 2 + 1)...]))
        #expect(try matches("cheshire", in: document, from: document.endPosition).isEmpty)
    }

    @Test("bad queries: empty, white space, too long; a mark alone finds nothing without crashing")
    func badQueries() throws {
        let document = Document(elements: [TextElement("Some text.")])
        #expect(throws: SearchError.emptyQuery) { try DocumentSearch(for: "", in: document) }
        #expect(throws: SearchError.emptyQuery) { try DocumentSearch(for: " \n\t", in: document) }
        let long = String(repeating: "a", count: 1 << 20)
        #expect(throws: SearchError.queryTooLong(1 << 20)) { try DocumentSearch(for: long, in: document) }
        #expect(try matches("\u{301}", in: document).isEmpty)
        #expect(try matches("text.", in: Document(elements: [])).isEmpty)
    }
}

extension DocumentSearchTests {
    @Test("kana and Hangul are not folded: ガ is not カ, 한 is not its first jamo")
    func eastAsianLettersAsTheyAre() throws {
        let document = Document(elements: [TextElement("カメラとガム。한국어 하나")])
        #expect(try matches("カ", in: document).map(\.range) == [0..<1])
        #expect(try matches("ガ", in: document).map(\.range) == [4..<5])
        #expect(try matches("\u{1112}", in: document).isEmpty)
        #expect(try matches("한", in: document).map(\.range) == [7..<8])
    }
}

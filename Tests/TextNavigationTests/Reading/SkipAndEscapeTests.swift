import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

/// Skippability and escapability: the structures a book's markup makes (EPUB semantics and
/// ARIA roles, Gutenberg's plain-text blocks), read-all passing by the kinds asked for, notes
/// skipped by default and reachable by their references, and leaving a structure with the
/// navigator and the player.
@Suite("Reading: skipping and escaping structures")
struct SkipAndEscapeTests {
    /// The structure book (``ConformanceBooks``): a note, a page break, a table with a caption,
    /// a sidebar, a list, a quotation and a figure with a caption.
    private func structureDocument() throws -> Document? {
        guard let path = ConformanceBooks.path("structure.epub") else { return nil }
        return Document(epub: try EPUBBook(contentsOf: path))
    }

    /// The texts read-all reads, skipping `kinds`, from `position` (the start by default).
    private func read(
        _ document: Document, skipping kinds: Set<ContentKind>, from position: ReadingPosition? = nil
    ) -> [String] {
        let session = ReadingSession(
            document: document, granularity: .sentence, from: position ?? document.startPosition, skipping: kinds)
        return session.compactMap { if case .utterance(let utterance) = $0 { utterance.text } else { nil } }
    }

    private func index(of text: String, in document: Document) throws -> Int {
        try #require(document.elements.indices.first { document.elements[$0].string == text }, "no \(text)")
    }

    private static let everything = [
        "Structures", "Before the table, a note.1", "The page turns here.", "Prices", "Apples", "Two", "Pears",
        "Three", "After the table.", "A sidebar.", "First item.", "Second item.", "A quoted line.",
        "Another quoted line.", "A red square", "Figure one.", "The end of the chapter.", "The note's text.",
    ]

    @Test("each element carries the structures its markup makes, outermost first, one id per structure")
    func structuresFromMarkup() throws {
        guard let document = try structureDocument() else { return }
        let elements = document.elements.indices.map { document.elements[$0] }
        #expect(elements.map(\.string) == Self.everything)
        let kinds = elements.map { $0.markup.structures.map(\.kind) }
        #expect(
            kinds == [
                [], [], [], [.table, .caption], [.table], [.table], [.table], [.table], [], [.sidebar], [.list],
                [.list], [.quotation], [.quotation], [.figure], [.figure, .caption], [], [.note],
            ])
        // One table, one list, one quotation: their elements share the structure's id.
        let ids = elements.map { $0.markup.structures.first?.id }
        #expect(Set(ids[3...7]).count == 1)
        #expect(ids[10] == ids[11] && ids[12] == ids[13] && ids[14] == ids[15])
        #expect(Set([ids[3], ids[9], ids[10], ids[12], ids[14], ids[17]]).count == 6)
    }

    @Test("read-all skips notes by default and reads everything else; each kind asked for is passed by")
    func skippingEachKind() throws {
        guard let document = try structureDocument() else { return }
        #expect(read(document, skipping: ContentKind.skippedByDefault) == Array(Self.everything.dropLast()))
        #expect(read(document, skipping: []) == Self.everything)
        let removed: [ContentKind: [String]] = [
            .table: ["Prices", "Apples", "Two", "Pears", "Three"],
            .caption: ["Prices", "Figure one."],
            .sidebar: ["A sidebar."],
            .list: ["First item.", "Second item."],
            .quotation: ["A quoted line.", "Another quoted line."],
            .figure: ["A red square", "Figure one."],
            .note: ["The note's text."],
        ]
        for (kind, texts) in removed {
            #expect(read(document, skipping: [kind]) == Self.everything.filter { !texts.contains($0) }, "\(kind)")
        }
        #expect(
            read(document, skipping: Set(ContentKind.allCases)) == [
                "Structures", "Before the table, a note.1", "The page turns here.", "After the table.",
                "The end of the chapter.",
            ])
    }

    @Test("a skipped note is reached by its reference: reading from the link's target reads the note")
    func noteReachedByItsReference() throws {
        guard let document = try structureDocument() else { return }
        let referring = try index(of: "Before the table, a note.1", in: document)
        let link = try #require(document.elements[referring].markup.links.first)
        #expect(link.isNoteReference)
        let target = try #require(link.target)
        #expect(document.elements[target].string == "The note's text.")
        #expect(
            read(document, skipping: [.note], from: ReadingPosition(element: target, offset: 0)) == [
                "The note's text."
            ])
        // The navigator moves through skipped content: it is text like any other.
        var navigator = Navigator(document: document, position: ReadingPosition(element: target - 1, offset: 0))
        #expect(navigator.move(.forward, by: .paragraph)?.text == "The note's text.")
    }

    @Test("escaping leaves the innermost escapable structure for the first element after it")
    func navigatorEscapes() throws {
        guard let document = try structureDocument() else { return }
        let cases: [(from: String, to: String, kind: ContentKind)] = [
            ("Prices", "After the table.", .table), ("Pears", "After the table.", .table),
            ("A sidebar.", "First item.", .sidebar), ("First item.", "A quoted line.", .list),
            ("Another quoted line.", "A red square", .quotation), ("Figure one.", "The end of the chapter.", .figure),
        ]
        for (from, to, kind) in cases {
            var navigator = Navigator(
                document: document, position: ReadingPosition(element: try index(of: from, in: document), offset: 3))
            #expect(navigator.escape()?.kind == kind, "\(from)")
            #expect(navigator.position == ReadingPosition(element: try index(of: to, in: document), offset: 0))
        }
        // Nothing to leave: the navigator stays.
        let start = ReadingPosition(element: try index(of: "After the table.", in: document), offset: 2)
        var navigator = Navigator(document: document, position: start)
        #expect(navigator.escape() == nil)
        #expect(navigator.position == start)
        // The note runs to the end of the document: escaping it ends there.
        let note = try index(of: "The note's text.", in: document)
        navigator.move(to: ReadingPosition(element: note, offset: 0))
        #expect(navigator.escape()?.kind == .note)
        #expect(navigator.position == document.endPosition)
    }

    @Test("the player escapes the table being read and goes on after it; page numbers are skipped on request")
    func playerEscapesAndSkipsPageNumbers() throws {
        guard let document = try structureDocument() else { return }
        let engine = TimedSpeechEngine(perWord: .milliseconds(30))
        let log = PlayerLog()
        let player = ReadAloudPlayer(document: document, granularity: .sentence, engine: engine) { log.record($0) }
        player.play(from: ReadingPosition(element: try index(of: "Apples", in: document), offset: 0))
        #expect(log.wait { _ in engine.requests.contains { $0.text == "Apples" } })
        #expect(player.escape()?.kind == .table)
        #expect(log.wait { _ in log.hasEnded })
        let spoken = engine.requests.compactMap { if case .utterance(let u)? = $0.event { u.text } else { nil } }
        #expect(spoken.first == "Apples")
        #expect(Array(spoken.dropFirst()) == Array(Self.everything[8...16]))
        // Not in a structure any more: nothing to escape.
        #expect(player.escape() == nil)

        func printPages(skipping kinds: Set<ContentKind>) -> [String] {
            let log = PlayerLog()
            let player = ReadAloudPlayer(document: document, skipping: kinds) { log.record($0) }
            player.play(from: document.startPosition)
            _ = log.wait { _ in log.hasEnded }
            return log.readingEvents.compactMap { if case .printPage(_, let label) = $0 { label } else { nil } }
        }
        #expect(printPages(skipping: [.note]) == ["2"])
        #expect(printPages(skipping: [.note, .pageBreak]) == [])
    }

    @Test("Children's Literature: its annotations are notes, skipped by default and read from their references")
    func childrensLiteratureAnnotations() throws {
        let document = Document(epub: try EPUBBook(contentsOf: EPUBFixtures.path("idpf-childrens-literature.epub")))
        let notes = document.elements.indices.filter { document.elements[$0].markup.kinds.contains(.note) }
        #expect(
            notes.map { document.elements[$0].string } == [
                "Transcriber's Note: original reads 'Emporer's'", "Transcriber's Note: original reads 'warrier'",
                "Transcriber's Note: original reads 'Dyrad'",
            ])
        let session = ReadingSession(document: document, granularity: .paragraph, from: document.startPosition)
        let read = Set(session.compactMap { if case .utterance(let u) = $0 { u.element } else { nil } })
        #expect(read.isDisjoint(with: notes))
        #expect(read.count > 1_000)
        // Each annotation reference leads to its note, and reading from there reads it.
        let targets = document.elements.indices.flatMap { index in
            document.elements[index].markup.links.filter {
                $0.href.hasSuffix("s04.xhtml") && $0.fragment?.hasPrefix("s04-a") == true
            }
            .compactMap(\.target)
        }
        #expect(targets == notes)
        for note in notes {
            let from = ReadingSession(
                document: document, granularity: .paragraph, from: ReadingPosition(element: note, offset: 0))
            let first = from.lazy.compactMap { if case .utterance(let u) = $0 { u } else { nil } }.first
            #expect(first?.element == note)
        }
    }

    @Test("Kusamakura: a quotation is escaped to the first element after it")
    func kusamakuraQuotationEscaped() throws {
        let document = Document(
            epub: try EPUBBook(contentsOf: EPUBFixtures.path("idpf-kusamakura-japanese-vertical-writing.epub")))
        let quoted = document.elements.indices.filter { document.elements[$0].markup.kinds.contains(.quotation) }
        #expect(quoted.count >= 16)
        let first = try #require(quoted.first)
        let structure = try #require(document.elements[first].markup.structures.last { $0.kind == .quotation })
        var navigator = Navigator(document: document, position: ReadingPosition(element: first, offset: 0))
        #expect(navigator.escape() == structure)
        let after = navigator.position.element
        #expect(after > first && navigator.position.offset == 0)
        #expect(!document.elements[after].markup.structures.contains(structure))
        #expect((first..<after).allSatisfy { document.elements[$0].markup.structures.contains(structure) })
        // Skipping quotations, read-all reads none of them.
        let session = ReadingSession(
            document: document, granularity: .paragraph, from: document.startPosition, skipping: [.note, .quotation])
        let read = Set(session.compactMap { if case .utterance(let u) = $0 { u.element } else { nil } })
        #expect(read.isDisjoint(with: quoted) && !read.isEmpty)
    }

    @Test("a plain-text book's Gutenberg blocks: [Illustration] is a figure and [Footnote N: …] a note")
    func plainTextBlocks() throws {
        let text = """
            [Illustration]

            The story begins here.

            [Illustration: A rabbit with a watch]

            [Footnote 1: A note at the end.]

            [Not a footnote] but text in brackets.

            The end.
            """
        let document = Document(book: try PlainTextBook(bytes: Array(text.utf8)), locale: "en")
        let kinds = document.elements.indices.map { document.elements[$0].markup.structures.map(\.kind) }
        #expect(kinds == [[.figure], [], [.figure], [.note], [], []])
        #expect(
            read(document, skipping: ContentKind.skippedByDefault) == [
                "[Illustration]", "The story begins here.", "[Illustration: A rabbit with a watch]",
                "[Not a footnote] but text in brackets.", "The end.",
            ])
        // Reading starts in the first figure, so that run is read (as a note followed to is);
        // the next figure is passed by.
        #expect(
            read(document, skipping: [.figure]) == [
                "[Illustration]", "The story begins here.", "[Footnote 1: A note at the end.]",
                "[Not a footnote] but text in brackets.",
                "The end.",
            ])
        // Alice's opening [Illustration] is a figure.
        let alice = Document(
            book: try PlainTextBook(
                contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Books/alice-in-wonderland.txt").path),
            locale: "en")
        #expect(alice.elements[0].markup.kinds == [.figure])
    }

    @Test("kind names: raw values, plurals, none and all; unknown names refused")
    func kindNames() {
        #expect(ContentKind.kinds(named: "notes,pagebreaks, tables") == [.note, .pageBreak, .table])
        #expect(ContentKind.kinds(named: "none") == [])
        #expect(ContentKind.kinds(named: "all") == Set(ContentKind.allCases))
        #expect(
            ContentKind.kinds(named: "quotation,figure,captions,list,sidebars") == [
                .quotation, .figure, .caption, .list, .sidebar,
            ])
        #expect(ContentKind.kinds(named: "notes,pictures") == nil)
        #expect(ContentKind.allCases.filter(\.isEscapable) == [.note, .sidebar, .table, .list, .quotation, .figure])
    }
}

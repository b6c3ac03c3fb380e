import Testing
import TextNavigation

/// A document a reader backend builds from its own pages: text elements, a scanned page with
/// its own line geometry, and a backend's own element type (a figure with a spoken label),
/// read all across pages with no page-turn trait set by hand.
@Suite struct BackendDocumentTests {
    /// What read-all says: utterance texts, "Heading", "Page N of M", "end".
    static func spoken(_ session: ReadingSession) -> [String] {
        session.map { event -> String in
            switch event {
            case .utterance(let utterance): utterance.text
            case .heading: "Heading"
            case .pageTurn(_, _, let announcement): announcement
            case .customContent(_, let content): content.label
            case .printPage(_, let label): label
            case .end: "end"
            }
        }
    }

    @Test func readsEveryKindOfElementByWordAcrossPages() throws {
        let document = Document(pages: try BackendDocuments.pages())
        #expect(document.pageCount == 3)
        #expect(
            Self.spoken(ReadingSession(document: document, granularity: .word)) == [
                "Chapter", "One", "Heading", "It", "was", "a", "bright", "cold", "day",
                "Page 2 of 3", "Dear", "Sir", "the", "rain", "kept", "us", "home", "today",
                "Page 3 of 3", "A map of the island", "The", "end", "end",
            ])
    }

    @Test func readsEveryKindOfElementByLineAcrossPages() throws {
        let document = Document(pages: try BackendDocuments.pages())
        // The scanned page is read by its own two lines.
        #expect(
            Self.spoken(ReadingSession(document: document, granularity: .line)) == [
                "Chapter One", "Heading", "It was a bright cold day.", "Page 2 of 3", "Dear Sir, the rain",
                "kept us home today.", "Page 3 of 3", "A map of the island", "The end.", "end",
            ])
    }

    @Test func anImagesLabelIsReadWithItsTraits() throws {
        let document = Document(pages: try BackendDocuments.pages())
        let utterances = ReadingSession(document: document, granularity: .sentence).compactMap { event in
            if case .utterance(let utterance) = event { utterance } else { nil }
        }
        let figure = try #require(utterances.first { $0.element == 3 })
        #expect(figure.text == "A map of the island")
        #expect(figure.isLabel)
        #expect(figure.traits.contains(.image))
        #expect(figure.range == 0..<0)
        #expect(figure.page == 3)
        #expect(utterances.filter { $0.element != 3 }.allSatisfy { !$0.isLabel && !$0.traits.contains(.image) })
    }

    @Test func eachPagesLastElementTurnsThePageUnlessTheBackendSaysOtherwise() throws {
        let pages = try BackendDocuments.pages()
        #expect(pages.joined().allSatisfy { !$0.traits.contains(.causesPageTurn) })
        let marked = Document(pages: pages)
        #expect((0..<3).allSatisfy { marked.page(at: $0)?.lastElementCausesPageTurn == true })
        let unmarked = Document(pages: try BackendDocuments.pages(), marksPageTurns: false)
        #expect(
            Self.spoken(ReadingSession(document: unmarked, granularity: .sentence)) == [
                "Chapter One", "Heading", "It was a bright cold day.", "end",
            ])
    }

    @Test func theScannedPageReadsByLineNumberWithItsOwnRects() throws {
        let document = Document(pages: try BackendDocuments.pages())
        let content = try #require(document.page(at: 1)).readingContent()
        #expect(content.lines.map(\.element) == [2, 2])
        #expect(content.content(forLineNumber: 1) == "kept us home today.")
        // Stacked at the top of the page, the scan keeps the 20 pixels between its lines.
        #expect(content.frame(forLineNumber: 1) == Rect(x: 24, y: 60, width: 380, height: 40))
    }

    @Test func elementsAreLinkedAcrossKinds() throws {
        let pages = try BackendDocuments.pages()
        let document = Document(pages: pages)
        let scanned = try #require(document.elements[2] as? ScannedPage)
        #expect(scanned.previousTextNavigationElement === document.elements[1])
        #expect(scanned.nextTextNavigationElement === document.elements[3])
        #expect(document.elements[3].nextTextNavigationElement === document.elements[4])
    }

    @Test func traitsAreSettableAndCopyable() throws {
        let note = TextElement("A note.")
        let document = Document(pages: [[note]])
        note.traits.insert(.heading)
        #expect(
            Self.spoken(ReadingSession(document: document, granularity: .sentence)) == ["A note.", "Heading", "end"])
        let copy = note.withTraits([.staticText])
        #expect(copy.traits == [.staticText] && copy.string == "A note." && note.traits == [.heading])
    }
}

extension BackendDocumentTests {
    @Test func anyElementReadsByLineNumber() throws {
        let scanned = try BackendDocuments.scannedPage()
        let content = scanned.readingContent()
        #expect(content.content(forLineNumber: 0) == "Dear Sir, the rain")
        #expect(content.lineNumber(at: Point(x: 100, y: 170)) == 1)
        let paragraph = TextElement("A short paragraph.").readingContent()
        #expect(paragraph.content(forLineNumber: 0) == "A short paragraph.")
        #expect(paragraph.content(forLineNumber: 1) == nil)
    }
}

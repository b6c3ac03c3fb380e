import Foundation
import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// Content outside the reading order (`linear="no"` spine items, footnote and endnote asides)
/// is in the document, reachable by link and locator, and passed by in read-all; the table of
/// contents gives headings.
@Suite("EPUB: reading order, notes and the table of contents")
struct EPUBReadingOrderTests {
    private var python: Bool {
        if EPUBFixtures.python == nil { print("skipped: python3 is missing (it builds the test books)") }
        return EPUBFixtures.python != nil
    }

    private func events(_ document: Document, from position: ReadingPosition = ReadingPosition(element: 0, offset: 0))
        -> [ReadingEvent]
    {
        let session = ReadingSession(document: document, granularity: .sentence, from: position)
        var events: [ReadingEvent] = []
        while let event = session.next() { events.append(event) }
        return events
    }

    private func utterances(_ events: [ReadingEvent]) -> [Utterance] {
        events.compactMap {
            if case .utterance(let utterance) = $0 { return utterance }
            return nil
        }
    }

    @Test("a linear=\"no\" document comes after the linear ones: a locator naming it resolves; read-all passes it by")
    func nonLinearDocument() throws {
        let book = try EPUBBook(contentsOf: EPUBFixtures.path("idpf-kusamakura-japanese-vertical-writing.epub"))
        let document = Document(epub: book)
        let nonLinear = book.contentDocuments.filter { !$0.isLinear }
        #expect(nonLinear.map(\.href) == ["OPS/xhtml/目次.xhtml"])
        guard let contents = nonLinear.first, !contents.elements.isEmpty else { return }
        #expect(contents.elements.upperBound == document.elements.count, "after the linear documents")
        #expect(
            book.contentDocuments.filter(\.isLinear).allSatisfy {
                $0.elements.upperBound <= contents.elements.lowerBound
            })
        let first = contents.elements.lowerBound
        #expect(document.elements[first].markup.isOutsideReadingOrder)
        #expect(!document.elements[0].markup.isOutsideReadingOrder)

        // A locator made in it, stored and read back, finds the same place.
        let locator = Locator(position: ReadingPosition(element: first, offset: 1), in: document)
        #expect(locator.href == "OPS/xhtml/目次.xhtml")
        let stored = try Locator(json: locator.json)
        let reopened = Document(
            epub: try EPUBBook(contentsOf: EPUBFixtures.path("idpf-kusamakura-japanese-vertical-writing.epub")))
        #expect(try stored.resolve(in: reopened) == ReadingPosition(element: first, offset: 1))

        // Read-all from the start reads none of it; from inside it, reads it.
        let read = utterances(events(document))
        #expect(!read.isEmpty)
        #expect(read.allSatisfy { !contents.elements.contains($0.element) })
        let fromInside = utterances(events(document, from: ReadingPosition(element: first, offset: 0)))
        #expect(fromInside.first?.element == first)
    }

    @Test("a footnote stays in the document, its reference is a link to it, and read-all passes it by")
    func footnotes() throws {
        guard python else { return }
        let body = """
            <p>Four<a epub:type="noteref" href="#n1">1</a>. Five.</p>\
            <aside epub:type="footnote" id="n1"><p>The note text.</p></aside>\
            <section role="doc-endnotes"><ol><li id="e1">An endnote.</li></ol></section>\
            <p>Six, see <a href="#n1">the note</a>.</p>
            """
        let book = try EPUBBook(bytes: try HostileEPUB.book(body: body).bytes())
        let document = Document(epub: book)
        let texts = document.elements.indices.map { document.elements[$0].string }
        #expect(texts == ["Four1. Five.", "The note text.", "An endnote.", "Six, see the note."])
        guard texts.count == 4 else { return }
        #expect(document.elements[1].markup.kinds == [.note])
        #expect(document.elements[2].markup.kinds == [.note, .list])
        #expect(
            document.elements[0].markup.links == [
                ElementMarkup.Link(
                    range: 4..<5, href: "EPUB/c1.xhtml", fragment: "n1", target: 1, isNoteReference: true)
            ])
        #expect(
            document.elements[3].markup.links == [
                ElementMarkup.Link(
                    range: 9..<17, href: "EPUB/c1.xhtml", fragment: "n1", target: 1, isNoteReference: false)
            ])
        let read = utterances(events(document)).map(\.text)
        #expect(read == ["Four1.", "Five.", "Six, see the note."])
        // Following the link and reading from there reads the note, then goes on.
        let fromNote = utterances(events(document, from: ReadingPosition(element: 1, offset: 0))).map(\.text)
        #expect(fromNote == ["The note text.", "An endnote.", "Six, see the note."])
    }

    @Test("the table of contents gives its targets the heading trait and its titles")
    func tableOfContentsHeadings() throws {
        guard python else { return }
        var book = HostileEPUB()
        book.add("mimetype", "application/epub+zip")
        book.add("META-INF/container.xml", HostileEPUB.container("EPUB/package.opf"))
        book.add(
            "EPUB/package.opf",
            """
            <?xml version="1.0"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier>\
            <dc:title>Test</dc:title><dc:language>en</dc:language></metadata>
            <manifest><item id="nav" href="nav.xhtml" properties="nav" media-type="application/xhtml+xml"/>\
            <item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/></manifest>
            <spine><itemref idref="c1"/></spine></package>
            """)
        book.add(
            "EPUB/nav.xhtml",
            HostileEPUB.xhtml(
                body: """
                    <nav epub:type="toc"><ol><li><a href="c1.xhtml">Chapter One</a>\
                    <ol><li><a href="c1.xhtml#s2">Part Two</a></li></ol></li></ol></nav>
                    """))
        book.add(
            "EPUB/c1.xhtml",
            HostileEPUB.xhtml(body: "<h1>One</h1><p>First part.</p><p id=\"s2\">Second part starts.</p><p>More.</p>"))
        let epub = try EPUBBook(bytes: try book.bytes())
        let document = Document(epub: epub)
        let texts = document.elements.indices.map { document.elements[$0].string }
        #expect(texts == ["One", "First part.", "Second part starts.", "More."])
        guard texts.count == 4 else { return }
        let headings = document.elements.indices.filter { document.elements[$0].traits.contains(.heading) }
        #expect(headings == [0, 2])
        #expect(document.elements[0].markup.headingLevel == 1)
        #expect(document.elements[0].markup.headingTitle == nil, "a heading of its own keeps its text")
        #expect(document.elements[2].markup.headingTitle == "Part Two")
        #expect(document.elements[2].markup.headingLevel == 2, "its depth in the table of contents")
        let headingEvents = events(document).compactMap {
            if case .heading(let element, let text) = $0 { return "\(element) \(text)" }
            return nil
        }
        #expect(headingEvents == ["0 One", "2 Part Two"])
    }
}

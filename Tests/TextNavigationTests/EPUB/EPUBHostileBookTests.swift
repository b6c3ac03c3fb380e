import Foundation
import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// Hostile EPUB books, built with Python's zipfile: each is refused with a clear
/// ``EPUBError`` or read without harm, never a crash, a hang or a read outside the book.
@Suite("EPUB: hostile books")
struct EPUBHostileBookTests {
    private func read(_ book: HostileEPUB, limits: EPUBLimits = EPUBLimits()) throws -> Result<EPUBBook, EPUBError> {
        let bytes = try book.bytes()
        do throws(EPUBError) {
            return .success(try EPUBBook(bytes: bytes, limits: limits))
        } catch {
            return .failure(error)
        }
    }

    /// Why `book` is refused, or `nil` (with an issue recorded) when it is read.
    private func refusal(_ book: HostileEPUB, limits: EPUBLimits = EPUBLimits()) throws -> EPUBError? {
        switch try read(book, limits: limits) {
        case .success:
            Issue.record("the book was read")
            return nil
        case .failure(let error):
            return error
        }
    }

    private func text(of book: EPUBBook) -> String {
        let document = Document(epub: book)
        return document.elements.indices.map { document.elements[$0].string }.joined(separator: "\n")
    }

    private var python: Bool {
        if EPUBFixtures.python == nil { print("skipped: python3 is missing (it builds the hostile books)") }
        return EPUBFixtures.python != nil
    }

    @Test("a sound generated book reads (the generator works)")
    func soundBook() throws {
        guard python else { return }
        let book = try read(.book(body: "<p>Caf&eacute;&nbsp;au lait &mdash; &#x263A; &amp; more.</p>")).get()
        #expect(text(of: book) == "Café\u{A0}au lait — ☺ & more.")
    }

    @Test("an external entity naming a local file does not put the file into the text")
    func externalEntity() throws {
        guard python else { return }
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("readaloud-secret-\(UUID())")
        try "TOPSECRETMARKER".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let doctype = "<!DOCTYPE html [<!ENTITY xxe SYSTEM \"file://\(secret.path)\">]>"
        let result = try read(.book(body: "<p>Before &xxe; after.</p><p>Next.</p>", doctype: doctype))
        if case .success(let book) = result {
            #expect(!text(of: book).contains("TOPSECRETMARKER"))
            #expect(text(of: book).contains("Next."))
        }
    }

    @Test("an external DTD is never loaded")
    func externalDTD() throws {
        guard python else { return }
        let dtd = FileManager.default.temporaryDirectory.appendingPathComponent("readaloud-dtd-\(UUID()).dtd")
        try "<!ENTITY injected \"DTDWASLOADED\">".write(to: dtd, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: dtd) }
        let doctype = "<!DOCTYPE html SYSTEM \"file://\(dtd.path)\">"
        let result = try read(.book(body: "<p>A &injected; b.</p><p>Next.</p>", doctype: doctype))
        if case .success(let book) = result { #expect(!text(of: book).contains("DTDWASLOADED")) }
    }

    @Test("billion laughs: entity expansion is bounded, quickly")
    func billionLaughs() throws {
        guard python else { return }
        var entities = "<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let result = try read(.book(body: "<p>&lol9;</p>", doctype: "<!DOCTYPE html [\(entities)]>"))
        switch result {
        case .success(let book): #expect(text(of: book).count < 10_000)
        case .failure(let error): #expect("\(error)".contains("c1.xhtml"))
        }
    }

    @Test("a ZIP bomb entry: refused by its declared size, before inflating")
    func bombBySize() throws {
        guard python else { return }
        var book = HostileEPUB.book(body: "<p>Text.</p>")
        book.add("EPUB/bomb.xhtml", bytes: [UInt8](repeating: 0x20, count: 3 << 20))
        book.replace(
            "EPUB/package.opf", HostileEPUB.package(spine: ["b", "c1"], items: ["b": "bomb.xhtml", "c1": "c1.xhtml"]))
        let limits = EPUBLimits(maxEntrySize: 2 << 20)
        guard let error = try refusal(book, limits: limits) else { return }
        #expect(
            error == .limitExceeded(name: "EPUB/bomb.xhtml", reason: "would inflate to 3145728 bytes (at most 2097152)")
        )
    }

    @Test("a ZIP bomb entry: refused by its ratio")
    func bombByRatio() throws {
        guard python else { return }
        var book = HostileEPUB.book(body: "<p>Text.</p>")
        book.add("EPUB/bomb.xhtml", bytes: [UInt8](repeating: 0x20, count: 8 << 20))
        book.replace("EPUB/package.opf", HostileEPUB.package(spine: ["b"], items: ["b": "bomb.xhtml"]))
        guard let error = try refusal(book) else { return }
        #expect("\(error)".contains("EPUB/bomb.xhtml") && "\(error)".contains("times its compressed size"))
    }

    @Test("the whole book's inflated size is bounded")
    func totalSize() throws {
        guard python else { return }
        var book = HostileEPUB.book(body: "<p>" + String(repeating: "word ", count: 100_000) + "</p>")
        book.add("EPUB/c2.xhtml", HostileEPUB.xhtml(body: "<p>" + String(repeating: "more ", count: 100_000) + "</p>"))
        book.replace(
            "EPUB/package.opf", HostileEPUB.package(spine: ["c1", "c2"], items: ["c1": "c1.xhtml", "c2": "c2.xhtml"]))
        guard let error = try refusal(book, limits: EPUBLimits(maxTotalSize: 700_000)) else { return }
        #expect("\(error)".contains("EPUB/c2.xhtml"))
    }

    @Test("a declared size that lies is caught while inflating")
    func lyingSize() throws {
        guard python else { return }
        var book = HostileEPUB.book(body: "<p>" + String(repeating: "Many words here. ", count: 5_000) + "</p>")
        book.declaredSizes["EPUB/c1.xhtml"] = 100
        guard let error = try refusal(book) else { return }
        #expect("\(error)".contains("EPUB/c1.xhtml"), "\(error)")
    }

    @Test(
        "unsafe entry names are refused",
        arguments: [
            ("EPUB/../../evil.xhtml", "climbs out of the book"), ("/etc/evil.xhtml", "absolute path"),
            ("EPUB/c1.xhtml", "appears twice"),
        ])
    func unsafeNames(name: String, reason: String) throws {
        guard python else { return }
        var book = HostileEPUB.book(body: "<p>Text.</p>")
        book.add(name, "<p>x</p>")
        guard let error = try refusal(book) else { return }
        #expect("\(error)".contains(reason), "\(error)")
    }

    @Test("a name that is not UTF-8 is refused")
    func nonUTF8Name() throws {
        guard python else { return }
        var book = HostileEPUB.book(body: "<p>Text.</p>")
        book.add("EPUB/QQQQ.css", "x")
        book.replacements = [
            (Array("EPUB/QQQQ.css".utf8), Array("EPUB/".utf8) + [0xFF, 0xFE, 0x80, 0x81] + Array(".css".utf8))
        ]
        guard let error = try refusal(book) else { return }
        #expect("\(error)".contains("is not UTF-8"), "\(error)")
    }

    @Test("a container pointing at itself is refused")
    func containerPointsAtItself() throws {
        guard python else { return }
        var book = HostileEPUB.book(body: "<p>Text.</p>")
        book.replace("META-INF/container.xml", HostileEPUB.container("META-INF/container.xml"))
        guard let error = try refusal(book) else { return }
        #expect("\(error)".contains("names itself"))
    }

    @Test("a spine listing one document 100,000 times is refused; twice, it is read twice")
    func repeatedSpine() throws {
        guard python else { return }
        var book = HostileEPUB.book(body: "<p>Text.</p>")
        book.replace(
            "EPUB/package.opf",
            HostileEPUB.package(spine: Array(repeating: "c1", count: 100_000), items: ["c1": "c1.xhtml"]))
        // A ratio limit refuses the repetitive package document first; lifted, the spine
        // limit does.
        guard let ratio = try refusal(book) else { return }
        #expect("\(ratio)".contains("times its compressed size"))
        guard let error = try refusal(book, limits: EPUBLimits(maxRatio: 100_000)) else { return }
        #expect("\(error)".contains("100000 spine items"), "\(error)")
        // Within the item limit, a repeat is read at each occurrence (EPUB 3.3 lets a reading
        // system do so; the spine-length limit bounds the work).
        book.replace("EPUB/package.opf", HostileEPUB.package(spine: ["c1", "c1"], items: ["c1": "c1.xhtml"]))
        let repeated = try read(book).get()
        #expect(text(of: repeated) == "Text.\nText.")
        #expect(repeated.contentDocuments.map(\.href) == ["EPUB/c1.xhtml", "EPUB/c1.xhtml"])
    }

    @Test("nesting 100,000 levels deep: the document is reported by name, not read")
    func deepNesting() throws {
        guard python else { return }
        let deep = String(repeating: "<div>", count: 100_000) + "x" + String(repeating: "</div>", count: 100_000)
        var book = HostileEPUB.book(body: deep)
        book.add("EPUB/c2.xhtml", HostileEPUB.xhtml(body: "<p>The rest.</p>"))
        book.replace(
            "EPUB/package.opf", HostileEPUB.package(spine: ["c1", "c2"], items: ["c1": "c1.xhtml", "c2": "c2.xhtml"]))
        let lifted = EPUBLimits(maxRatio: 100_000)
        let book2 = try read(book, limits: lifted).get()
        #expect(text(of: book2) == "The rest.")
        #expect(book2.problems.count == 1)
        #expect(book2.problems.first?.contains("EPUB/c1.xhtml") == true)
        // Deep nesting in the package document refuses the book.
        book.replace("EPUB/package.opf", "<package>" + deep + "</package>")
        guard let error = try refusal(book, limits: lifted) else { return }
        #expect("\(error)".contains("EPUB/package.opf"))
    }

    @Test("garbage instead of XML: a content document is skipped by name, a package document refuses the book")
    func garbage() throws {
        guard python else { return }
        var book = HostileEPUB.book(body: "<p>Kept.</p>")
        book.add("EPUB/c2.xhtml", "\u{1}\u{2}<<<garbage>>>&&&")
        book.replace(
            "EPUB/package.opf", HostileEPUB.package(spine: ["c2", "c1"], items: ["c1": "c1.xhtml", "c2": "c2.xhtml"]))
        let readOn = try read(book).get()
        #expect(text(of: readOn) == "Kept.")
        #expect(readOn.problems.first?.contains("skipped EPUB/c2.xhtml") == true)
        // Only garbage: refused.
        book.replace("EPUB/package.opf", HostileEPUB.package(spine: ["c2"], items: ["c2": "c2.xhtml"]))
        guard let only = try refusal(book) else { return }
        #expect("\(only)".contains("EPUB/c2.xhtml"))
        book.replace("EPUB/package.opf", "garbage, not a package")
        guard let error = try refusal(book) else { return }
        #expect(error.description.hasPrefix("EPUB/package.opf is not well-formed XML"))
    }

    @Test("a document that is not well-formed is named with its first error; the rest is read")
    func malformedDocument() throws {
        guard python else { return }
        var book = HostileEPUB.book(body: "<p>Broken <b>here</p>")
        book.add("EPUB/c2.xhtml", HostileEPUB.xhtml(body: "<p>The rest is read.</p>"))
        book.replace(
            "EPUB/package.opf",
            HostileEPUB.package(spine: ["c1", "c2"], items: ["c1": "c1.xhtml", "c2": "c2.xhtml"]))
        let read = try read(book).get()
        #expect(text(of: read) == "The rest is read.")
        #expect(
            read.problems == [
                "skipped EPUB/c1.xhtml: EPUB/c1.xhtml is not well-formed XML: line 2: "
                    + "Opening and ending tag mismatch: b line 2 and p"
            ])
    }

    @Test("not a ZIP, or a wrong mimetype: refused")
    func notAnEPUB() throws {
        do {
            _ = try EPUBBook(bytes: Array("PK\u{3}\u{4}garbage that is no archive at all".utf8))
            Issue.record("garbage was read")
        } catch {
            guard error.code == .notAnArchive else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        guard python else { return }
        var book = HostileEPUB.book(body: "<p>Text.</p>")
        book.replace("mimetype", "application/zip")
        guard let error = try refusal(book) else { return }
        #expect("\(error)".contains("mimetype"))
    }

    @Test(
        "hidden, aria-hidden, script, style and page-break text are not read, footnotes not inline; images read alt text"
    )
    func whatIsNotRead() throws {
        guard python else { return }
        let body = """
            <p>One <span hidden="">HIDDEN1</span>two <span aria-hidden="true">HIDDEN2</span>three.</p>\
            <script>HIDDEN3</script><style>p{}</style>\
            <p>Four<a epub:type="noteref" href="#n1">1</a>.<span epub:type="pagebreak" title="12">12</span> Five.</p>\
            <aside epub:type="footnote" id="n1"><p>HIDDEN4 note.</p></aside>\
            <img src="a.png" alt="A red apple"/><img src="b.png" alt=""/>\
            <nav epub:type="page-list" hidden=""><ol><li><a href="#p">12</a></li></ol></nav>\
            <h2>Title <em>here</em></h2><ul><li>Item  one</li><li>Item&#10;two</li></ul>            <p><ruby>2H<sub>2</sub><rp>(</rp><rt>hydrogen</rt><rp>)</rp></ruby> and <ruby>山<rt>やま</rt>路<rt>みち</rt></ruby></p>
            """
        let book = try read(.book(body: body)).get()
        let document = Document(epub: book)
        let elements = document.elements.indices.map { document.elements[$0] }
        #expect(
            elements.map(\.string) == [
                "One two three.", "Four1. Five.", "HIDDEN4 note.", "A red apple", "Title here", "Item one", "Item two",
                "2H2 and 山路",
            ])
        #expect(elements.count == 8 && elements[2].markup.kinds == [.note])
        #expect(
            elements.last?.markup.ruby == [
                RubyAnnotation(range: 0..<3, reading: "hydrogen"), RubyAnnotation(range: 8..<9, reading: "やま"),
                RubyAnnotation(range: 9..<10, reading: "みち"),
            ])
        #expect(elements.count == 8 && elements[3].traits.contains(.image))
        #expect(elements.count == 8 && elements[4].markup.headingLevel == 2)
        #expect(book.printPages == [EPUBBook.PrintPage(label: "12", position: ReadingPosition(element: 1, offset: 6))])
    }
}

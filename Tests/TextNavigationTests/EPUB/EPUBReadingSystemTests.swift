import Foundation
import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// EPUB Reading Systems 3.3's requirements, each on a book built for it
/// (``ConformanceBooks``): metadata, duplicate spine items, fallbacks, SVG, navigation labels,
/// language, the container's compression and splitting, namespaces and remote resources.
@Suite("EPUB: reading-system requirements")
struct EPUBReadingSystemTests {
    private func book(_ name: String) throws -> EPUBBook? {
        guard let path = ConformanceBooks.path(name) else { return nil }
        return try EPUBBook(contentsOf: path)
    }

    private func refusal(_ name: String) -> EPUBError? {
        guard let path = ConformanceBooks.path(name) else { return nil }
        do {
            _ = try EPUBBook(contentsOf: path)
            Issue.record("\(name) was read")
            return nil
        } catch {
            return error
        }
    }

    private func elements(of book: EPUBBook) -> [any NavigableElement] {
        let document = Document(epub: book)
        return document.elements.indices.map { document.elements[$0] }
    }

    private func texts(of book: EPUBBook) -> [String] { elements(of: book).map(\.string) }

    @Test("title and creator: title-type main and display-seq chosen, white space collapsed, xml:lang and dir kept")
    func titleAndCreator() throws {
        guard let book = try book("metadata.epub") else { return }
        #expect(book.metadata.title == BookMetadata.Text("Le Grand Livre", language: "fr", direction: .leftToRight))
        #expect(book.title == "Le Grand Livre")
        // display-seq orders the creators; the package's xml:lang applies to one without its own.
        #expect(
            book.metadata.creators == [
                BookMetadata.Text("Erste Autorin", language: "de"), BookMetadata.Text("Second Author", language: "en"),
            ])
        guard let rtl = try self.book("metadata-rtl.epub") else { return }
        #expect(rtl.metadata.title == BookMetadata.Text("كتاب الاختبار", language: "ar", direction: .rightToLeft))
        // Neither the creator nor the package element has an xml:lang: none (dc:language is
        // the publication's, not the metadata's).
        #expect(rtl.metadata.creator == BookMetadata.Text("Anonymous"))
    }

    @Test("a spine item listed twice is read at each occurrence")
    func duplicateSpineItems() throws {
        guard let book = try book("duplicate-spine.epub") else { return }
        #expect(texts(of: book) == ["Chapter one.", "Chapter two.", "Chapter one."])
        #expect(book.contentDocuments.map(\.elements) == [0..<1, 1..<2, 2..<3])
        #expect(book.problems.isEmpty)
    }

    @Test("spine items that are no content document read through their fallback chains")
    func fallbacks() throws {
        guard let book = try book("fallbacks.epub") else { return }
        #expect(texts(of: book) == ["Page one text.", "Page two text.", "Page three text."])
        #expect(book.contentDocuments.map(\.href) == ["EPUB/page1.xhtml", "EPUB/page2.xhtml", "EPUB/page3.xhtml"])
        #expect(book.problems.isEmpty, "\(book.problems)")
    }

    @Test("no fallback, or a fallback cycle: that item is skipped with a warning, the rest reads")
    func brokenFallbacks() throws {
        guard let book = try book("no-fallback.epub") else { return }
        #expect(texts(of: book) == ["Readable text."])
        #expect(
            book.problems == [
                "skipped spine item 'lonely': it is image/png, not a content document, with no fallback to one",
                "skipped spine item 'cycle-a': its fallback chain loops (cycle-a → cycle-b → cycle-a)",
            ])
    }

    @Test("SVG: a content document's and an inline drawing's title, desc, text and tspan are read")
    func svg() throws {
        guard let book = try book("svg.epub") else { return }
        let elements = elements(of: book)
        #expect(
            elements.map(\.string) == [
                "A drawing", "Two boxes and a label.", "Hello bold world", "Second line", "Before the figure.",
                "Inline figure", "A described shape.", "Label inside", "After the figure.",
            ])
        #expect(elements.filter { $0.traits.contains(.image) }.map(\.string) == ["A drawing", "Inline figure"])
    }

    @Test("navigation labels: text with img alt; hidden and display:none entries make no heading")
    func navigationLabels() throws {
        guard let book = try book("nav-labels.epub") else { return }
        let entries = book.navigation.tableOfContents
        #expect(entries.map(\.title) == ["Chapter One", "Hidden entry", "Invisible entry", "Four"])
        #expect(entries.map(\.isHidden) == [false, true, true, false])
        let elements = elements(of: book)
        #expect(elements.map { $0.traits.contains(.heading) } == [true, false, false, true])
        #expect(elements.first?.markup.headingTitle == "Chapter One")
    }

    @Test("language and direction come from the content alone, never from dc:language")
    func language() throws {
        guard let book = try book("language.epub") else { return }
        #expect(book.language == "fr")
        let elements = elements(of: book)
        #expect(elements.map(\.language) == ["und", "de", "he"])
        #expect(elements.map(\.markup.direction) == [nil, nil, .rightToLeft])
        // Speech reads an element of no language with the listener's voice (the book's
        // language in the settings), not the package's French.
        let request = SpeechRequest(text: elements[0].string, language: elements[0].language)
        #expect(request.language == nil)
        #expect(SpeechRequest(text: "x", language: "de").language == "de")
    }

    @Test("entries compressed with bzip2 or LZMA are refused by name and method")
    func compression() {
        for (name, method) in [("bzip2.epub", "bzip2 (ZIP method 12)"), ("lzma.epub", "LZMA (ZIP method 14)")] {
            guard let error = refusal(name) else { continue }
            #expect(error.code == .unreadableEntry)
            #expect(error.entryName == "EPUB/c1.xhtml")
            #expect("\(error)".contains("compressed with \(method)"), "\(error)")
            #expect("\(error)".contains("stored or Deflate"))
        }
    }

    @Test("a split or spanned archive is named as such, from a file or from bytes")
    func splitArchives() throws {
        for name in ["split.epub", "spanned.epub"] {
            guard let error = refusal(name), let path = ConformanceBooks.path(name) else { continue }
            #expect(error.code == .notAnArchive)
            #expect("\(error)".contains("split (spanned or multi-disk) ZIP archive"), "\(name): \(error)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(throws: error) { try EPUBBook(bytes: bytes) }
            #expect(EPUBBook.isArchive(prefix: bytes), "\(name) is told to be an archive, not plain text")
        }
    }

    @Test("XML that is not namespace-well-formed is an error of that document; the rest reads")
    func namespaces() throws {
        guard let book = try book("namespace.epub") else { return }
        #expect(texts(of: book) == ["Good text."])
        #expect(book.problems.count == 1)
        #expect(book.problems.first?.contains("EPUB/bad.xhtml is not well-formed XML") == true, "\(book.problems)")
    }

    @Test("a remote spine item is skipped, never fetched; the rest reads")
    func remoteSpineItem() throws {
        guard let book = try book("remote-spine.epub") else { return }
        #expect(texts(of: book) == ["Local text."])
        #expect(
            book.problems == [
                "skipped spine item 'remote': its content document https://example.com/remote.xhtml is remote (never fetched)"
            ])
    }

    @Test("the books built for the features are real EPUBs: epubcheck finds no error")
    func epubcheck() throws {
        guard let folder = ConformanceBooks.folder else { return }
        // Debian's /usr/bin/epubcheck is the jar itself, run by java.
        let jar = "/usr/share/java/epubcheck.jar"
        guard FileManager.default.fileExists(atPath: jar), FileManager.default.isExecutableFile(atPath: "/usr/bin/java")
        else {
            print("skipped: epubcheck is missing (Debian's epubcheck package checks the books)")
            return
        }
        for name in ConformanceBooks.valid {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/java")
            process.arguments = ["-XX:TieredStopAtLevel=1", "-jar", jar, folder.appendingPathComponent(name).path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(name): \(text)")
            #expect(text.contains("0 fatals / 0 errors"), "\(name): \(text)")
        }
    }
}

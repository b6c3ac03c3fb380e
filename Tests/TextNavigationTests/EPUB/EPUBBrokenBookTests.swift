import Foundation
import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// The broken books of the corpus (`Tests/Fixtures/epub/broken/`), each with its outcome.
@Suite("EPUB: the broken corpus books")
struct EPUBBrokenBookTests {
    private func open(_ name: String) throws(EPUBError) -> EPUBBook {
        try EPUBBook(contentsOf: EPUBFixtures.path("broken/\(name)"))
    }

    @Test("no META-INF/container.xml: refused, naming it")
    func containerMissing() {
        #expect(
            throws: EPUBError.missingEntry(
                name: "META-INF/container.xml", reason: "an EPUB must have one to name its package document")
        ) {
            try open("epubcheck-ocf-container-file-missing-fatal.epub")
        }
    }

    @Test("the package document named by the container is absent: refused, naming it")
    func packageMissing() {
        #expect(
            throws: EPUBError.missingEntry(
                name: "EPUB/package.opf", reason: "the package document named by META-INF/container.xml")
        ) {
            try open("epubcheck-ocf-package-document-missing-fatal.epub")
        }
    }

    @Test("an empty file: refused as no archive")
    func empty() {
        do {
            _ = try open("epubcheck-ocf-zip-unreadable-empty-fatal.epub")
            Issue.record("an empty file was read")
        } catch {
            guard error.code == .notAnArchive else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test("no mimetype entry: accepted (as reading systems do), the book read whole")
    func mimetypeMissing() throws {
        let book = try open("epubcheck-ocf-mimetype-file-missing-error.epub")
        #expect(book.problems.isEmpty)
        #expect(book.elementCount > 0)
    }

    @Test("a manifest item outside the spine is missing: the book reads whole, nothing to skip")
    func manifestItemMissing() throws {
        let book = try open("epubcheck-package-manifest-item-missing-error.epub")
        #expect(book.problems.isEmpty)
        #expect(Document(epub: book).elements.count > 0)
    }

    @Test("an NCX entry points to a missing file: the book is readable")
    func ncxMissingResource() throws {
        let book = try open("epubcheck-epub2-ncx-missing-resource-error.epub")
        #expect(book.elementCount > 0)
        #expect(book.problems.isEmpty)
    }
}

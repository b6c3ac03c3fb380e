import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

#if canImport(Glibc)
    import Glibc
#endif

/// `OpenedBook` opens a path, a stream or bytes and tells EPUB from plain text by content, with
/// one error type whose codes say what to do.
@Suite struct OpenedBookTests {
    static let alice = Fixtures.repositoryRoot.appendingPathComponent("Books/alice-in-wonderland.txt").path
    static let epub = EPUBFixtures.path("idpf-childrens-literature.epub")

    /// The texts of a document's elements, in order.
    static func texts(_ document: Document) -> [String] {
        document.elements.map(\.string)
    }

    @Test func aPlainTextFileOpensAsTheBookItIs() throws {
        let opened = try OpenedBook(contentsOf: Self.alice, options: .init(locale: "en-GB"))
        let book = try PlainTextBook(contentsOf: Self.alice)
        #expect(opened.plainText != nil && opened.epub == nil)
        #expect(opened.locale == "en-GB" && opened.name == Self.alice)
        #expect(Self.texts(opened.document) == Self.texts(Document(book: book)))
        #expect(opened.problems.isEmpty)
    }

    @Test func anEPUBIsKnownByItsBytesWhateverItsName() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.epub)))
        let renamed = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID()).txt")
        try Data(bytes).write(to: renamed)
        defer { try? FileManager.default.removeItem(at: renamed) }
        let byPath = try OpenedBook(contentsOf: renamed.path)
        let byBytes = try OpenedBook(bytes: bytes, name: "the book")
        let expected = Self.texts(Document(epub: try EPUBBook(contentsOf: Self.epub)))
        #expect(byPath.epub != nil && byPath.plainText == nil)
        #expect(Self.texts(byPath.document) == expected)
        #expect(Self.texts(byBytes.document) == expected)
    }

    @Test(arguments: [false, true]) func aStreamIsReadToItsEndInEitherFormat(isEPUB: Bool) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: isEPUB ? Self.epub : Self.alice))
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        let (reader, writing) = (descriptors[0], descriptors[1])
        let writer = Thread {
            bytes.withUnsafeBytes { raw in
                var written = 0
                while written < raw.count {
                    let count = write(writing, raw.baseAddress! + written, raw.count - written)
                    if count <= 0 { break }
                    written += count
                }
            }
            close(writing)
        }
        writer.start()
        defer { close(reader) }
        let opened = try OpenedBook(fileDescriptor: reader, name: "the pipe")
        #expect((opened.epub != nil) == isEPUB)
        #expect(
            opened.document.elements.count == (try OpenedBook(bytes: [UInt8](bytes), name: "b")).document.elements.count
        )
    }

    @Test func eachWayOfFailingHasItsCode() throws {
        func code(_ open: () throws(BookOpenError) -> OpenedBook) -> BookOpenError.Code? {
            do {
                _ = try open()
                return nil
            } catch {
                return error.code
            }
        }
        #expect(code { () throws(BookOpenError) in try OpenedBook(contentsOf: "/nonexistent/book.txt") } == .unreadable)
        #expect(code { () throws(BookOpenError) in try OpenedBook(contentsOf: "/tmp") } == .unreadable)
        #expect(
            code { () throws(BookOpenError) in try OpenedBook(bytes: [0x61, 0x00, 0x62], name: "b") } == .invalidText)
        #expect(
            code { () throws(BookOpenError) in try OpenedBook(bytes: [0x61, 0xC0, 0xAF], name: "b") } == .invalidText)
        #expect(code { () throws(BookOpenError) in try OpenedBook(bytes: Array(" \n\t\n".utf8), name: "b") } == .noText)
        // A ZIP signature, then nothing an archive needs.
        #expect(
            code { () throws(BookOpenError) in try OpenedBook(bytes: [0x50, 0x4B, 0x03, 0x04, 1, 2], name: "b") }
                == .invalidEPUB)
    }

    @Test func theErrorNamesTheBookAndSaysWhatIsWrong() {
        do {
            _ = try OpenedBook(bytes: [0x61, 0x00], name: "notes.bin")
            Issue.record("a binary book opened")
        } catch {
            #expect(error.description.hasPrefix("notes.bin: this looks like a binary file"), "\(error)")
            #expect(error.plainTextError == .binary(byteOffset: 1))
        }
    }
}

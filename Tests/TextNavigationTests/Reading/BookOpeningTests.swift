import Foundation
import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// A book opened at a locator (``BookOpening``) reads what a session over the whole book from
/// the same locator reads: the first utterance from a window of the file, the rest from the
/// whole book, nothing skipped or read twice across the hand-over.
@Suite struct BookOpeningTests {
    /// The first `count` events of a whole-book session from `locator`, as a reader opening the
    /// book at it gets them.
    static func referenceEvents(
        _ document: Document, from locator: Locator, _ granularity: TextGranularity, count: Int
    ) throws -> [ReadingEvent] {
        let session = ReadingSession(
            document: document, granularity: granularity, from: try locator.resolve(in: document),
            deferringPagination: true)
        return Array(session.prefix(count))
    }

    /// The first `count` events of `opening`: its first events, then its session's.
    static func events(_ opening: BookOpening, count: Int) throws -> [ReadingEvent] {
        let session = try opening.session()
        return Array((opening.firstEvents + session.prefix(count)).prefix(count))
    }

    /// Records where two event lists differ (utterances: text, range, element, page).
    static func expectSame(
        _ events: [ReadingEvent], _ reference: [ReadingEvent], _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(events.count == reference.count, "\(label)", sourceLocation: sourceLocation)
        for (index, (event, expected)) in zip(events, reference).enumerated() where event != expected {
            Issue.record("\(label): event \(index) is \(event), not \(expected)", sourceLocation: sourceLocation)
            return
        }
    }

    /// The positions to open a document at: the first element's start, a middle element's middle,
    /// a heading, the last element's start and end.
    static func positions(in document: Document) -> [ReadingPosition] {
        let count = document.elements.count
        let middle = count / 2
        var positions = [
            ReadingPosition(element: 0, offset: 0),
            ReadingPosition(element: middle, offset: document.elements[middle].text.count / 2),
            ReadingPosition(element: count / 3, offset: 0),
            ReadingPosition(element: count - 1, offset: 0),
            ReadingPosition(element: count - 1, offset: document.elements[count - 1].text.count),
        ]
        if let heading = (count / 4..<count).first(where: { document.elements[$0].traits.contains(.heading) }) {
            positions.append(ReadingPosition(element: heading, offset: 0))
        }
        return positions
    }

    static let books = [
        "Books/alice-in-wonderland.txt", "Books/udhr-arabic.txt", "Books/lunyu-analects.txt", "Books/kokoro.txt",
        "Books/rashomon.txt", "Tests/Fixtures/books/moby-dick.txt",
    ]

    @Test(arguments: books)
    func anOpenedBookReadsAsTheWholeBookDoes(path: String) throws {
        let japanese = path.contains("kokoro") || path.contains("rashomon")
        let locale = path.contains("arabic") ? "ar" : path.contains("lunyu") ? "zh" : japanese ? "ja" : "en"
        let document = Document(book: try PlainTextBook(contentsOf: path), locale: locale)
        for position in Self.positions(in: document) {
            let locator = Locator(position: position, in: document)
            // Only an element without text (Aozora markup alone) has no byte offset.
            #expect((locator.sourceByteOffset == nil) == document.elements[position.element].text.isEmpty)
            for granularity in [TextGranularity.sentence, .word, .paragraph] {
                let opening = BookOpening(contentsOf: path, from: locator, granularity: granularity, locale: locale)
                let label = "\(path) at \(position), by \(granularity)"
                if locator.sourceByteOffset != nil,
                    position.element != document.elements.count - 1 || position.offset == 0
                {
                    #expect(!opening.firstEvents.isEmpty, "\(label): the window was not used")
                }
                Self.expectSame(
                    try Self.events(opening, count: 40),
                    try Self.referenceEvents(document, from: locator, granularity, count: 40), label)
            }
        }
    }

    /// A large book, opened in its middle, read across the hand-over for a while.
    @Test func aLargeBookOpenedInItsMiddleReadsAsTheWholeBook() throws {
        let alice = try #require(FileManager.default.contents(atPath: "Books/alice-in-wonderland.txt")).map { $0 }
        var bytes: [UInt8] = []
        while bytes.count < 3_000_000 { bytes += alice + [0x0A, 0x0A] }
        try PlainTextBookFileTests.withFile(bytes) { path in
            let document = Document(book: try PlainTextBook(contentsOf: path))
            let middle = document.elements.count / 2
            let locator = Locator(
                position: ReadingPosition(element: middle, offset: document.elements[middle].text.count / 2),
                in: document)
            let opening = BookOpening(contentsOf: path, from: locator)
            #expect(!opening.firstEvents.isEmpty)
            Self.expectSame(
                try Self.events(opening, count: 300),
                try Self.referenceEvents(document, from: locator, .sentence, count: 300), "synthetic")
        }
    }

    /// A locator without a byte offset (made before it was kept) reads the whole book first.
    @Test func aLocatorWithoutAByteOffsetOpensTheWholeBook() throws {
        let path = "Books/alice-in-wonderland.txt"
        let document = Document(book: try PlainTextBook(contentsOf: path))
        var locator = Locator(position: ReadingPosition(element: 400, offset: 10), in: document)
        locator.sourceByteOffset = nil
        let old = try Locator(json: locator.json)
        #expect(old.sourceByteOffset == nil && !locator.json.contains("source"))
        let opening = BookOpening(contentsOf: path, from: old)
        #expect(opening.firstEvents.isEmpty)
        Self.expectSame(
            try Self.events(opening, count: 20), try Self.referenceEvents(document, from: old, .sentence, count: 20),
            "no byte offset")
    }

    /// A file edited since the locator was made: a paragraph before it split in two (the
    /// locator's bytes unchanged, its element one further on), or text inserted before it
    /// (its bytes moved). Reading starts where the locator's text now is.
    @Test(arguments: ["split before", "inserted before"])
    func aLocatorOfAnEditedFileOpensWhereItsTextIs(edit: String) throws {
        var bytes = try #require(FileManager.default.contents(atPath: "Books/alice-in-wonderland.txt")).map { $0 }
        let document = Document(book: try PlainTextBook(bytes: bytes))
        let locator = Locator(position: ReadingPosition(element: 500, offset: 5), in: document)
        let earlier = try #require(document.bookParagraphs?[300].sourceMap.anchors.first?.byteOffset)
        let space = try #require(bytes[(earlier + 10)...].firstIndex(of: 0x20))
        if edit == "split before" {
            bytes.replaceSubrange((space - 1)...space, with: [0x0A, 0x0A])  // same length, one more paragraph
        } else {
            bytes.insert(contentsOf: Array("An inserted paragraph.\n\n".utf8), at: earlier)
        }
        try PlainTextBookFileTests.withFile(bytes) { path in
            let edited = Document(book: try PlainTextBook(contentsOf: path))
            let opening = BookOpening(contentsOf: path, from: locator)
            if edit == "inserted before" { #expect(opening.firstEvents.isEmpty) }
            let reference = try Self.referenceEvents(edited, from: locator, .sentence, count: 20)
            let session = try opening.session()
            Self.expectSame(Array(session.prefix(20)), reference, edit)
            guard case .utterance(let first) = reference.first else { return #expect(Bool(false)) }
            #expect(first.element == 501)
        }
    }

    /// A file cut short after the locator was made: the locator's text is gone, so opening
    /// reads nothing and says why; a file changed while the whole book loads is reported.
    @Test func aFileCutShortOrChangedWhileLoadingIsReported() throws {
        let bytes = try #require(FileManager.default.contents(atPath: "Tests/Fixtures/books/moby-dick.txt")).map { $0 }
        let document = Document(book: try PlainTextBook(bytes: bytes))
        let late = document.elements.count * 3 / 4
        let locator = Locator(position: ReadingPosition(element: late, offset: 0), in: document)
        try PlainTextBookFileTests.withFile(Array(bytes.prefix(bytes.count / 2))) { path in
            let opening = BookOpening(contentsOf: path, from: locator)
            #expect(opening.firstEvents.isEmpty)
            #expect(throws: BookOpeningError.locator(.notFound)) { try opening.session() }
        }
        try PlainTextBookFileTests.withFile(bytes) { path in
            MappedFile.chunkCopied.withLock { observer in
                observer = { changed, copied in
                    guard changed == path, copied == 1 << 20, let file = FileHandle(forWritingAtPath: path) else {
                        return
                    }
                    try? file.truncate(atOffset: 1000)
                    try? file.close()
                }
            }
            defer { MappedFile.chunkCopied.withLock { $0 = nil } }
            let opening = BookOpening(contentsOf: path, from: locator)
            #expect(!opening.firstEvents.isEmpty)
            #expect(throws: BookOpeningError.loading(.changedWhileReading(path: path))) { try opening.session() }
        }
    }
}

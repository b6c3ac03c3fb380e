import Foundation
import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// A book assembled in chunks, on every core, is the same book as one pass over the whole file
/// makes: the same buffer, unit for unit, and the same paragraphs (ranges, kinds, page breaks,
/// source maps, ruby readings), however the file is cut.
@Suite struct ChunkedAssemblyTests {
    /// The book of `bytes`, its paragraphs assembled in chunks as `chunking` says.
    static func load(_ bytes: [UInt8], _ chunking: ParagraphAssembler.Chunking) throws -> PlainTextBook {
        try bytes.withUnsafeBufferPointer { bytes in
            try PlainTextBook.load(bytes, options: PlainTextBook.Options(), file: nil, chunking: chunking)
        }
    }

    /// How many chunks `chunking` cuts `bytes` into (a file read as hard-wrapped or not).
    static func chunkCount(_ bytes: [UInt8], _ chunking: ParagraphAssembler.Chunking, hardWrapped: Bool) -> Int {
        bytes.withUnsafeBufferPointer { source in
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            let assembler = ParagraphAssembler(source: source, start: start, dropsAozoraMarkup: false, file: nil)
            return assembler.chunks(chunking, hardWrapped: hardWrapped).count
        }
    }

    /// Records where `chunked` differs from `whole`, the first difference only.
    static func expectIdentical(
        _ chunked: PlainTextBook, _ whole: PlainTextBook, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(chunked.isHardWrapped == whole.isHardWrapped, "\(label)", sourceLocation: sourceLocation)
        #expect(
            Array(chunked.buffer.units) == Array(whole.buffer.units), "\(label): buffers differ",
            sourceLocation: sourceLocation)
        #expect(chunked.paragraphs.count == whole.paragraphs.count, "\(label)", sourceLocation: sourceLocation)
        for (index, (left, right)) in zip(chunked.paragraphs, whole.paragraphs).enumerated() {
            guard
                left.kind == right.kind, left.startsPage == right.startsPage,
                left.text.bufferRange == right.text.bufferRange, left.sourceMap.anchors == right.sourceMap.anchors,
                left.rubyAnnotations == right.rubyAnnotations
            else {
                Issue.record(
                    "\(label): paragraph \(index) differs: \(left.text.string.prefix(60))",
                    sourceLocation: sourceLocation)
                return
            }
        }
    }

    static let books = [
        "Books/alice-in-wonderland.txt", "Books/kokoro.txt", "Books/lunyu-analects.txt", "Books/rashomon.txt",
        "Books/udhr-arabic.txt", "Tests/Fixtures/books/moby-dick.txt",
    ]

    /// Every bundled book and the corpus's other book, cut into a few chunks and into many.
    @Test(arguments: books)
    func aBookAssembledInChunksIsTheBookOfOnePass(path: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        let whole = try Self.load(bytes, .atMost(1, minimumBytes: 1))
        for count in [2, 3, 8, 200] {
            let chunking = ParagraphAssembler.Chunking.atMost(count, minimumBytes: 1)
            #expect(
                Self.chunkCount(bytes, chunking, hardWrapped: whole.isHardWrapped) > 1, "\(path) is not cut into chunks"
            )
            Self.expectIdentical(try Self.load(bytes, chunking), whole, "\(path) in \(count) chunks")
        }
    }

    /// A large file, cut as a reader's load cuts it (one chunk a core), from its file and from
    /// its bytes.
    @Test func aLargeBookAssembledOnEveryCoreIsTheBookOfOnePass() throws {
        let alice = try #require(FileManager.default.contents(atPath: "Books/alice-in-wonderland.txt")).map { $0 }
        var bytes: [UInt8] = []
        while bytes.count < 3_000_000 { bytes += alice + [0x0A, 0x0A] }
        let whole = try Self.load(bytes, .atMost(1, minimumBytes: 1))
        Self.expectIdentical(try Self.load(bytes, .automatic), whole, "from bytes")
        try PlainTextBookFileTests.withFile(bytes) { path in
            Self.expectIdentical(try PlainTextBook(contentsOf: path), whole, "from its file")
        }
    }

    /// Small texts with what a cut must keep: blank lines (LF, CR LF, CR, white space), form
    /// feeds before and after blank lines (the page break goes to the next paragraph, however
    /// many chunks of blank lines lie between), chapter headings and their titles, indented
    /// verse, emphasis marks, Aozora ruby, and one line a paragraph.
    static let smallTexts: [String: String] = [
        "tricky": String(decoding: PlainTextBookFileTests.tricky, as: UTF8.self),
        "form feeds": "one\n\n\u{0C}\n\n\ntwo\u{0C}\n\n \n\t\nthree\u{0C}\u{0C}four\n\n\u{0C}",
        "headings, verse, emphasis":
            "CHAPTER I.\r\nDown the Rabbit-Hole\r\n\r\nAlice was _very_\r\ntired of\r\n\r\n  verse one\r\n"
            + "  verse two\r\n\r\n# Title\r\ntext",
        "Aozora": "第一章\n\n吾輩は｜猫《ねこ》である。\n名前はまだ無い。\n\n\u{3000}どこで生れたか《とんと》見当がつかぬ。\n何でも薄暗い\u{0C}じめじめした所で",
        "a paragraph a line": (0..<300).map {
            "line \($0) of a text whose every line is a paragraph, longer than a hundred cells so that it is not "
                + "read as hard-wrapped\n"
        }.joined(),
        "CR": "a\rb\r\rc\r\r\rd\r\u{0C}\re",
    ]

    /// Each small text cut into a few chunks, and at every place a chunk can start.
    @Test(arguments: smallTexts.keys.sorted())
    func aSmallTextCutAnywhereIsTheTextOfOnePass(name: String) throws {
        let bytes = Array(try #require(Self.smallTexts[name]).utf8)
        let whole = try Self.load(bytes, .atMost(1, minimumBytes: 1))
        for count in [2, 3, 5, bytes.count] {
            let chunking = ParagraphAssembler.Chunking.atMost(count, minimumBytes: 1)
            Self.expectIdentical(try Self.load(bytes, chunking), whole, "\(name) in at most \(count) chunks")
        }
        let everywhere = ParagraphAssembler.Chunking.atMost(bytes.count, minimumBytes: 1)
        #expect(Self.chunkCount(bytes, everywhere, hardWrapped: whole.isHardWrapped) > 2)
    }

    /// A file of less than twice the fewest bytes of a chunk is one chunk: a few kilobytes left
    /// over for a second core would cost a thread and its memory for nothing. Twice that is cut
    /// in two (on a machine of two cores or more).
    @Test func aFileUnderTwiceTheMinimumIsOneChunk() throws {
        let kokoro = try BookDocuments.bytes("kokoro.txt")
        let minimum = ParagraphAssembler.minimumChunkBytes
        #expect(kokoro.count > minimum && kokoro.count < 2 * minimum)
        #expect(Self.chunkCount(kokoro, .automatic, hardWrapped: false) == 1)
        let doubled = kokoro + Array("\n\n".utf8) + kokoro
        #expect(Self.chunkCount(doubled, .automatic, hardWrapped: false) == min(2, EveryCore.count))
    }
}

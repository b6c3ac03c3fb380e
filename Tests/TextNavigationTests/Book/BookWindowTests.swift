import Foundation
import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// A window of a book's file (`BookWindow`) holds the paragraphs the whole book has there: the
/// same kinds and texts, and the same source maps once counted from the window's start.
@Suite struct BookWindowTests {
    /// The whole book at `path` and its paragraphs' first bytes.
    static func load(_ path: String) throws -> (book: PlainTextBook, starts: [Int]) {
        let book = try PlainTextBook(contentsOf: path)
        let starts = book.paragraphs.map { paragraph in
            paragraph.sourceMap.byteOffset(forUTF16Offset: 0, in: paragraph.text) ?? -1
        }
        return (book, starts)
    }

    /// The paragraphs to open windows at: the first, the last, and a few between.
    static func samples(_ count: Int) -> [Int] {
        Array(
            Set(
                [0, 1, count / 7, count / 3, count / 2, 2 * count / 3, count - 2, count - 1].filter {
                    $0 >= 0 && $0 < count
                })
        )
        .sorted()
    }

    /// Records where the window's paragraphs differ from the whole book's.
    static func expectSame(
        _ window: BookWindow, at index: Int, in whole: PlainTextBook, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let first = index - window.paragraph
        #expect(first >= 0 && first + window.book.paragraphs.count <= whole.paragraphs.count, "\(label)")
        guard first >= 0, first + window.book.paragraphs.count <= whole.paragraphs.count else { return }
        #expect(window.book.isHardWrapped == whole.isHardWrapped, "\(label)", sourceLocation: sourceLocation)
        for (offset, part) in window.book.paragraphs.enumerated() {
            let paragraph = whole.paragraphs[first + offset]
            let anchors = part.sourceMap.anchors.map {
                [$0.paragraphOffset, $0.byteOffset + window.byteBase, $0.isSoftWrap ? 1 : 0]
            }
            let wholeAnchors = paragraph.sourceMap.anchors.map {
                [$0.paragraphOffset, $0.byteOffset, $0.isSoftWrap ? 1 : 0]
            }
            guard part.kind == paragraph.kind, part.text.string == paragraph.text.string, anchors == wholeAnchors,
                offset == 0 || part.startsPage == paragraph.startsPage,
                part.rubyAnnotations == paragraph.rubyAnnotations
            else {
                let texts = "\(part.text.string.prefix(50)) / \(paragraph.text.string.prefix(50))"
                Issue.record(
                    "\(label): window paragraph \(offset) differs from paragraph \(first + offset): \(texts)",
                    sourceLocation: sourceLocation)
                return
            }
        }
    }

    /// Every bundled book (the Japanese ones' windows hold Aozora markup, left out as the whole
    /// book leaves it out) and the corpus's other book.
    static let books = [
        "Books/alice-in-wonderland.txt", "Books/udhr-arabic.txt", "Books/lunyu-analects.txt",
        "Books/kokoro.txt", "Books/rashomon.txt", "Tests/Fixtures/books/moby-dick.txt",
    ]

    @Test(arguments: books)
    func aWindowHoldsTheParagraphsOfTheWholeBook(path: String) throws {
        let (whole, starts) = try Self.load(path)
        for index in Self.samples(whole.paragraphs.count) {
            // A paragraph of markup alone (Aozora's `［＃改ページ］`) has no text, and no byte.
            guard starts[index] >= 0 else {
                #expect(whole.paragraphs[index].text.count == 0)
                continue
            }
            let window = try #require(
                BookWindow.read(path: path, textStart: starts[index], options: PlainTextBook.Options()),
                "\(path): no window at paragraph \(index)")
            #expect(window.book.paragraphs.count > 1, "\(path) at \(index)")
            Self.expectSame(window, at: index, in: whole, "\(path) at \(index)")
        }
    }

    /// Aozora markup in a window is left out only when the head and the window show the whole
    /// file leaves it out (a reading, and a note or a colophon): not for a Chinese book whose
    /// `《…》` are titles, nor for a file whose only note comes after the window.
    @Test func aWindowWithMarkupIsMadeOnlyWhenTheWholeFileLeavesItOut() throws {
        let lines = (0..<20000).map { "第\($0)行、漢字《かんじ》と｜振り仮名《ふりがな》。\n\n" }.joined()
        for (text, made) in [("［＃注］\n\n" + lines, true), (lines + "［＃注］\n", false), (lines, false)] {
            try PlainTextBookFileTests.withFile(Array(text.utf8)) { path in
                let (whole, starts) = try Self.load(path)
                let middle = whole.paragraphs.count / 2
                let window = BookWindow.read(path: path, textStart: starts[middle], options: .init())
                #expect((window != nil) == made, "\(text.prefix(12))")
                if let window { Self.expectSame(window, at: middle, in: whole, "\(text.prefix(12))") }
            }
        }
    }

    /// A large hard-wrapped book (the head's sample takes more than one read), its windows far
    /// from its start.
    @Test func aWindowOfALargeBookHoldsItsParagraphs() throws {
        let alice = try #require(FileManager.default.contents(atPath: "Books/alice-in-wonderland.txt")).map { $0 }
        var bytes: [UInt8] = []
        while bytes.count < 3_000_000 { bytes += alice + [0x0A, 0x0A] }
        try PlainTextBookFileTests.withFile(bytes) { path in
            let (whole, starts) = try Self.load(path)
            for index in Self.samples(whole.paragraphs.count) {
                let window = try #require(
                    BookWindow.read(path: path, textStart: starts[index], options: PlainTextBook.Options()))
                Self.expectSame(window, at: index, in: whole, "synthetic at \(index)")
            }
        }
    }

    /// Small texts with what a cut must keep (CR LF and CR lines, form feeds, headings and
    /// their titles, verse, one line a paragraph, a byte-order mark), at every paragraph, the
    /// window reaching from a byte to the whole text (so cut at every place it can be).
    @Test(arguments: ["form feeds", "headings, verse, emphasis", "a paragraph a line", "CR"])
    func aWindowOfASmallTextHoldsItsParagraphs(name: String) throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array(try #require(ChunkedAssemblyTests.smallTexts[name]).utf8)
        try PlainTextBookFileTests.withFile(bytes) { path in
            let (whole, starts) = try Self.load(path)
            for index in whole.paragraphs.indices {
                for reach in [1, 2, 3, 8, 64, BookWindow.initialReach] {
                    let window = try #require(
                        BookWindow.read(path: path, textStart: starts[index], options: .init(), reach: reach),
                        "\(name): no window at paragraph \(index)")
                    Self.expectSame(window, at: index, in: whole, "\(name) at \(index), reaching \(reach)")
                }
            }
        }
    }

    /// Texts where a window decides nothing for itself: a hard-wrapped head (its sample says so)
    /// with long lines further on, which a sample of the window alone would read as one line a
    /// paragraph; and one line a paragraph with chapter lines after text lines (not headings,
    /// since no block starts there) and after blank lines (headings).
    static let bookWideTexts: [String: String] = [
        "hard-wrapped head":
            (0..<1000).map { "Short line \($0) of a block,\nand one more line\nand another\nand the last.\n\n" }
            .joined()
            + (0..<100).map { number in
                String(repeating: "A long line \(number) that goes on and on past a hundred cells. ", count: 3)
                    + "\n" + String(repeating: "Its second line, as long. ", count: 6) + "\n\n"
            }.joined(),
        "chapter lines": (0..<60).map { number in
            String(repeating: "A line that is a paragraph of its own, longer than a hundred cells. ", count: 2)
                + (number % 3 == 0 ? "\nCHAPTER \(number).\n" : number % 3 == 1 ? "\n\nCHAPTER \(number).\n\n" : "\n")
        }.joined(),
    ]

    @Test(arguments: bookWideTexts.keys.sorted())
    func aWindowTakesTheBookWideDecisions(name: String) throws {
        let bytes = Array(try #require(Self.bookWideTexts[name]).utf8)
        try PlainTextBookFileTests.withFile(bytes) { path in
            let (whole, starts) = try Self.load(path)
            #expect(whole.paragraphs.contains { $0.kind == .heading } == (name == "chapter lines"))
            let indices = name == "chapter lines" ? Array(whole.paragraphs.indices) : Array(starts.indices.suffix(220))
            for index in indices {
                for reach in [1, 8, 64, BookWindow.initialReach] {
                    let window = try #require(
                        BookWindow.read(path: path, textStart: starts[index], options: .init(), reach: reach))
                    Self.expectSame(window, at: index, in: whole, "\(name) at \(index), reaching \(reach)")
                }
            }
        }
    }

    /// No window where no paragraph's text starts at the byte (a file edited since), past the
    /// end, for lossy reading, or in a file with a UTF-16 byte-order mark.
    @Test func noWindowWhereItCannotBeTheBooks() throws {
        let path = "Books/alice-in-wonderland.txt"
        let (whole, starts) = try Self.load(path)
        let middle = whole.paragraphs.count / 2
        #expect(BookWindow.read(path: path, textStart: starts[middle] + 1, options: .init()) == nil)
        #expect(BookWindow.read(path: path, textStart: 1 << 30, options: .init()) == nil)
        #expect(BookWindow.read(path: path, textStart: -1, options: .init()) == nil)
        #expect(BookWindow.read(path: path, textStart: starts[middle], options: .init(lossy: true)) == nil)
        #expect(BookWindow.read(path: "/nonexistent/book.txt", textStart: 0, options: .init()) == nil)
        try PlainTextBookFileTests.withFile([0xFF, 0xFE] + Array("a\n\nb".utf8)) { utf16 in
            #expect(BookWindow.read(path: utf16, textStart: 5, options: .init()) == nil)
        }
        // Bad UTF-8 in the window: the whole load reports it.
        var bytes = Array("one\n\ntwo\n\nthree\n".utf8)
        bytes[6] = 0xFF
        try PlainTextBookFileTests.withFile(bytes) { bad in
            #expect(BookWindow.read(path: bad, textStart: 0, options: .init()) == nil)
        }
    }
}

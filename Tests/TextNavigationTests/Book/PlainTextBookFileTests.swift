import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

/// Reading a book from its file (`PlainTextBook(contentsOf:)`, mapped and let go as it is read)
/// and from bytes the caller owns gives the same book as reading its bytes, with the same
/// errors at the same byte offsets; the UTF-16 buffer holds exactly the text.
@Suite struct PlainTextBookFileTests {
    /// A temporary file holding `bytes`, removed by `body`'s end.
    @discardableResult
    static func withFile<R>(_ bytes: [UInt8], _ body: (String) throws -> R) throws -> R {
        let path = NSTemporaryDirectory() + "/readaloud-book-\(UUID().uuidString).txt"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// Both books have the same paragraphs (kind, text, page break, source map), buffer and
    /// wrapping.
    static func expectSame(
        _ lhs: PlainTextBook, _ rhs: PlainTextBook, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(lhs.isHardWrapped == rhs.isHardWrapped, sourceLocation: sourceLocation)
        #expect(lhs.buffer.count == rhs.buffer.count, sourceLocation: sourceLocation)
        #expect(lhs.paragraphs.count == rhs.paragraphs.count, sourceLocation: sourceLocation)
        for (left, right) in zip(lhs.paragraphs, rhs.paragraphs) {
            guard
                left.kind == right.kind, left.startsPage == right.startsPage,
                left.text.bufferRange == right.text.bufferRange, left.text.string == right.text.string,
                left.sourceMap == right.sourceMap
            else {
                Issue.record("paragraphs differ: \(left.text.string.prefix(60))", sourceLocation: sourceLocation)
                return
            }
        }
    }

    static let tricky = Array(
        "\u{FEFF}# Title\r\n\r\nCHAPTER I.\r\nDown the Hole\r\n\r\nＩt's  a ｜漢字《かんじ》［＃注］ test\r\nof the 😀 map,\n  indented\nthen\u{0C}\n中文的句\n子。\r\rlast\u{A0}line"
            .utf8)

    @Test(arguments: [
        "Books/alice-in-wonderland.txt", "Books/kokoro.txt", "Books/lunyu-analects.txt", "Books/rashomon.txt",
        "Books/udhr-arabic.txt",
    ])
    func aBookFileReadsAsItsBytesDo(path: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        Self.expectSame(try PlainTextBook(contentsOf: path), try PlainTextBook(bytes: bytes))
    }

    @Test func trickyTextReadsTheSameFromAFileFromRawBytesAndFromAnArray() throws {
        let fromArray = try PlainTextBook(bytes: Self.tricky)
        #expect(fromArray.paragraphs.map(\.text.string).contains("Ｉt's  a 漢字 test of the 😀 map,"))
        try Self.withFile(Self.tricky) { path in Self.expectSame(try PlainTextBook(contentsOf: path), fromArray) }
        let raw = try Self.tricky.withUnsafeBytes { try PlainTextBook(bytes: $0) }
        Self.expectSame(raw, fromArray)
    }

    /// A file of several megabytes is read in passes that let its pages go behind them; the book
    /// is still the same as from its bytes.
    @Test func aLargeFileReadsAsItsBytesDo() throws {
        let alice = try #require(FileManager.default.contents(atPath: "Books/alice-in-wonderland.txt")).map { $0 }
        var bytes: [UInt8] = []
        while bytes.count < 3_500_000 { bytes += alice + [0x0A, 0x0A] }
        try Self.withFile(bytes) { path in
            Self.expectSame(try PlainTextBook(contentsOf: path), try PlainTextBook(bytes: bytes))
        }
    }

    @Test(arguments: [
        ([0x61, 0x62, 0xC0, 0xAF, 0x63] as [UInt8], BookLoadingError.invalidUTF8(byteOffset: 2, reason: "")),
        ([0x61, 0x62, 0x63, 0xC3] as [UInt8], BookLoadingError.invalidUTF8(byteOffset: 3, reason: "")),
        ([0x61, 0xFF, 0x62, 0x00, 0x63] as [UInt8], BookLoadingError.binary(byteOffset: 3)),
        ([0x61, 0x00, 0xFF] as [UInt8], BookLoadingError.binary(byteOffset: 1)),
        ([] as [UInt8], BookLoadingError.empty),
        ([0xEF, 0xBB, 0xBF] as [UInt8], BookLoadingError.empty),
    ])
    func aFileFailsAsItsBytesDo(bytes: [UInt8], expected: BookLoadingError) throws {
        func sameKind(_ error: any Error) -> Bool {
            guard let error = error as? BookLoadingError else { return false }
            // An invalid sequence's reason is the decoder's words; its code and offset are what count.
            return expected.code == .invalidUTF8
                ? error.code == .invalidUTF8 && error.byteOffset == expected.byteOffset : error == expected
        }
        #expect {
            try PlainTextBook(bytes: bytes)
        } throws: { error in
            sameKind(error)
        }
        try Self.withFile(bytes) { path in
            #expect {
                try PlainTextBook(contentsOf: path)
            } throws: { error in
                sameKind(error)
            }
        }
    }

    @Test func aBadByteDeepInALargeFileIsReportedAtItsOffset() throws {
        var bytes = Array(repeating: UInt8(ascii: "a"), count: 3_000_000)
        bytes[2_999_990] = 0xFF
        try Self.withFile(bytes) { path in
            #expect {
                try PlainTextBook(contentsOf: path)
            } throws: { error in
                guard let error = error as? BookLoadingError, error.code == .invalidUTF8 else { return false }
                return error.byteOffset == 2_999_990
            }
            let lossy = try PlainTextBook(contentsOf: path, options: .init(lossy: true))
            Self.expectSame(lossy, try PlainTextBook(bytes: bytes, options: .init(lossy: true)))
        }
    }

    @Test func aMissingFileOrADirectoryIsUnreadable() {
        let missing = NSTemporaryDirectory() + "/readaloud-no-such-book-\(UUID().uuidString).txt"
        #expect {
            try PlainTextBook(contentsOf: missing)
        } throws: { error in
            guard let error = error as? BookLoadingError, error.code == .unreadable else { return false }
            return error.path == missing && !(error.reason ?? "").isEmpty
        }
        #expect {
            try PlainTextBook(contentsOf: NSTemporaryDirectory())
        } throws: { error in
            guard let error = error as? BookLoadingError, error.code == .unreadable else { return false }
            return error.reason?.contains("directory") == true
        }
    }

    #if os(Linux)
        /// A /proc file says it is empty until it is read: it is read, not mapped.
        @Test func aFileWhoseSizeIsUnknownIsRead() throws {
            let book = try PlainTextBook(contentsOf: "/proc/version")
            #expect(book.paragraphs.first?.text.string.hasPrefix("Linux") == true)
        }
    #endif

    /// A 10 MB book on one line, read from its file: one paragraph whose text is exactly the
    /// line, in a buffer of exactly its length, mapped back to the file's last byte.
    @Test func aTenMegabyteSingleLineFile() throws {
        let sentence = Array("The quick brown fox jumps over the lazy dog. ".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10_000_000)
        while bytes.count + sentence.count <= 10_000_000 { bytes += sentence }
        try Self.withFile(bytes) { path in
            let book = try PlainTextBook(contentsOf: path)
            #expect(book.paragraphs.count == 1)
            let text = try #require(book.paragraphs.first).text
            #expect(text.count == bytes.count - 1)  // the trailing space is trimmed
            #expect(book.buffer.count == text.count)
            #expect(text.string(in: (text.count - 4)..<text.count) == "dog.")
            let map = try #require(book.paragraphs.first).sourceMap
            #expect(map.byteOffset(forUTF16Offset: text.count, in: text) == bytes.count - 1)
            #expect(map.byteOffset(forUTF16Offset: 5_000_000, in: text) == 5_000_000)
        }
    }

    /// Chinese and Japanese take three UTF-8 bytes and one UTF-16 unit a character: the buffer
    /// holds exactly the text's units (and a pair for each emoji), not a unit per byte.
    @Test func theBufferOfCJKTextIsExactlyTheTextsLength() throws {
        let line = "子曰學而時習之不亦說乎😀"
        let text = Array(repeating: line, count: 200).joined(separator: "\n\n")
        let book = try PlainTextBook(text)
        #expect(book.paragraphs.count == 200)
        #expect(book.buffer.count == 200 * line.utf16.count + 199)  // and U+2029 between paragraphs
        #expect(book.buffer.count * 2 < Array(text.utf8).count)
        #expect(book.paragraphs.last?.text.bufferRange.upperBound == book.buffer.count)
    }

    /// Each paragraph's source map is its own: equal maps for equal paragraphs, and maps of
    /// different paragraphs differ.
    @Test func sourceMapsCompareByTheirAnchors() throws {
        let book = try PlainTextBook("One\ntwo.\n\nThree.\n\nOne\ntwo.")
        let again = try PlainTextBook("One\ntwo.\n\nThree.\n\nOne\ntwo.")
        try #require(book.paragraphs.count == 3 && again.paragraphs.count == 3)
        #expect(book.paragraphs[0].sourceMap == again.paragraphs[0].sourceMap)
        #expect(book.paragraphs[0].sourceMap != book.paragraphs[2].sourceMap)
        #expect(book.paragraphs[0].sourceMap.anchors.map(\.isSoftWrap) == [false, true, false])
        #expect(book.paragraphs[2].sourceMap.anchors.map(\.byteOffset) == [18, 21, 22])
    }
}

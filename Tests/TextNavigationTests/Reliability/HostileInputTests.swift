import Foundation
import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// One kind of hostile input and what reading it must give: a clear error, or text that every
/// layer handles within its contract.
struct HostileInput: Sendable, CustomTestStringConvertible {
    enum Outcome: Sendable {
        /// Strict loading fails with ``BookLoadingError/invalidUTF8(byteOffset:reason:)`` at this
        /// offset; lossy loading reads it with U+FFFD in place of the bad bytes.
        case invalidUTF8(byteOffset: Int)
        /// Loading fails with ``BookLoadingError/binary(byteOffset:)``; with `allowsNUL` it loads.
        case binary(byteOffset: Int)
        /// Loading fails with ``BookLoadingError/otherEncoding(_:)`` naming this encoding.
        case otherEncoding(String)
        /// Loading fails with ``BookLoadingError/empty``.
        case empty
        /// The book loads with no paragraph: nothing to read.
        case noText
        /// The book loads with this many paragraphs (and the document holds them).
        case text(paragraphs: Int)
    }

    let name: String
    let bytes: [UInt8]
    let outcome: Outcome

    var testDescription: String { name }

    init(_ name: String, _ bytes: [UInt8], _ outcome: Outcome) {
        self.name = name
        self.bytes = bytes
        self.outcome = outcome
    }

    init(_ name: String, _ text: String, _ outcome: Outcome) {
        self.init(name, Array(text.utf8), outcome)
    }

    static let all: [HostileInput] = [
        // Invalid UTF-8, each kind.
        HostileInput("overlong 2-byte slash", [0x61, 0x62, 0xC0, 0xAF, 0x63], .invalidUTF8(byteOffset: 2)),
        HostileInput("overlong 3-byte", [0x61, 0xE0, 0x80, 0xAF], .invalidUTF8(byteOffset: 1)),
        HostileInput("overlong 4-byte", [0xF0, 0x80, 0x80, 0xAF, 0x61], .invalidUTF8(byteOffset: 0)),
        HostileInput("surrogate U+D800", [0x61, 0x20, 0xED, 0xA0, 0x80, 0x62], .invalidUTF8(byteOffset: 2)),
        HostileInput("surrogate U+DFFF", [0xED, 0xBF, 0xBF], .invalidUTF8(byteOffset: 0)),
        HostileInput("truncated 2-byte at the end", [0x61, 0x62, 0x63, 0xC3], .invalidUTF8(byteOffset: 3)),
        HostileInput("truncated 3-byte mid-text", [0x61, 0xE2, 0x82, 0x62, 0x0A], .invalidUTF8(byteOffset: 1)),
        HostileInput("truncated 4-byte at the end", [0x68, 0x69, 0xF0, 0x9F, 0x98], .invalidUTF8(byteOffset: 2)),
        HostileInput("stray continuation byte", [0x61, 0x80, 0x62], .invalidUTF8(byteOffset: 1)),
        HostileInput("leading continuation byte", [0xBF, 0x61], .invalidUTF8(byteOffset: 0)),
        HostileInput("above U+10FFFF", [0x61, 0xF4, 0x90, 0x80, 0x80], .invalidUTF8(byteOffset: 1)),
        HostileInput("bytes F5 and FF", [0x61, 0x20, 0xF5, 0xFF], .invalidUTF8(byteOffset: 2)),
        // Other encodings, named by their byte-order marks (not "binary").
        HostileInput("UTF-16 little-endian", [0xFF, 0xFE, 0x61, 0x00, 0x62, 0x00], .otherEncoding("UTF-16LE")),
        HostileInput("UTF-16 big-endian", [0xFE, 0xFF, 0x00, 0x61, 0x00, 0x62], .otherEncoding("UTF-16BE")),
        HostileInput("UTF-32 little-endian", [0xFF, 0xFE, 0x00, 0x00, 0x61, 0, 0, 0], .otherEncoding("UTF-32LE")),
        HostileInput("UTF-16 without NUL bytes", [0xFF, 0xFE, 0x5E, 0x8A, 0x9E, 0x8A], .otherEncoding("UTF-16LE")),
        // NUL and emptiness.
        HostileInput("NUL byte", [0x61, 0x00, 0x62], .binary(byteOffset: 1)),
        HostileInput("empty", [], .empty),
        HostileInput("only a byte-order mark", [0xEF, 0xBB, 0xBF], .empty),
        HostileInput("only white space", " \t  \u{A0}\u{3000}  \t ", .noText),
        HostileInput("only newlines", "\n\n\r\n\r\n\n", .noText),
        HostileInput("only form feeds and newlines", "\u{0C}\n\u{0C}\u{0C}\n", .noText),
        // Line and paragraph separators of every kind.
        HostileInput("lone CR line ends", "One line\rand the next.\r\rA second paragraph.", .text(paragraphs: 2)),
        HostileInput("NEL inside a line", "Before the NEL.\u{85}After it.", .text(paragraphs: 1)),
        HostileInput("U+2028 line separator", "One\u{2028}two three.\u{2028}", .text(paragraphs: 1)),
        HostileInput("U+2029 paragraph separator", "One.\u{2029}Two.\u{2029}\u{2029}", .text(paragraphs: 1)),
        HostileInput("form feed", "Page one.\u{0C}Page two.\n\u{0C}\u{0C}Page three.", .text(paragraphs: 3)),
        HostileInput("vertical tab", "One\u{0B}two\u{0B}\u{0B}three.", .text(paragraphs: 1)),
        // The leading BOM is skipped; the others are U+FEFF ZERO WIDTH NO-BREAK SPACE, a format
        // character (not white space): the last one is a paragraph of its own.
        HostileInput("BOM in mid-text", "\u{FEFF}Start \u{FEFF}mid\u{FEFF}word.\n\n\u{FEFF}", .text(paragraphs: 2)),
        // Bidi controls without their closers, and more of them than the bidi algorithm nests.
        HostileInput(
            "unpaired bidi controls",
            "abc \u{202E}def \u{2066}ghi \u{202C}\u{202C}\u{2069}\u{2069} jkl \u{202B}مرحبا\u{200F}.",
            .text(paragraphs: 1)),
        HostileInput(
            "200 nested embeddings", String(repeating: "\u{202E}x", count: 200) + " end.", .text(paragraphs: 1)),
        // Terminal controls: the text keeps them (the CLI's text output shows them visibly).
        HostileInput(
            "terminal escape sequences",
            "Clear\u{1B}[2J\u{1B}[H now. Title\u{1B}]0;pwned\u{07} set. Clip\u{1B}]52;c;SGk=\u{1B}\\ board. "
                + "CSI\u{9B}31m red. DEL\u{7F} and query\u{1B}[6n.",
            .text(paragraphs: 1)),
        // Huge clusters.
        HostileInput(
            "1,000 combining marks on one base", "a" + String(repeating: "\u{301}", count: 1000) + " b.",
            .text(paragraphs: 1)),
        HostileInput(
            "ZWJ chain of 300 emoji", String(repeating: "👩\u{200D}", count: 300) + "👩 end.", .text(paragraphs: 1)),
        // Emoji from Unicode 15.1 and 16.0, newer than ICU 72's data.
        HostileInput(
            "emoji newer than ICU", "New: 🫩 🫆 🪾 🫜 🪉 🪏 🫟, 🐦\u{200D}🔥 🍋\u{200D}🟩 🙂\u{200D}↔\u{FE0F}.",
            .text(paragraphs: 1)),
    ]
}

/// Hostile input through the public API: every kind gives a defined result or a clear error,
/// never a crash or a hang. Inputs that load go through the invariants of ``InvariantTests``
/// at every position (they are small), at widths 1 and 70.
@Suite("Reliability: hostile input")
struct HostileInputTests {
    /// A file truncated, extended or rewritten while it is read is reported with its path, never
    /// a crash: the loader reads a copy, and checks the file did not change while it copied.
    /// (`MappedFile.chunkCopied` changes the file after the first megabyte is copied; the CLI
    /// test truncates a file from outside while it loads.) Serialized: the observer is one
    /// for the process, and a case run beside another had its observer replaced by the other's,
    /// so its file never changed (seen once under load).
    @Test(.serialized, arguments: ["truncate", "extend", "rewrite"])
    func aFileChangedWhileItIsReadIsReportedWithItsPath(change: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readaloud-changed-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("book.txt").path
        let line = Array("The quick brown fox jumps over the lazy dog.\n".utf8)
        let bytes = Array([[UInt8]](repeating: line, count: 3_000_000 / line.count).joined())
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        MappedFile.chunkCopied.withLock { observer in
            observer = { changed, copied in
                guard changed == path, copied == 1 << 20, let file = FileHandle(forWritingAtPath: path) else { return }
                defer { try? file.close() }
                switch change {
                case "truncate": try? file.truncate(atOffset: 1000)
                case "extend": _ = try? file.seekToEnd(); try? file.write(contentsOf: Data(line))
                default:
                    // Same size, another modification time.
                    try? file.write(contentsOf: Data(bytes.prefix(10).reversed()))
                    try? FileManager.default.setAttributes(
                        [.modificationDate: Date(timeIntervalSince1970: 4e9)], ofItemAtPath: path)
                }
            }
        }
        defer { MappedFile.chunkCopied.withLock { $0 = nil } }
        #expect(throws: BookLoadingError.changedWhileReading(path: path)) { try PlainTextBook(contentsOf: path) }
        #expect("\(BookLoadingError.changedWhileReading(path: path))".contains(path))
    }

    /// `/dev/zero` and `/dev/urandom` by path stop at their first NUL byte, in the first chunk
    /// (they used to be read for 2 GiB first).
    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func anEndlessBinaryDeviceStopsAtItsFirstNUL(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        #expect {
            try PlainTextBook(contentsOf: path)
        } throws: { error in
            guard let error = error as? BookLoadingError, error.code == .binary, let offset = error.byteOffset else {
                return false
            }
            return offset < 1 << 20
        }
    }

    /// A stream stops at its limit with a clear error (1 GiB in use; 1 MiB here), and a stream
    /// within it reads whole.
    @Test func aStreamPastItsLimitIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("readaloud-stream-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(repeating: 0x61, count: (1 << 20) + 1).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: BookLoadingError.streamTooLarge(limit: 1 << 20)) {
            try MappedFile(descriptor: descriptor, name: "stream", stopsAtNUL: true, limit: 1 << 20)
        }
        _ = lseek(descriptor, 1, SEEK_SET)
        let within = try MappedFile(descriptor: descriptor, name: "stream", stopsAtNUL: true, limit: 1 << 20)
        #expect(within.bytes.count == 1 << 20)
        #expect("\(BookLoadingError.streamTooLarge(limit: MappedFile.streamLimit))".contains("1 GiB"))
    }

    @Test(arguments: HostileInput.all)
    func givesADefinedResultOrAClearError(input: HostileInput) throws {
        switch input.outcome {
        case .invalidUTF8(let offset):
            #expect {
                try PlainTextBook(bytes: input.bytes)
            } throws: { error in
                guard let error = error as? BookLoadingError, error.code == .invalidUTF8, error.byteOffset == offset
                else { return false }
                return !(error.reason ?? "").isEmpty && "\(error)".contains("byte offset \(offset)")
            }
            let lossy = try PlainTextBook(bytes: input.bytes, options: .init(lossy: true))
            #expect(lossy.paragraphs.contains { $0.text.string.contains("\u{FFFD}") })
            try expectInvariants(lossy, input.name)
        case .binary(let offset):
            #expect(throws: BookLoadingError.binary(byteOffset: offset)) { try PlainTextBook(bytes: input.bytes) }
            if let text = String(validating: input.bytes, as: UTF8.self) {
                let allowed = try PlainTextBook(bytes: input.bytes, options: .init(allowsNUL: true))
                #expect(allowed.paragraphs.map(\.text.string) == [text])
                try expectInvariants(allowed, input.name)
            } else {
                // NUL is checked first; past it, the bytes must still be UTF-8.
                #expect(throws: BookLoadingError.self) {
                    try PlainTextBook(bytes: input.bytes, options: .init(allowsNUL: true))
                }
            }
        case .otherEncoding(let encoding):
            #expect(throws: BookLoadingError.otherEncoding(encoding)) { try PlainTextBook(bytes: input.bytes) }
            #expect(throws: BookLoadingError.otherEncoding(encoding)) {
                try PlainTextBook(bytes: input.bytes, options: .init(lossy: true, allowsNUL: true))
            }
            #expect("\(BookLoadingError.otherEncoding(encoding))".contains("convert it to UTF-8"))
        case .empty:
            #expect(throws: BookLoadingError.empty) { try PlainTextBook(bytes: input.bytes) }
        case .noText:
            let book = try PlainTextBook(bytes: input.bytes)
            #expect(book.paragraphs.isEmpty)
            let document = Document(book: book)
            #expect(document.pageCount == 1)
            #expect(Array(ReadingSession(document: document, granularity: .word, page: 1)) == [.end])
            var navigator = Navigator(document: document, position: ReadingPosition(element: 3, offset: 9))
            #expect(navigator.position == ReadingPosition(element: 0, offset: 0))
            #expect(navigator.move(.forward, by: .word) == nil)
            #expect(navigator.currentUnit(.sentence) == nil)
            #expect(throws: LocatorError.notFound) {
                try Locator(position: ReadingPosition(element: 0, offset: 0), page: 1, textBefore: "a", textAfter: "b")
                    .resolve(in: document)
            }
        case .text(let paragraphs):
            let book = try PlainTextBook(bytes: input.bytes)
            #expect(book.paragraphs.count == paragraphs)
            try expectInvariants(book, input.name)
        }
    }

    /// What each separator means, beyond "no crash": the units it makes.
    @Test func separatorsMakeTheUnitsTheirDefinitionsSay() throws {
        func units(_ text: String, _ granularity: TextGranularity) throws -> [String] {
            let element = try #require(Document(book: try PlainTextBook(text)).elements.first)
            return element.stringTokenizer.units(for: granularity).ranges.map { element.text.string(in: $0)! }
        }
        #expect(try units("Before the NEL.\u{85}After it.", .paragraph) == ["Before the NEL.", "After it."])
        #expect(try units("One\u{2028}two three.", .paragraph) == ["One\u{2028}two three."])
        #expect(try units("One\u{2028}two three.", .line) == ["One", "two three."])
        #expect(try units("One.\u{2029}Two.", .paragraph) == ["One.", "Two."])
        #expect(try units("One\u{0B}two", .paragraph) == ["One", "two"])
        // U+FEFF inside a word does not split it.
        let words = try units("Start \u{FEFF}mid\u{FEFF}word.", .word)
        #expect(words.map { $0.replacingOccurrences(of: "\u{FEFF}", with: "") } == ["Start", "midword"])
        let book = try PlainTextBook("Page one.\u{0C}Page two.")
        #expect(book.paragraphs.map(\.startsPage) == [false, true])
        #expect(Document(book: book).pageCount == 2)
        #expect(try PlainTextBook("a\rb\r\rc").paragraphs.map(\.text.string) == ["a b", "c"])
    }

    @Test func hugeClustersAreOneCharacter() throws {
        let marks = try StringTokenizer("a" + String(repeating: "\u{301}", count: 1000) + " b.")
        #expect(marks.units(for: .character).ranges.prefix(2) == [0..<1001, 1001..<1002])
        #expect(
            marks.position(from: TextPosition(offset: 0), toBoundary: .character, inDirection: .forward)?.offset == 1001
        )
        #expect(
            marks.position(from: TextPosition(offset: 500), toBoundary: .character, inDirection: .backward)?.offset == 0
        )
        let chain = String(repeating: "👩\u{200D}", count: 300) + "👩"
        let zwj = try StringTokenizer(chain + " end.")
        #expect(zwj.units(for: .character).ranges.first == 0..<chain.utf16.count)
        // Laid out one cell wide, a huge cluster is one line of its own, never split.
        let layout = try TextLayout(storage: marks.storage, width: 1)
        #expect(layout.lines.first?.range == 0..<1001 || layout.lines.first?.range == 0..<1002)
    }

    /// A 10 MB book on one line: it loads, paginates, and is read from its first page, its
    /// middle and its end, with a locator that finds its place. (How the time grows from 1 MB
    /// to 10 MB is measured by `scripts/hostile-scaling.sh`, not here.)
    @Test func aTenMegabyteSingleLineIsRead() throws {
        let sentence = Array("The quick brown fox jumps over the lazy dog. ".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10_000_000)
        while bytes.count + sentence.count <= 10_000_000 { bytes += sentence }
        let book = try PlainTextBook(bytes: bytes)
        #expect(book.paragraphs.count == 1)
        let document = Document(book: book, layout: PageLayout(width: 70, linesPerPage: 30))
        let length = try #require(document.elements.first).text.count
        #expect(length == bytes.count - 1)  // the trailing space is trimmed
        #expect(document.pageCount > 4_000)
        let first = Array(ReadingSession(document: document, granularity: .sentence, page: 1).prefix(3))
        guard case .utterance(let opening) = first.first else {
            Issue.record("nothing read from the first page")
            return
        }
        #expect(opening.text == "The quick brown fox jumps over the lazy dog.")
        #expect(opening.range == 0..<44 && opening.page == 1)
        let middle = ReadingPosition(element: 0, offset: length / 2)
        let locator = Locator(position: middle, in: document)
        #expect(try Locator(json: locator.json).resolve(in: document) == middle)
        let fromMiddle = ReadingSession(document: document, granularity: .word, from: middle)
        guard case .utterance(let word) = fromMiddle.next() else {
            Issue.record("nothing read from the middle")
            return
        }
        // The word holding the middle, or the next one when the middle is a space.
        #expect(word.range.lowerBound <= middle.offset + 1 && middle.offset < word.range.upperBound)
        var navigator = Navigator(document: document, position: document.endPosition)
        #expect(navigator.move(.backward, by: .sentence)?.text == "The quick brown fox jumps over the lazy dog.")
        #expect(navigator.move(.forward, by: .sentence) == nil)
        let tail = Array(ReadingSession(document: document, granularity: .sentence, page: document.pageCount))
        #expect(tail.last == .end)
        #expect(tail.count > 1)
    }

    private func expectInvariants(_ book: PlainTextBook, _ name: String) throws {
        for width in [1, 70] {
            let document = Document(book: book, layout: PageLayout(width: Double(width), linesPerPage: 5))
            var checker = InvariantChecker(document: document, label: "\(name) at width \(width)")
            var positions: [ReadingPosition] = []
            for index in document.elements.indices {
                checker.checkUnits(of: index)
                for granularity in TextGranularity.allCases {
                    checker.checkEveryBoundary(of: index, granularity)
                }
                for offset in 0...document.elements[index].text.count {
                    positions.append(ReadingPosition(element: index, offset: offset))
                }
            }
            for position in positions { checker.checkAllQueries(at: position) }
            checker.checkTextInput(width: Double(width), samples: positions)
            for granularity in TextGranularity.allCases where granularity != .document {
                checker.checkNavigatorWalk(granularity)
                checker.checkReadAll(granularity, from: nil)
            }
            checker.checkNavigatorRoundTrips(from: positions)
            checker.checkLocators(
                at: positions.filter { document.elements[$0.element].stringTokenizer.isCharacterBoundary($0.offset) })
            #expect(checker.failures.isEmpty, "\(checker.label): \(checker.failures.count) failures")
            for failure in checker.failures.prefix(10) { Issue.record("\(checker.label): \(failure)") }
        }
    }
}

import Foundation
import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// UTF-8 validated in parts on every core finds what one pass over the whole finds: the first
/// invalid sequence and the first NUL at the same offsets, and Aozora ruby readings whose `《`
/// and `》` fall in different parts.
@Suite struct ValidationInPartsTests {
    static func expectSame(_ bytes: [UInt8], stoppingAtNUL: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        bytes.withUnsafeBufferPointer { bytes in
            let whole = UTF8Decoding.validate(bytes, stoppingAtNUL: stoppingAtNUL)
            for parts in [2, 3, 7, bytes.count] {
                let split = UTF8Decoding.validateOnEveryCore(
                    bytes, stoppingAtNUL: stoppingAtNUL, parts: parts, minimumPartBytes: 1)
                #expect(split.firstNUL == whole.firstNUL, "\(parts) parts", sourceLocation: sourceLocation)
                #expect(
                    split.firstError?.offset == whole.firstError?.offset
                        && split.firstError?.reason == whole.firstError?.reason, "\(parts) parts",
                    sourceLocation: sourceLocation)
                #expect(split.hasRubyReading == whole.hasRubyReading, "\(parts) parts", sourceLocation: sourceLocation)
            }
        }
    }

    static let texts: [String: [UInt8]] = [
        "ruby across lines": Array("《\none\ntwo\n》\n".utf8),
        "close before open": Array("》\none\ntwo\n《\nthree\n".utf8),
        "ruby in one line": Array("a\nb\n漢字《かんじ》\nc\n".utf8),
        "no ruby": Array("plain\ntext\nonly\n".utf8),
        "a lead byte before a line feed": Array("abc\ndef\n".utf8) + [0xE3, 0x0A] + Array("ghi\n".utf8),
        "a continuation after a line feed": Array("abc\n".utf8) + [0x80] + Array("def\nghi\n".utf8),
        "a NUL in a later part": Array("abc\ndef\nghi\n".utf8) + [0x00] + Array("\njkl\n".utf8),
        "an error, then a NUL in a later part": [0xFF] + Array("\nabc\ndef\n".utf8) + [0x00, 0x0A],
        "a truncated sequence at the end": Array("abc\ndef\n".utf8) + [0xF0, 0x9F],
    ]

    @Test(arguments: texts.keys.sorted())
    func partsFindWhatTheWholeFinds(name: String) throws {
        let bytes = try #require(Self.texts[name])
        Self.expectSame(bytes, stoppingAtNUL: true)
        Self.expectSame(bytes, stoppingAtNUL: false)
    }

    /// The bundled books, whose first `《` and `》` (Kokoro's and Rashomon's) may fall in parts
    /// of their own.
    @Test(arguments: ChunkedAssemblyTests.books)
    func aBookValidatesTheSameInParts(path: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: path)).map { $0 }
        Self.expectSame(bytes, stoppingAtNUL: true)
    }
}

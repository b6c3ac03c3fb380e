import SeededRandom
import Testing

@testable import TextNavigation

/// `TextStorage.string(in:)` decodes UTF-16 with its own loop: it must make exactly what the
/// standard library's decoder makes, lone surrogates (U+FFFD) included.
@Suite struct UTF16DecodingTests {
    /// Decodes `units` both ways.
    private func bothWays(_ units: [UInt16]) -> (ours: String, standard: String) {
        let ours = units.withUnsafeBufferPointer { String(utf16Units: $0) }
        return (ours, String(decoding: units, as: UTF16.self))
    }

    @Test func everyKindOfUnitDecodesAsTheStandardLibraryDecodesIt() {
        let cases: [[UInt16]] = [
            [], [0x41], [0x7F, 0x80, 0x7FF, 0x800, 0xFFFF], [0xD83D, 0xDE00],
            [0xD83D], [0xDE00], [0xDE00, 0xD83D], [0xD83D, 0x41], [0x41, 0xD83D],
            [0xD800, 0xD800, 0xDC00], [0xDBFF, 0xDFFF], Array("Grüße, 日本語, עברית".utf16),
        ]
        for units in cases {
            let (ours, standard) = bothWays(units)
            #expect(ours == standard, "\(units)")
            #expect(Array(ours.utf8) == Array(standard.utf8), "\(units)")
        }
    }

    @Test func randomUnitsDecodeAsTheStandardLibraryDecodesThem() {
        var random = SplitMix64(seed: 0x0716_DEC0)
        for length in 0..<400 {
            let units = (0..<length).map { _ -> UInt16 in
                // One in four from the surrogate range, so pairs and lone halves both occur.
                let value = random.next()
                return value % 4 == 0 ? UInt16(0xD800 + (value >> 8) % 0x800) : UInt16(truncatingIfNeeded: value >> 16)
            }
            let (ours, standard) = bothWays(units)
            #expect(Array(ours.utf8) == Array(standard.utf8), "length \(length)")
        }
    }

    @Test func aStorageRangeDecodesOnlyItsUnits() {
        let storage = TextStorage("a😀b")
        #expect(storage.string(in: 0..<1) == "a")
        #expect(storage.string(in: 1..<3) == "😀")
        #expect(storage.string(in: 1..<2) == "\u{FFFD}")
        #expect(storage.string(in: 2..<4) == "\u{FFFD}b")
        #expect(storage.string(in: 3..<5) == nil)
    }
}

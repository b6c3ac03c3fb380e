import Testing
import TextNavigationAccessibility

@testable import readaloud

/// The terminal's bytes as the keys `--accessible` gives a screen reader.
struct TerminalKeyDecoderTests {
    @Test func arrowsControlAndPages() {
        var decoder = TerminalKeyDecoder()
        let keys = decoder.decode(Array("\u{1B}[B\u{1B}[1;5C\u{1B}OA\u{1B}[6~\u{1B}[H+q".utf8))
        #expect(
            keys == [
                .key(.down), .key(AccessibilityKeyEvent.right.withControl), .key(.up), .key(.pageDown), .key(.home),
                .key(.keypadPlus), .quit,
            ])
    }

    @Test func sequencesSplitAcrossReads() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[1;".utf8)).isEmpty)
        #expect(decoder.decode(Array("5D".utf8)) == [.key(AccessibilityKeyEvent.left.withControl)])
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.decode(Array("x".utf8)) == [.key(.escape)])
    }

    @Test func unknownBytesAreDropped() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.decode(Array("abc\u{1B}[99Z".utf8)).isEmpty)
        #expect(decoder.decode([0x03]) == [.quit])
    }

    @Test func keyNames() {
        #expect(AccessibilityKeyEvent.named("Ctrl+Right") == AccessibilityKeyEvent.right.withControl)
        #expect(AccessibilityKeyEvent.named("KP_Add") == .keypadPlus)
        #expect(AccessibilityKeyEvent.named("Nope") == nil)
    }
}

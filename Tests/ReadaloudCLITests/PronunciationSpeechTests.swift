import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

@testable import TextNavigationSpeech

/// What espeak-ng is given to say for a book read with a lexicon: the markup our espeak-ng
/// engine sends, given to the espeak-ng program with the same input flags (SSML, phoneme
/// input), whose phoneme output (its mnemonics) shows each entry said its way, and only there.
/// A process of its own: espeak-ng's library state is global, and other suites speak.
@Suite(.enabled(if: EspeakAvailability.isInstalled, EspeakAvailability.reason))
struct PronunciationSpeechTests {
    /// The phonemes espeak-ng speaks for `text` (an element's whole text) with `pronunciations`.
    static func phonemes(_ text: String, _ pronunciations: [Pronunciation]) throws -> String {
        let markup = SpeechMarkup(
            text: text, range: 0..<text.utf16.count, words: [], pronunciations: pronunciations,
            phonemes: .espeak, language: "en")
        // -m SSML, -x the phonemes in mnemonics, -q no sound; the program takes [[…]] as
        // phonemes, as the engine's phoneme input flag does.
        let result = try CLIRunner.run(
            ["-v", "en", "-m", "-x", "-q", markup.ssml], program: URL(fileURLWithPath: "/usr/bin/espeak-ng"))
        return result.standardOutput
    }

    @Test func ipaTextAndSilenceReachTheEngine() throws {
        let plain = try Self.phonemes("Dinah saw the Cheshire Cat.", [])
        #expect(plain.contains("d'aIn@"), "espeak-ng's own Dinah: \(plain)")
        let said = try Self.phonemes(
            "Dinah saw the Cheshire Cat.",
            [
                Pronunciation(range: 0..<5, spoken: .phonemes("ˈdiːnə", alphabet: .ipa)),
                Pronunciation(range: 14..<22, spoken: .text("Chesher")),
                Pronunciation(range: 23..<26, spoken: .silence),
            ])
        #expect(said.contains("d'i:n@"), "\(said)")
        #expect(!said.contains("d'aIn@"), "\(said)")
        #expect(said.contains(try Self.phonemes("Chesher", []).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(!said.contains("k'at"), "the silenced Cat: \(said)")
    }

    @Test func bracketsInTheBookAreReadAsText() throws {
        // With phoneme input on, a book's own [[…]] must not become phonemes.
        let said = try Self.phonemes("See [[tS'ES@]] here.", [])
        #expect(!said.contains("tS'ES@"), "\(said)")
    }

    @Test func aListenersLexiconOnAliceSaysDinahItsWay() throws {
        let book = try OpenedBook(contentsOf: CLIRunner.book("alice-in-wonderland.txt"))
        let source = book.pronunciations(lexicon: try PronunciationLexicon(text: "[en]\nDinah = /ˈdiːnə/\n"))
        let texts = book.document.elements.map { $0.text.string(in: 0..<$0.text.count) ?? "" }
        let element = try #require(texts.firstIndex { $0.contains("Dinah’ll miss me") })
        let found = source.pronunciations(ofElement: element, in: 0..<texts[element].utf16.count, language: nil)
        #expect(found.count == texts[element].components(separatedBy: "Dinah").count - 1)
        let said = try Self.phonemes(texts[element], found)
        #expect(said.contains("d'i:n@"), "\(said)")
        #expect(!said.contains("d'aIn@"), "\(said)")
    }
}

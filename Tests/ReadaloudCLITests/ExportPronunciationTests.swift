import Foundation
import Testing

/// What an export says: `--lexicon` entries and ruby readings reach the audio, as they reach
/// `--speak` (the library's pronunciations), measured by how long the real espeak-ng takes to
/// say a sentence: the end of its subtitle cue.
@Suite(.tags(.process)) struct ExportPronunciationTests {
    /// The end of the last cue of the subtitles `readaloud export` writes for `text`, in
    /// milliseconds.
    static func spokenLength(_ text: String, _ options: [String] = []) throws -> Int {
        let book = try CLIRunner.temporaryFile(Array(text.utf8), name: "said.txt")
        let srt = URL(fileURLWithPath: book).deletingLastPathComponent().appendingPathComponent("said.srt")
        _ = try ExportTests.export(book, to: srt, options + ["--force"])
        let cues = try String(contentsOf: srt, encoding: .utf8).split(separator: "\n").filter { $0.contains(" --> ") }
        return BookClock.milliseconds(String(cues.last?.split(separator: " ").last ?? ""))
    }

    @Test(.needsSpeechEngine) func lexiconEntriesAreSaidTheirWay() throws {
        let text = "The rabbit ran past the garden gate.\n"
        let lexicon = try CLIRunner.temporaryFile(
            Array("[en]\nrabbit = enormous white rabbit with very pink eyes and a waistcoat\n".utf8))
        let plain = try Self.spokenLength(text)
        let said = try Self.spokenLength(text, ["--lexicon", lexicon])
        let alias = try Self.spokenLength(
            "The enormous white rabbit with very pink eyes and a waistcoat ran past the garden gate.\n")
        #expect(plain > 1_000, "\(plain) ms")
        // The entry's words take their time: well over a second more, and as long as the words
        // themselves written out.
        #expect(said > plain + 1_500, "\(said) vs \(plain) ms")
        #expect(abs(said - alias) < alias / 10, "\(said) vs \(alias) ms")
    }

    @Test(.needsSpeechEngine) func rubyIsSaidByItsReading() throws {
        // (An editor's note marks the text as Aozora Bunko's, whose 《…》 are readings.) 山路 with
        // its reading is as long as the kana alone, not espeak-ng's reading of the bare kanji
        // (letter by letter, much longer).
        let note = "［＃「山路」に傍点］\n"
        let withRuby = try Self.spokenLength("山路《やまみち》を行く。" + note, ["--locale", "ja"])
        let kana = try Self.spokenLength("やまみちを行く。\n", ["--locale", "ja"])
        let bare = try Self.spokenLength("山路を行く。\n", ["--locale", "ja"])
        #expect(abs(withRuby - kana) < kana / 5, "\(withRuby) vs \(kana) ms")
        #expect(withRuby < bare * 2 / 3, "\(withRuby) vs \(bare) ms")
    }
}

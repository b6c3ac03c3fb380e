import Foundation
import Testing

/// `readaloud export`'s word times against the audio: a chapter synthesized by the real
/// espeak-ng in a worker (`--worker`), its WAV file and timing file read back, and every word
/// heard after a silence checked against the onset of its sound, found by an energy measure of
/// the test's own (peak amplitude, not ``SoundOnset``'s mean power).
@Suite(.tags(.process)) struct ExportSyncTests {
    /// Pauses of every kind: sentences, commas, words that begin with a stop consonant (whose
    /// closure is silent) and with a quiet fricative.
    static let text = """
        Alice sat, quietly, by the bank. Then a white rabbit came past, talking to itself, and \
        took a watch out of its pocket. "Oh dear, oh dear, I shall be too late!" Down, down, down \
        she fell, for a very long time.

        """

    /// A word's times in the timing file (samples from the chapter's start).
    struct Word: Decodable {
        var begin: Int
        var mark: Int?
    }

    struct Sentence: Decodable {
        var finish: Int
        var words: [Word]
    }

    struct Timing: Decodable {
        var sampleRate: Int
        var sentences: [Sentence]
    }

    @Test(.needsSpeechEngine) func everyWordAfterASilenceStartsWithinThirtyMillisecondsOfItsSound() throws {
        let book = try CLIRunner.temporaryFile(Array(Self.text.utf8), name: "pauses.txt")
        let out = URL(fileURLWithPath: book).deletingLastPathComponent().appendingPathComponent("pauses.epub")
        let cache = URL(fileURLWithPath: out.path + ".partial")
        let result = try CLIRunner.run(["export", book, "--to", out.path, "--worker", "1:0:100"])
        #expect(result.status == 0, "\(result.standardError)")
        let timing = try JSONDecoder().decode(
            Timing.self, from: Data(contentsOf: cache.appendingPathComponent("chapter-1.json")))
        let wav = try Data(contentsOf: cache.appendingPathComponent("chapter-1.wav"))
        let samples = wav.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let millisecond = timing.sampleRate / 1000
        var measured = 0
        var marksOff = 0
        for sentence in timing.sentences {
            for (index, word) in sentence.words.enumerated() {
                let mark = try #require(word.mark)
                let limit = index + 1 < sentence.words.count ? (sentence.words[index + 1].mark ?? 0) : sentence.finish
                // After a silence: from 2 ms after the mark (marks are whole milliseconds, rounded
                // down), 10 ms below -60 dBFS (33) at their peak, before the next word's mark.
                let start = mark + 2 * millisecond
                let end = min(limit, samples.count)
                guard start + 10 * millisecond <= end,
                    samples[start..<start + 10 * millisecond].allSatisfy({ abs(Int($0)) < 33 })
                else { continue }
                // The onset: the first sample from there that reaches -50 dBFS (104).
                guard let onset = (start..<end).first(where: { abs(Int(samples[$0])) >= 104 }) else { continue }
                measured += 1
                let error = abs(word.begin - onset) * 1000 / timing.sampleRate
                #expect(error <= 30, "word \(index + 1) of a sentence: begins \(error) ms from its sound's onset")
                if (onset - mark) * 1000 / timing.sampleRate > 30 { marksOff += 1 }
            }
        }
        // The text has pauses enough to measure, and the engine's marks alone would miss some.
        #expect(measured >= 10, "\(measured) words after a silence")
        #expect(marksOff >= 3, "\(marksOff) marks more than 30 ms before their word's sound")
    }
}

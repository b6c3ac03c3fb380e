import Foundation

/// Where a word's sound starts in its utterance's audio, from the engine's mark for it.
///
/// espeak-ng reports a word's mark where the word's first phoneme starts, and a pause is a
/// phoneme of the word after it: the silence that begins an utterance, a comma's pause, a stop
/// consonant's closure (silent in espeak-ng's audio). Measured on the first 20,000 characters of
/// Alice, 94% of the marks that meet such a silence are within a millisecond of its start, and
/// the word is heard up to 160 ms after its mark. So the export times a word from its sound's
/// onset: the first millisecond after the mark, before the next word's mark, whose power is
/// within 30 dB of the utterance's mean power (espeak-ng's pauses are digital zero; a word's
/// first millisecond of sound is typically 20 dB below the mean, as the sound rises). When the
/// millisecond just after the mark is already that loud (no pause), or none is, the word keeps
/// its mark. The mark's own millisecond is skipped because espeak-ng gives marks in whole
/// milliseconds, rounded down: up to a millisecond of the word before may follow the mark.
struct SoundOnset {
    private let samples: [Int16]
    private let frame: Int
    private let threshold: Double

    /// How far below the utterance's mean power a sound's onset may be.
    static let decibels = 30.0

    /// For `samples`, one utterance's audio at `sampleRate`.
    init(samples: [Int16], sampleRate: Int) {
        self.samples = samples
        frame = max(1, sampleRate / 1000)
        threshold = Self.power(samples[...]) * pow(10, -Self.decibels / 10)
    }

    /// The sample where the sound of the word marked at `mark` starts, searched up to `limit`
    /// (the next word's mark, or the utterance's end).
    func onset(from mark: Int, before limit: Int) -> Int {
        var start = mark + frame
        while start + frame <= min(limit, samples.count) {
            if Self.power(samples[start..<start + frame]) >= threshold {
                return start == mark + frame ? mark : start
            }
            start += frame
        }
        return mark
    }

    /// The mean power (square) of `samples`.
    private static func power(_ samples: ArraySlice<Int16>) -> Double {
        guard !samples.isEmpty else { return 0 }
        return samples.reduce(0.0) { sum, sample in sum + Double(sample) * Double(sample) } / Double(samples.count)
    }
}

import CEspeak
import Foundation

/// espeak-ng, the speech engine behind `--speak`: speaks text with word-level progress, to the
/// sound device or into WAV files.
///
/// espeak-ng is loaded when first needed (see CEspeak), so readaloud runs without it until
/// speech is asked for; then a missing engine is one clear error naming the Debian package.
///
/// Not `Sendable`: espeak-ng has global state. Use one engine from one thread (the
/// ``EspeakSpeechSink`` serial queue does).
final class EspeakEngine {
    /// Where speech goes.
    enum Output {
        /// The sound device, in real time.
        case soundDevice
        /// One WAV file per text spoken, numbered, in a directory (progress is reported as fast as
        /// espeak-ng synthesises).
        case wavFiles(directory: URL)
    }

    /// A word espeak-ng is about to speak: its range in the spoken text's UTF-16 units and when
    /// it starts, in milliseconds from the start of the text's audio.
    struct Word {
        let range: Range<Int>
        let milliseconds: Int
    }

    let output: Output
    private let sampleRate: Int
    private let player: AudioPlayer?
    private var fileNumber = 0

    /// Loads and sets up espeak-ng.
    ///
    /// - Throws: ``CommandFailure`` naming the package when espeak-ng is missing, or the voice
    ///   or rate it rejects.
    init(voice: String, rate: Int, output: Output) throws(CommandFailure) {
        var error = [CChar](repeating: 0, count: 512)
        // READALOUD_ESPEAK_LIBRARY names another libespeak-ng (a non-standard install).
        let library = ProcessInfo.processInfo.environment["READALOUD_ESPEAK_LIBRARY"]
        guard cespeak_load(library, &error, Int32(error.count)) == 0 else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw CommandFailure(
                "--speak needs espeak-ng, which is not installed (\(reason)); install the Debian package espeak-ng",
                exitCode: .unavailable)
        }
        if case .soundDevice = output { player = try AudioPlayer() } else { player = nil }
        let rate32 = Int32(rate)
        // Always synthesise to samples: readaloud plays them itself, so it can tell when there is
        // no sound device, and time the word highlights to the audio.
        let sampleRate = cespeak_initialize(0)
        guard sampleRate > 0 else {
            throw CommandFailure(
                "espeak-ng could not start (is espeak-ng-data installed?)", exitCode: .unavailable)
        }
        guard cespeak_set_voice(voice) == 0 else {
            throw CommandFailure("espeak-ng has no voice '\(voice)' (see 'espeak-ng --voices')", exitCode: .usage)
        }
        guard cespeak_set_rate(rate32) == 0 else {
            throw CommandFailure("espeak-ng rejected the rate \(rate)", exitCode: .usage)
        }
        self.output = output
        self.sampleRate = Int(sampleRate)
    }

    /// Speaks `text`, calling `onWord` as each word starts (in time with the audio on the sound
    /// device; as soon as synthesised for WAV files), and returns when it is done or when
    /// `shouldStop` answers `true`. Returns the WAV file written, if any.
    @discardableResult
    func speak(_ text: String, shouldStop: () -> Bool = { false }, onWord: (Word) -> Void) -> URL? {
        var words: [Word] = []
        let samples = synthesize(text, shouldStop: shouldStop) { words.append($0) }
        guard let samples else { return nil }
        let audio = WAVFile.data(samples: samples, sampleRate: sampleRate)
        switch output {
        case .soundDevice:
            player?.play(audio, words: words, shouldStop: shouldStop, onWord: onWord)
            return nil
        case .wavFiles(let directory):
            words.forEach(onWord)
            fileNumber += 1
            let file = directory.appendingPathComponent(String(format: "%05d.wav", fileNumber))
            try? audio.write(to: file)
            return file
        }
    }

    /// The samples of `text`, reporting its words as they are synthesised; `nil` when stopped or
    /// when espeak-ng fails.
    private func synthesize(_ text: String, shouldStop: () -> Bool, onWord: (Word) -> Void) -> [Int16]? {
        // espeak-ng counts characters (code points) from 1; map them to UTF-16 offsets.
        var scalarOffsets: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            scalarOffsets.append(offset)
            offset += scalar.utf16.count
        }
        scalarOffsets.append(offset)
        let (result, samples) = withoutActuallyEscaping(onWord) { onWord in
            withoutActuallyEscaping(shouldStop) { shouldStop in
                var state = SynthesisState(scalarOffsets: scalarOffsets, onWord: onWord, shouldStop: shouldStop)
                let result = withUnsafeMutablePointer(to: &state) { pointer in
                    cespeak_synthesize(
                        text,
                        { context, kind, samples, count, position, length, milliseconds in
                            let state = context!.assumingMemoryBound(to: SynthesisState.self)
                            return state.pointee.receive(kind, samples, count, position, length, milliseconds)
                        }, pointer)
                }
                return (result, state.samples)
            }
        }
        return result == 0 && !shouldStop() ? samples : nil
    }

    private struct SynthesisState {
        let scalarOffsets: [Int]
        let onWord: (Word) -> Void
        let shouldStop: () -> Bool
        var samples: [Int16] = []

        mutating func receive(
            _ kind: Int32, _ samples: UnsafePointer<Int16>?, _ count: Int32, _ position: Int32, _ length: Int32,
            _ milliseconds: Int32
        ) -> Int32 {
            if shouldStop() { return 1 }
            switch Int(kind) {
            case Int(CESPEAK_SAMPLES):
                if let samples {
                    self.samples.append(contentsOf: UnsafeBufferPointer(start: samples, count: Int(count)))
                }
            case Int(CESPEAK_WORD):
                let last = scalarOffsets.count - 1
                let start = min(max(0, Int(position) - 1), last)
                let end = min(start + max(0, Int(length)), last)
                onWord(Word(range: scalarOffsets[start]..<scalarOffsets[end], milliseconds: Int(milliseconds)))
            default:
                break
            }
            return 0
        }
    }
}

import Dispatch
import Foundation
import Synchronization
import TextNavigation
import TextNavigationSpeech

/// The speech engine of an export: each utterance synthesized by espeak-ng into a WAV file
/// (the `--speak-to` path), appended to the chapter's audio with its sentence's and words'
/// times; page turns and print pages (reader UI) left out, a heading followed by a pause.
///
/// `@unchecked Sendable`: the recording state is behind a lock; the espeak-ng engine is used
/// only on its queue.
final class RecordingSpeechEngine: SpeechEngine, @unchecked Sendable {
    /// The pause after a heading.
    static let headingPause = Duration.milliseconds(700)

    private let voice: QueuedSpeechEngine
    private let directory: URL
    private let audioURL: URL
    private let state = Mutex<State>(State())

    private struct State {
        var writer: ChapterAudio.Writer?
        var sampleRate = 22_050
        var files = 0
        var sentences: [ChapterTiming.Sentence] = []
        var failure: String?
    }

    var wordTiming: WordTiming { .marked }

    /// Writes the chapter's audio to `audio`, espeak-ng's files into `scratch` (an existing
    /// directory).
    init(settings: SpeechSettings, scratch: URL, audio: URL) throws(ExportFailure) {
        do {
            let engine = try EspeakEngine(settings: settings, output: .wavFiles(directory: WAVDirectory(scratch)))
            voice = QueuedSpeechEngine(engine: engine)
        } catch {
            throw ExportFailure(error.code == .invalidSetting ? .usage : .unavailable, error.message)
        }
        directory = scratch
        audioURL = audio
    }

    /// Speaks `request` whole before returning, so that nothing the player says next (a page
    /// turn, at high priority) can cut an utterance off: the audio is the same however fast the
    /// machine is.
    func speak(_ request: SpeechRequest, reporting: @escaping @Sendable (SpeechEngineReport) -> Void) {
        guard request.element != nil else {
            if case .heading = request.event { record(silence: Self.headingPause) }
            reporting(.finished)
            return
        }
        let marks = Mutex<[(word: Int, milliseconds: Int)]>([])
        let outcome = Mutex<SpeechEngineReport?>(nil)
        let done = DispatchSemaphore(value: 0)
        voice.speak(request) { report in
            switch report {
            case .word(let word, let milliseconds):
                marks.withLock { $0.append((word, milliseconds)) }
            default:
                outcome.withLock { $0 = report }
                done.signal()
            }
        }
        done.wait()
        let report = outcome.withLock { $0 } ?? .finished
        if case .finished = report { record(request, marks: marks.withLock { $0 }) }
        reporting(report)
    }

    /// Nothing to stop: ``speak(_:reporting:)`` returns when the speech has ended.
    @discardableResult
    func stop() -> Bool { false }

    /// Closes the chapter's audio and returns its timing; throws the first failure.
    func finish(title: String) throws(ExportFailure) -> ChapterTiming {
        voice.stopAndWait()
        return try state.withLock { state throws(ExportFailure) in
            if let failure = state.failure { throw ExportFailure(.ioError, failure) }
            do {
                let writer = try state.writer ?? ChapterAudio.Writer(url: audioURL, sampleRate: state.sampleRate)
                try writer.close()
                return ChapterTiming(
                    title: title, sampleRate: state.sampleRate, samples: writer.samples, sentences: state.sentences)
            } catch {
                throw ExportFailure(.ioError, "cannot write \(audioURL.path): \(error.localizedDescription)")
            }
        }
    }

    /// Appends the WAV file espeak-ng wrote for `request` and its timing.
    private func record(_ request: SpeechRequest, marks: [(word: Int, milliseconds: Int)]) {
        state.withLock { state in
            state.files += 1
            let file = directory.appendingPathComponent(String(format: "%05d.wav", state.files))
            defer { try? FileManager.default.removeItem(at: file) }
            do {
                let data = try Data(contentsOf: file)
                let writer = try self.writer(&state, rate: ChapterAudio.sampleRate(ofHeader: data))
                let begin = writer.samples
                let pcm = data.subdata(in: min(ChapterAudio.headerSize, data.count)..<data.count)
                try writer.append(pcm: pcm)
                let words = Self.words(
                    of: request, marks: marks, pcm: pcm, sampleRate: state.sampleRate, from: begin)
                state.sentences.append(
                    .init(
                        element: request.element ?? 0, start: request.range.lowerBound, end: request.range.upperBound,
                        text: request.text, begin: begin, finish: writer.samples, words: words))
            } catch {
                state.failure = state.failure ?? "cannot write \(audioURL.path): \(error.localizedDescription)"
            }
        }
    }

    /// The words of `request` that have a mark, each timed from its sound's onset in `pcm` (the
    /// utterance's 16-bit samples, which start at sample `begin` of the chapter).
    private static func words(
        of request: SpeechRequest, marks: [(word: Int, milliseconds: Int)], pcm: Data, sampleRate: Int, from begin: Int
    ) -> [ChapterTiming.Word] {
        let samples = pcm.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let onsets = SoundOnset(samples: samples, sampleRate: sampleRate)
        let offsets = marks.map { $0.milliseconds * sampleRate / 1000 }
        return marks.indices.compactMap { index -> ChapterTiming.Word? in
            guard request.words.indices.contains(marks[index].word) else { return nil }
            let word = request.words[marks[index].word]
            let limit = index + 1 < offsets.count ? offsets[index + 1] : samples.count
            return .init(
                start: word.lowerBound, end: word.upperBound,
                begin: begin + onsets.onset(from: offsets[index], before: limit), mark: begin + offsets[index])
        }
    }

    private func record(silence: Duration) {
        state.withLock { state in
            do {
                let samples =
                    Int(silence.components.seconds) * state.sampleRate
                    + Int(silence.components.attoseconds / 1_000_000_000_000_000) * state.sampleRate / 1000
                try writer(&state, rate: nil).appendSilence(samples)
            } catch {
                state.failure = state.failure ?? "cannot write \(audioURL.path): \(error.localizedDescription)"
            }
        }
    }

    /// The chapter's writer, opened at the first audio (at espeak-ng's rate when known).
    private func writer(_ state: inout State, rate: Int?) throws -> ChapterAudio.Writer {
        if let writer = state.writer { return writer }
        if let rate { state.sampleRate = rate }
        let writer = try ChapterAudio.Writer(url: audioURL, sampleRate: state.sampleRate)
        state.writer = writer
        return writer
    }
}

import Dispatch
import Foundation
import Synchronization
import TextNavigation

/// Recorded narration (an EPUB's Media Overlays) played for the requests that carry it
/// (``SpeechRequest/audio``), every other request spoken by the synthesized voice it wraps:
/// what a ``ReadAloudPlayer`` given a ``Narration`` speaks through.
///
/// Each clip is decoded with ``AudioDecoder`` (FFmpeg; exact to the sample) and played on the
/// sound device, or written as a WAV file of its own into a ``WAVDirectory`` that the voice
/// writes into too, so the files are numbered in the order they are heard. Before each clip the
/// engine reports ``SpeechEngineReport/clip(_:milliseconds:)``, then
/// ``SpeechEngineReport/finished`` after the last; a request resumed at
/// ``SpeechRequest/audioOffset`` starts that far into its audio.
///
/// Audio that cannot be loaded or decoded (a missing entry, a format FFmpeg cannot read) is
/// told once per file to `onProblem`, a clip past its file's end once per clip; a request none
/// of whose clips can be played is spoken by the voice instead, so the listener hears its text
/// in its place.
///
/// `@unchecked Sendable`: the decoders are used only on `queue`; the number of the request
/// being played is atomic.
public final class NarratingSpeechEngine: SoundingSpeechEngine, @unchecked Sendable {
    /// Where the narration goes.
    public enum Output: Sendable {
        /// The sound device, in real time.
        case soundDevice
        /// One WAV file per clip, in a directory shared with the voice; with `keepsTime`, each
        /// taking its own time as though it were played (the terminal reader's highlight
        /// follows so), otherwise as fast as the clips decode.
        case wavFiles(WAVDirectory, keepsTime: Bool)
    }

    private let voice: any SpeechEngine
    private let output: Output
    private let player: AudioPlayer?
    private let load: @Sendable (String) throws -> [UInt8]
    private let onProblem: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "readaloud.narration")
    /// The number of the latest request; any other is stopped.
    private let generation = Atomic<Int>(0)

    // Used on `queue` only.
    /// The decoder of the file last played from (clips are played in file order, so one pass
    /// over a file serves them all).
    private var decoder: (source: String, decoder: AudioDecoder)?
    /// The files that cannot be played, already told to `onProblem`.
    private var unplayable: Set<String> = []

    /// An engine playing narration to `output`, and speaking everything else with `voice`.
    ///
    /// - Parameters:
    ///   - voice: the synthesized speech for requests without audio, and for audio that
    ///     cannot be played.
    ///   - output: the sound device or a directory of WAV files.
    ///   - load: the bytes of an audio file, by ``AudioClip/source`` (an EPUB's
    ///     ``EPUBBook/resource(_:)``).
    ///   - onProblem: told, once per file, why its audio cannot be played.
    /// - Throws: ``SpeechEngineError`` when the sound device is asked for and there is none.
    public init(
        voice: any SpeechEngine, output: Output, load: @escaping @Sendable (String) throws -> [UInt8],
        onProblem: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(SpeechEngineError) {
        if case .soundDevice = output { player = try AudioPlayer() } else { player = nil }
        self.voice = voice
        self.output = output
        self.load = load
        self.onProblem = onProblem
    }

    public var wordTiming: WordTiming { voice.wordTiming }

    public func speak(_ request: SpeechRequest, reporting: @escaping @Sendable (SpeechEngineReport) -> Void) {
        guard !request.audio.isEmpty else {
            voice.speak(request, reporting: reporting)
            return
        }
        let mine = generation.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        queue.async { [self] in
            let stopped = { self.generation.load(ordering: .sequentiallyConsistent) != mine }
            guard !stopped() else { return }
            switch play(request, stopped: stopped, reporting: reporting) {
            case .played:
                if !stopped() { reporting(.finished) }
            case .stopped:
                break
            case .nothingPlayable:
                guard !stopped() else { return }
                voice.speak(Self.synthesized(request), reporting: reporting)
            }
        }
    }

    @discardableResult
    public func stop() -> Bool {
        generation.wrappingAdd(1, ordering: .sequentiallyConsistent)
        voice.stop()
        return false
    }

    /// Stops and waits until the sound device is let go of (before the process exits).
    public func stopAndWait() {
        stop()
        queue.sync {}
    }

    private enum Outcome { case played, stopped, nothingPlayable }

    /// Plays the clips of `request` from its ``SpeechRequest/audioOffset``, each reported as
    /// it starts; a clip that cannot be played is left out (told to `onProblem`).
    private func play(
        _ request: SpeechRequest, stopped: () -> Bool, reporting: (SpeechEngineReport) -> Void
    ) -> Outcome {
        var elapsed = 0
        var playedAny = false
        for (index, clip) in request.audio.enumerated() {
            // A clip wholly before the offset is not decoded when its length is known.
            if let duration = clip.duration, elapsed + duration <= request.audioOffset {
                elapsed += duration
                continue
            }
            guard var audio = decoded(clip) else { continue }
            let cut = max(0, request.audioOffset - elapsed)
            let length = audio.milliseconds
            elapsed += length
            guard cut < length else { continue }
            if cut > 0 { audio = audio.dropping(milliseconds: cut) }
            if stopped() { return .stopped }
            playedAny = true
            reporting(.clip(index, milliseconds: elapsed - length + cut))
            guard emit(audio, stopped: stopped) else { return .stopped }
        }
        return playedAny ? .played : (stopped() ? .stopped : .nothingPlayable)
    }

    /// Plays `audio` (or writes it), returning whether it was heard to its end.
    private func emit(_ audio: PCMAudio, stopped: () -> Bool) -> Bool {
        switch output {
        case .soundDevice:
            return player?.play(audio.wavData, marks: [], shouldStop: stopped, onMark: { _ in }) ?? false
        case .wavFiles(let directory, let keepsTime):
            try? audio.wavData.write(to: directory.nextFile())
            guard keepsTime else { return !stopped() }
            return AudioMark.keepTime(
                of: [], lasting: .milliseconds(audio.milliseconds), shouldStop: stopped, onMark: { _ in })
        }
    }

    /// The audio of `clip`, or `nil` (told to `onProblem`) when its file cannot be loaded or
    /// decoded (then never tried again), or the clip lies past the file's end.
    private func decoded(_ clip: AudioClip) -> PCMAudio? {
        guard !unplayable.contains(clip.source) else { return nil }
        do {
            if decoder?.source != clip.source {
                decoder = nil
                decoder = (clip.source, try AudioDecoder(bytes: try load(clip.source)))
            }
            let audio = try decoder!.decoder.clip(from: clip.begin, to: clip.end)
            if audio.frameCount == 0, clip.duration != 0 {
                onProblem("narration: the clip of \(clip.source) from \(clip.begin) ms begins after its audio ends")
                return nil
            }
            return audio
        } catch {
            unplayable.insert(clip.source)
            onProblem("narration: cannot play \(clip.source) (\(error)); its text is read by the voice")
            return nil
        }
    }

    /// `request` as synthesized speech: its text, without its audio.
    private static func synthesized(_ request: SpeechRequest) -> SpeechRequest {
        SpeechRequest(
            text: request.text, range: request.range, words: request.words, element: request.element,
            language: request.language, priority: request.priority, event: request.event, settings: request.settings)
    }
}

import CEspeak
import Foundation
import TextNavigation

/// espeak-ng, driven directly: speaks ``SpeechMarkup`` with its word marks, to the sound device
/// or into WAV files.
///
/// espeak-ng is loaded when first needed (see CEspeak), so readaloud runs without it until
/// speech is asked for; then a missing engine is one clear error naming the Debian package.
///
/// Not `Sendable`: espeak-ng has global state. Use one engine from one thread (the
/// ``EspeakSpeechSink`` serial queue does).
public final class EspeakEngine: SynthesisEngine {
    /// Where speech goes.
    public enum Output: Sendable {
        /// The sound device, in real time.
        case soundDevice
        /// One WAV file per text spoken, numbered, in a directory (marks are reported as fast as
        /// espeak-ng synthesises).
        case wavFiles(directory: WAVDirectory)
    }

    /// A mark espeak-ng reached.
    typealias Mark = AudioMark

    let output: Output
    public let failure: String? = nil
    /// espeak-ng ignores SSML's `<phoneme>`; it takes its own mnemonics with phoneme input on.
    public let phonemeNotation = SpeechMarkup.PhonemeNotation.espeak
    private let settings: SpeechSettings
    private let sampleRate: Int
    private let player: AudioPlayer?
    /// The voice espeak-ng has now, and the voice found for each language asked for.
    private var currentVoice: String
    private var voices: [String: String] = [:]

    /// The WAV file the last text went into, with `.wavFiles` output.
    private(set) var lastFile: URL?

    /// With `.wavFiles` output: report the marks and return in the audio's own time, as though
    /// each file were played as it is written (the terminal reader's highlight follows the
    /// words so); otherwise as fast as espeak-ng synthesises.
    package var keepsTime = false

    /// Loads and sets up espeak-ng.
    ///
    /// - Throws: ``SpeechEngineError`` naming the package when espeak-ng is missing, or the voice
    ///   or setting it rejects.
    public init(settings: SpeechSettings, output: Output) throws(SpeechEngineError) {
        var error = [CChar](repeating: 0, count: 512)
        // READALOUD_ESPEAK_LIBRARY names another libespeak-ng (a non-standard install).
        let library = ProcessInfo.processInfo.environment["READALOUD_ESPEAK_LIBRARY"]
        guard cespeak_load(library, &error, Int32(error.count)) == 0 else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw SpeechEngineError(
                .unavailable,
                "speech needs espeak-ng, which is not installed (\(reason)); install the Debian package espeak-ng")
        }
        if case .soundDevice = output { player = try AudioPlayer() } else { player = nil }
        // Always synthesise to samples: readaloud plays them itself, so it can tell when there is
        // no sound device, and time the word highlights to the audio.
        let sampleRate = cespeak_initialize(0)
        guard sampleRate > 0 else {
            throw SpeechEngineError(.unavailable, "espeak-ng could not start (is espeak-ng-data installed?)")
        }
        let voice = settings.voice ?? Self.voiceNames(for: settings.language).first ?? "en"
        guard cespeak_set_voice(voice) == 0 || (settings.voice == nil && cespeak_set_voice("en") == 0) else {
            throw SpeechEngineError(.invalidSetting, "espeak-ng has no voice '\(voice)' (see 'espeak-ng --voices')")
        }
        self.output = output
        self.settings = settings
        self.sampleRate = Int(sampleRate)
        self.currentVoice = voice
        try applyParameters()
    }

    /// The espeak-ng voice names to try for a language, best first: "fr_CA" gives "fr-ca", "fr".
    static func voiceNames(for locale: String) -> [String] {
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "@" || $0 == "." })
        guard let language = parts.first?.lowercased(), !language.isEmpty else { return [] }
        if parts.count > 1, parts[1].count == 2 { return ["\(language)-\(parts[1].lowercased())", language] }
        return [language]
    }

    private func applyParameters() throws(SpeechEngineError) {
        for (parameter, value, name) in [
            (CESPEAK_RATE, settings.rate, "rate"), (CESPEAK_PITCH, settings.pitch, "pitch"),
            (CESPEAK_VOLUME, settings.volume, "volume"),
        ] where cespeak_set_parameter(Int32(parameter), Int32(value)) != 0 {
            throw SpeechEngineError(.invalidSetting, "espeak-ng rejected the \(name) \(value)")
        }
    }

    /// Selects the voice for text in `language`: `--voice` (or the book language's voice) for
    /// the book's language, else espeak-ng's voice for the language when it has one.
    private func selectVoice(for language: String?) {
        let wanted: String
        if settings.isBookLanguage(language) {
            wanted = settings.voice ?? Self.voiceNames(for: settings.language).first ?? "en"
        } else if let language, let known = voices[language] {
            wanted = known
        } else {
            let found = Self.voiceNames(for: language ?? "").first { cespeak_set_voice($0) == 0 }
            wanted = found ?? settings.voice ?? Self.voiceNames(for: settings.language).first ?? "en"
            if let language { voices[language] = wanted }
            currentVoice = ""  // set_voice may have changed it
        }
        guard wanted != currentVoice else { return }
        if cespeak_set_voice(wanted) == 0 { currentVoice = wanted }
        try? applyParameters()  // a new voice starts from its own parameters
    }

    public func speak(
        _ markup: SpeechMarkup, priority: AnnouncementPriority?, shouldStop: () -> Bool,
        onMark: (_ mark: Int, _ milliseconds: Int) -> Void
    ) -> Bool {
        selectVoice(for: markup.language)
        var marks: [Mark] = []
        guard let samples = synthesize(markup.ssml, shouldStop: shouldStop, onMark: { marks.append($0) }) else {
            return false
        }
        let audio = WAVFile.data(samples: samples, sampleRate: sampleRate)
        switch output {
        case .soundDevice:
            return player?.play(audio, marks: marks, shouldStop: shouldStop) { onMark($0.number, $0.milliseconds) }
                ?? false
        case .wavFiles(let directory):
            let file = directory.nextFile()
            try? audio.write(to: file)
            lastFile = file
            guard keepsTime else {
                for mark in marks { onMark(mark.number, mark.milliseconds) }
                return true
            }
            return AudioMark.keepTime(
                of: marks, lasting: .milliseconds(samples.count * 1000 / sampleRate), shouldStop: shouldStop,
                onMark: { onMark($0.number, $0.milliseconds) })
        }
    }

    /// The samples of SSML `text`, reporting its marks as they are synthesised; `nil` when
    /// stopped or when espeak-ng fails.
    private func synthesize(_ text: String, shouldStop: () -> Bool, onMark: (Mark) -> Void) -> [Int16]? {
        let (result, samples) = withoutActuallyEscaping(onMark) { onMark in
            withoutActuallyEscaping(shouldStop) { shouldStop in
                var state = SynthesisState(onMark: onMark, shouldStop: shouldStop)
                let result = withUnsafeMutablePointer(to: &state) { pointer in
                    cespeak_synthesize(
                        text, Int32(CESPEAK_TEXT_SSML | CESPEAK_TEXT_PHONEMES),
                        { context, kind, samples, count, mark, milliseconds in
                            let state = context!.assumingMemoryBound(to: SynthesisState.self)
                            return state.pointee.receive(kind, samples, count, mark, milliseconds)
                        }, pointer)
                }
                return (result, state.samples)
            }
        }
        return result == 0 && !shouldStop() ? samples : nil
    }

    private struct SynthesisState {
        let onMark: (Mark) -> Void
        let shouldStop: () -> Bool
        var samples: [Int16] = []

        mutating func receive(
            _ kind: Int32, _ samples: UnsafePointer<Int16>?, _ count: Int32, _ mark: Int32, _ milliseconds: Int32
        ) -> Int32 {
            if shouldStop() { return 1 }
            switch Int(kind) {
            case Int(CESPEAK_SAMPLES):
                if let samples {
                    self.samples.append(contentsOf: UnsafeBufferPointer(start: samples, count: Int(count)))
                }
            case Int(CESPEAK_MARK):
                onMark(Mark(number: Int(mark), milliseconds: Int(milliseconds)))
            default:
                break
            }
            return 0
        }
    }
}

import Foundation
import TextNavigation
import TextNavigationBooks
import TextNavigationSpeech

/// The speech options of `readaloud BOOK` (`--speak` and the options that go with it), and the
/// engine they set up.
enum SpeechOptions {
    /// What `--speech-backend` names.
    enum Backend: String, CaseIterable, Sendable {
        case speechd
        case espeakNG = "espeak-ng"
    }

    static let speak = CommandOption.flag(
        "speak", help: "Speak as the reading goes, with word-level progress (speech-dispatcher, else espeak-ng).")
    static let backend = CommandOption.choice(
        "speech-backend", valueName: "B",
        help: "What --speak speaks through (default: speech-dispatcher when its service answers, else espeak-ng).",
        allowed: Backend.allCases)
    static let voice = CommandOption.text(
        "voice", valueName: "V", help: "The voice for --speak (default: the engine's for the --locale language).")
    static let rate = CommandOption.integer(
        "rate", valueName: "WPM", help: "Speaking rate for --speak, in words per minute (80 to 450).", in: 80...450,
        default: SpeechSettings().rate)
    static let pitch = CommandOption.integer(
        "pitch", valueName: "N", help: "Voice pitch for --speak, 0 to 100.", in: 0...100,
        default: SpeechSettings().pitch)
    static let volume = CommandOption.integer(
        "volume", valueName: "N", help: "Volume for --speak, 0 to 100 percent.", in: 0...100,
        default: SpeechSettings().volume)
    static let speakTo = CommandOption.text(
        "speak-to", valueName: "DIR",
        help: "With --speak: write one WAV file per utterance into DIR (through espeak-ng), not to the sound device.")

    /// The options' entries in the command's spec, `--speak` first.
    static let all: [CommandSpec.Option] = [
        speak.spec, backend.spec, voice.spec, rate.spec, pitch.spec, volume.spec, speakTo.spec,
    ]

    /// The settings the options give, checked; throws when one is given without `--speak`
    /// (unless `speakingByDefault`: the terminal reader speaks without being asked).
    static func settings(
        _ arguments: ParsedArguments, locale: String, speakingByDefault: Bool = false
    ) throws(UsageError) -> SpeechSettings {
        for option in all where option.name != speak.name && arguments.values[option.name] != nil {
            guard arguments[speak] || speakingByDefault else {
                throw UsageError("'--\(option.name)' goes with '--speak'", spec: arguments.spec)
            }
        }
        return SpeechSettings(
            voice: arguments[voice], rate: arguments[rate], pitch: arguments[pitch], volume: arguments[volume],
            language: locale)
    }

    /// What `--narration` chooses.
    enum NarrationChoice: String, CaseIterable, Sendable {
        case on, off
    }

    static let narration = CommandOption.choice(
        "narration", valueName: "on|off",
        help:
            "EPUB: read by the book's recorded narration (Media Overlays) where it has some, the voice reading the rest.",
        allowed: NarrationChoice.allCases, default: .on)

    /// The recorded narration `--narration` asks to read `book` by: the book's, unless off.
    static func narration(_ arguments: ParsedArguments, of book: OpenedBook) -> Narration? {
        arguments[narration] == .on ? book.narration : nil
    }

    /// The engine `--speak` asks for, as the player speaks through it, or `nil` without it.
    static func speechEngine(
        _ arguments: ParsedArguments, settings: SpeechSettings, book: OpenedBook, narration: Narration?
    ) throws(CommandFailure) -> (any SoundingSpeechEngine)? {
        guard arguments[speak] else { return nil }
        return try voice(engine(arguments, settings: settings), book: book, narration: narration)
    }

    /// What speaks `book`: `engine`, and with `narration`
    /// the book's recorded audio where it has some, to where `engine` speaks (the sound
    /// device, or the same WAV files; with `keepsTime` those take the audio's own time).
    static func voice(
        _ engine: (synthesis: any SynthesisEngine, directory: WAVDirectory?), book: OpenedBook,
        narration: Narration?, keepsTime: Bool = false
    ) throws(CommandFailure) -> any SoundingSpeechEngine {
        let voice = QueuedSpeechEngine(engine: engine.synthesis)
        guard narration != nil, let epub = book.epub else { return voice }
        let name = book.name
        let output: NarratingSpeechEngine.Output =
            engine.directory.map { .wavFiles($0, keepsTime: keepsTime) } ?? .soundDevice
        do {
            return try NarratingSpeechEngine(
                voice: voice, output: output, load: { try epub.resource($0) },
                onProblem: { writeToStandardError("warning: \(name): \($0)\n") })
        } catch {
            throw CommandFailure("\(error.message); or write WAV files with --speak-to DIR", exitCode: .unavailable)
        }
    }

    /// The engine the options choose: espeak-ng into WAV files with `--speak-to` (and the
    /// directory, which recorded narration writes into too), the backend `--speech-backend`
    /// names, else speech-dispatcher when its service answers, else espeak-ng on the sound
    /// device.
    ///
    /// - Throws: ``CommandFailure`` saying why there is no such engine here.
    static func engine(_ arguments: ParsedArguments, settings: SpeechSettings) throws(CommandFailure)
        -> (synthesis: any SynthesisEngine, directory: WAVDirectory?)
    {
        let engine: any SynthesisEngine
        let backend = arguments[Self.backend]
        if let path = arguments[speakTo] {
            guard backend != .speechd else {
                throw CommandFailure(
                    UsageError("'--speak-to' writes WAV files through espeak-ng, not speechd", spec: arguments.spec))
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw CommandFailure("--speak-to: \(path) is not an existing directory", exitCode: .noInput)
            }
            let directory = WAVDirectory(URL(fileURLWithPath: path))
            engine = try made { () throws(SpeechEngineError) in
                try EspeakEngine(settings: settings, output: .wavFiles(directory: directory))
            }
            return (engine, directory)
        } else if backend == .speechd {
            // Asked for: start the service if it is installed but not running.
            engine = try made { () throws(SpeechEngineError) in
                try SpeechDispatcherEngine(settings: settings, autospawn: true)
            }
        } else if backend == nil, let service = try? SpeechDispatcherEngine(settings: settings, autospawn: false) {
            engine = service
        } else {
            engine = try made { () throws(SpeechEngineError) in
                try EspeakEngine(settings: settings, output: .soundDevice)
            }
        }
        return (engine, nil)
    }

    /// The engine `make` makes, its failure said as the command line says it: a missing engine
    /// or sound output exits 69 (with the WAV-file way out), a setting the engine refused 64.
    private static func made(_ make: () throws(SpeechEngineError) -> any SynthesisEngine) throws(CommandFailure)
        -> any SynthesisEngine
    {
        do {
            return try make()
        } catch {
            switch error.code {
            case .noSoundOutput:
                throw CommandFailure("\(error.message); or write WAV files with --speak-to DIR", exitCode: .unavailable)
            case .invalidSetting: throw CommandFailure(error.message, exitCode: .usage)
            default: throw CommandFailure(error.message, exitCode: .unavailable)
            }
        }
    }
}

import Dispatch
import Synchronization
import TextNavigation

/// A ``SynthesisEngine`` (espeak-ng, speech-dispatcher) as the library's ``SpeechEngine``: each
/// request is spoken on a serial queue of its own as ``SpeechMarkup`` (a mark before every
/// word, the request's ``SpeechRequest/pronunciations``, its language), its marks reported as
/// words.
///
/// Word timing is ``WordTiming/marked`` until the engine is seen to give no marks: an utterance
/// of several words spoken to its end without one (speech-dispatcher's generic modules, which
/// ignore SSML marks). From then on it is ``WordTiming/estimated``: the player times the words.
///
/// ``stop()`` reaches the engine at once: it cuts the audio off mid-word (espeak-ng's player is
/// stopped, speech-dispatcher's message cancelled), and nothing more is reported about it.
///
/// `@unchecked Sendable`: the engine is used only on `queue`; the number of the request being
/// spoken is atomic.
public final class QueuedSpeechEngine: SoundingSpeechEngine, @unchecked Sendable {
    private let engine: any SynthesisEngine
    private let queue = DispatchQueue(label: "readaloud.speech")
    /// The number of the latest request; any other is stopped.
    private let generation = Atomic<Int>(0)
    /// What the engine's marks were seen to be: ``MarksSeen``'s raw value.
    private let marksSeen = Atomic<UInt8>(MarksSeen.unknown.rawValue)

    /// Whether the engine gives word marks, as far as its speech has shown.
    private enum MarksSeen: UInt8 {
        /// Nothing spoken whole yet that should have had marks.
        case unknown
        /// A mark came.
        case given
        /// An utterance of several words was spoken to its end without a mark.
        case missing
    }

    /// Speaks through `engine`.
    public init(engine: any SynthesisEngine) {
        self.engine = engine
    }

    public var wordTiming: WordTiming {
        marksSeen.load(ordering: .relaxed) == MarksSeen.missing.rawValue ? .estimated : .marked
    }

    public func speak(_ request: SpeechRequest, reporting: @escaping @Sendable (SpeechEngineReport) -> Void) {
        let mine = generation.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        queue.async { [self] in
            let stopped = { self.generation.load(ordering: .sequentiallyConsistent) != mine }
            guard !stopped() else { return }
            let markup = Self.markup(for: request, phonemes: engine.phonemeNotation)
            var marked = false
            let spokenToEnd = engine.speak(markup, priority: request.priority, shouldStop: stopped) { mark, time in
                marked = true
                if !stopped() { reporting(.word(mark, milliseconds: time)) }
            }
            if let failure = engine.failure {
                reporting(.failed(failure))
            } else if spokenToEnd, !stopped() {
                if marked {
                    marksSeen.store(MarksSeen.given.rawValue, ordering: .relaxed)
                } else if request.words.count > 1 {
                    _ = marksSeen.compareExchange(
                        expected: MarksSeen.unknown.rawValue, desired: MarksSeen.missing.rawValue, ordering: .relaxed)
                }
                reporting(.finished)
            }
        }
    }

    @discardableResult
    public func stop() -> Bool {
        generation.wrappingAdd(1, ordering: .sequentiallyConsistent)
        return false
    }

    /// Stops speaking and waits until the engine has let go of the audio (before the process
    /// exits, so no sound outlives it).
    public func stopAndWait() {
        stop()
        queue.sync {}
    }

    /// The markup for `request`: its words marked, its pronunciations (phonemes written as
    /// `phonemes`), its language; an announcement as plain text in the book's voice.
    static func markup(for request: SpeechRequest, phonemes: SpeechMarkup.PhonemeNotation) -> SpeechMarkup {
        guard request.element != nil else { return SpeechMarkup(announcement: request.text) }
        return SpeechMarkup(
            text: request.text, range: request.range, words: request.words, pronunciations: request.pronunciations,
            phonemes: phonemes, language: request.language)
    }
}

import TextNavigation

/// A speech synthesiser that speaks ``SpeechMarkup`` and reports its word marks, blocking until
/// the speech ends: espeak-ng directly (``EspeakEngine``) or the speech-dispatcher service
/// (``SpeechDispatcherEngine``). ``QueuedSpeechEngine`` adapts one to the library's
/// ``SpeechEngine`` protocol, which the ``ReadAloudPlayer`` speaks through.
///
/// Not `Sendable`: an engine is used from one thread at a time.
public protocol SynthesisEngine: AnyObject {
    /// Speaks `markup` in a voice for its language, calling `onMark` with each mark's number
    /// and its time in milliseconds from the start of the audio, in time with the audio on the
    /// sound device. Returns when the speech ends, or at once after `shouldStop` answers `true`
    /// (the engine cuts the audio off mid-word); returns whether it was spoken to its end.
    ///
    /// - Parameter priority: the importance of an announcement, or `nil` for the text being read.
    @discardableResult
    func speak(
        _ markup: SpeechMarkup, priority: AnnouncementPriority?, shouldStop: () -> Bool,
        onMark: (_ mark: Int, _ milliseconds: Int) -> Void
    ) -> Bool

    /// How the engine takes phonemes in its markup.
    var phonemeNotation: SpeechMarkup.PhonemeNotation { get }

    /// Why the engine cannot speak, once it has found out that it cannot (a service that takes
    /// text but never speaks it); `nil` while it works.
    var failure: String? { get }
}

extension SynthesisEngine {
    /// SSML's `<phoneme>`, unless the engine says otherwise.
    public var phonemeNotation: SpeechMarkup.PhonemeNotation { .ssml }
}

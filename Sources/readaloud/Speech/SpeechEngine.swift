import TextNavigation

/// A speech engine that speaks ``SpeechMarkup`` and reports its word marks: espeak-ng directly
/// (``EspeakEngine``) or the speech-dispatcher service (``SpeechDispatcherEngine``).
///
/// Not `Sendable`: an engine is used from one thread at a time.
protocol SpeechEngine: AnyObject {
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

    /// Whether announcements' priorities are applied by the engine itself (speech-dispatcher's
    /// priority classes) rather than by the library's ``AnnouncementQueue``.
    var appliesPriorities: Bool { get }

    /// Why the engine cannot speak, once it has found out that it cannot (a service that takes
    /// text but never speaks it); `nil` while it works.
    var failure: String? { get }
}

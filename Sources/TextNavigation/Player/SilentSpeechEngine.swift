/// A ``SpeechEngine`` that speaks nothing: each request is finished as soon as it is asked for,
/// so a ``ReadAloudPlayer`` delivers its utterances as fast as they are made (text and JSON
/// Lines output, tests). The player's default engine.
public final class SilentSpeechEngine: SpeechEngine {
    public init() {}

    public var wordTiming: WordTiming { .none }

    /// Reports `request` finished at once.
    public func speak(_ request: SpeechRequest, reporting: @escaping @Sendable (SpeechEngineReport) -> Void) {
        reporting(.finished)
    }

    /// Does nothing: nothing is ever in progress. Returns `false`.
    @discardableResult
    public func stop() -> Bool { false }
}

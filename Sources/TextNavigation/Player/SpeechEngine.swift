/// What speaks for a ``ReadAloudPlayer``: a text-to-speech engine (espeak-ng,
/// speech-dispatcher), a front end's delivery of each utterance (a server sending it to its
/// client), or ``SilentSpeechEngine``.
///
/// Contract (Readium's `TTSEngine`, with callbacks):
/// - ``speak(_:reporting:)`` is called only when the engine is silent (the player calls
///   ``stop()`` first when it cuts speech off). It returns at once; speaking takes time.
/// - The engine calls `reporting` from any thread, also from inside ``speak(_:reporting:)``:
///   each word as it is heard (by ``wordTiming``), then ``SpeechEngineReport/finished`` or
///   ``SpeechEngineReport/failed(_:)`` exactly once.
/// - After ``stop()`` the engine reports nothing more about the stopped request; a report that
///   races with a stop is ignored by the player, which goes by what ``stop()`` returns.
public protocol SpeechEngine: AnyObject, Sendable {
    /// How the engine tells which word is being spoken; read at each utterance, so an engine
    /// may change it (one that finds it gives no marks turns to ``WordTiming/estimated``).
    var wordTiming: WordTiming { get }

    /// Starts speaking `request` and returns without waiting for the speech to end.
    func speak(_ request: SpeechRequest, reporting: @escaping @Sendable (SpeechEngineReport) -> Void)

    /// Stops the speech in progress at once, without reporting it finished. Does nothing when
    /// the engine is silent.
    ///
    /// - Returns: whether the request had been spoken to its end already (its finished report
    ///   may still be on its way): an engine whose speaking is delivering the text (to a
    ///   client, say) tells so what was delivered; others may answer `false`.
    @discardableResult
    func stop() -> Bool
}

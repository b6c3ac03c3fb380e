/// What actually speaks: a text-to-speech engine such as espeak-ng, or a recorder in tests.
///
/// A sink speaks one utterance at a time, for as long as the utterance takes; the
/// ``AnnouncementQueue`` in front of it decides what to speak and when to cut speech off, so a
/// sink needs no policy of its own.
///
/// Contract:
/// - ``startSpeaking(_:onFinish:)`` is called only when the sink is silent (the queue calls
///   ``stopSpeaking()`` first when it cuts speech off). It returns at once; speaking takes time.
/// - When the utterance has been spoken to its end, the sink calls its `onFinish` exactly once,
///   from any thread; calling it from inside ``startSpeaking(_:onFinish:)`` (for empty text, say)
///   is allowed too: the queue accepts reports from anywhere without deadlocking.
/// - After ``stopSpeaking()`` the sink does not call the stopped utterance's `onFinish`. A report
///   that races with a stop is harmless: the queue ignores reports for utterances it no longer
///   considers current.
/// - An engine that cannot speak a text (an engine error, empty text) reports it finished, so the
///   queue moves on; it may log the error itself.
///
/// Calls from one queue are serialised (never two at once), but may come from different threads,
/// hence `Sendable`.
public protocol SpeechSink: AnyObject, Sendable {
    /// Starts speaking `text` now and returns without waiting for the speech to end.
    ///
    /// - Parameters:
    ///   - text: what to speak (an utterance or an announcement), possibly empty.
    ///   - onFinish: called once when `text` has been spoken to its end; not called when
    ///     ``stopSpeaking()`` cuts the utterance off.
    func startSpeaking(_ text: String, onFinish: @escaping @Sendable () -> Void)

    /// Stops the utterance in progress at once, without reporting it finished. Does nothing when
    /// the sink is silent.
    func stopSpeaking()
}

/// The ``SpeechSink`` through which a player's ``AnnouncementQueue`` speaks: each announcement
/// as a ``SpeechRequest`` to the player's engine, with its priority and the reading event it
/// says.
final class EngineAnnouncementSink: SpeechSink {
    private let engine: any SpeechEngine
    /// What the next announcement started says and how it sounds, set before it is posted.
    private let next = Locked<(event: ReadingEvent?, priority: AnnouncementPriority, settings: SpeechSettings)>(
        (nil, .default, SpeechSettings()))
    private let onFailure: @Sendable (String) -> Void
    /// What the engine's last stop answered: whether the announcement had been spoken whole.
    private let lastStop = Locked(false)

    /// A sink speaking through `engine`, telling `onFailure` when it cannot speak.
    init(engine: any SpeechEngine, onFailure: @escaping @Sendable (String) -> Void) {
        self.engine = engine
        self.onFailure = onFailure
    }

    /// Sets what the next announcement the queue starts is about.
    func prepare(_ event: ReadingEvent, priority: AnnouncementPriority, settings: SpeechSettings) {
        next.withLock { $0 = (event, priority, settings) }
    }

    func startSpeaking(_ text: String, onFinish: @escaping @Sendable () -> Void) {
        let (event, priority, settings) = next.withLock { $0 }
        let request = SpeechRequest(text: text, priority: priority, event: event, settings: settings)
        engine.speak(request) { [onFailure] report in
            switch report {
            case .word, .clip: break
            case .finished: onFinish()
            case .failed(let reason):
                onFailure(reason)
                onFinish()
            }
        }
    }

    func stopSpeaking() {
        let finished = engine.stop()
        lastStop.withLock { $0 = finished }
    }

    /// Whether the announcement last cut off had in fact been spoken whole (see
    /// ``SpeechEngine/stop()``); answers once.
    func takeStopFoundFinished() -> Bool {
        lastStop.withLock { found in
            defer { found = false }
            return found
        }
    }
}

import Dispatch
import Synchronization
import TextNavigation

/// An ``AnnouncementQueue``'s sink that speaks through a ``SpeechEngine`` on one serial queue, so
/// announcements (page turns, headings) follow the priority rules of the library's queue (for
/// an engine that has no priorities of its own, espeak-ng).
///
/// `Sendable`: the engine is used only on `queue`; the stop flag is atomic.
final class EngineSpeechSink: SpeechSink, @unchecked Sendable {
    private let engine: any SpeechEngine
    private let queue = DispatchQueue(label: "readaloud.speech")
    private let generation = Atomic<Int>(0)

    init(engine: any SpeechEngine) {
        self.engine = engine
    }

    func startSpeaking(_ text: String, onFinish: @escaping @Sendable () -> Void) {
        let mine = generation.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        queue.async { [self] in
            let stopped = { self.generation.load(ordering: .sequentiallyConsistent) != mine }
            self.engine.speak(SpeechMarkup(announcement: text), priority: nil, shouldStop: stopped) { _, _ in }
            if !stopped() { onFinish() }
        }
    }

    func stopSpeaking() {
        generation.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    /// Runs `body` with the engine on the sink's queue, after whatever it is speaking.
    @discardableResult
    func withEngine<T>(_ body: (any SpeechEngine) -> T) -> T {
        queue.sync { body(engine) }
    }
}

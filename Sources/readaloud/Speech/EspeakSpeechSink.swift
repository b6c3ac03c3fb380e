import Dispatch
import Synchronization
import TextNavigation

/// An ``AnnouncementQueue``'s sink that speaks through espeak-ng on one serial queue, so
/// announcements (page turns, headings) follow the priority rules of the library's queue.
///
/// `Sendable`: the engine is used only on `queue`; the stop flag is atomic.
final class EspeakSpeechSink: SpeechSink, @unchecked Sendable {
    private let engine: EspeakEngine
    private let queue = DispatchQueue(label: "readaloud.espeak")
    private let generation = Atomic<Int>(0)

    init(engine: EspeakEngine) {
        self.engine = engine
    }

    func startSpeaking(_ text: String, onFinish: @escaping @Sendable () -> Void) {
        let mine = generation.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        queue.async { [self] in
            let stopped = { self.generation.load(ordering: .sequentiallyConsistent) != mine }
            self.engine.speak(text, shouldStop: stopped) { _ in }
            if !stopped() { onFinish() }
        }
    }

    func stopSpeaking() {
        generation.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    /// Runs `body` with the engine on the sink's queue, after whatever it is speaking.
    @discardableResult
    func withEngine<T>(_ body: (EspeakEngine) -> T) -> T {
        queue.sync { body(engine) }
    }
}

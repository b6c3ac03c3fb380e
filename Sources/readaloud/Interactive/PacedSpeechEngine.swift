import Dispatch
import Synchronization
import TextNavigation

/// The terminal reader's engine for read-all without speech: it speaks nothing, and holds
/// each utterance for `pace` (announcements not at all), so the highlight moves along at a
/// steady pace.
///
/// `Sendable`: the number of the request being held is atomic.
final class PacedSpeechEngine: SpeechEngine {
    private let pace: Duration
    private let generation = Atomic<Int>(0)

    init(pace: Duration) {
        self.pace = pace
    }

    var wordTiming: WordTiming { .none }

    func speak(_ request: SpeechRequest, reporting: @escaping @Sendable (SpeechEngineReport) -> Void) {
        let mine = generation.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        guard request.priority == nil else { return reporting(.finished) }
        let (seconds, attoseconds) = pace.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
            if generation.load(ordering: .sequentiallyConsistent) == mine { reporting(.finished) }
        }
    }

    @discardableResult
    func stop() -> Bool {
        generation.wrappingAdd(1, ordering: .sequentiallyConsistent)
        return false
    }
}

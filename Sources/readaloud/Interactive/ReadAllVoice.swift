import Dispatch
import Synchronization
import TextNavigation

/// The terminal reader's speech: speaks one utterance or announcement at a time through a
/// ``SpeechEngine`` on a thread of its own, and reports each word's mark as it is heard and the
/// end of the speech, for the reader's loop to collect without waiting (``takeReports()``).
///
/// ``stop()`` reaches the engine at once: it cuts the audio off mid-word (espeak-ng's player is
/// killed, speech-dispatcher's message cancelled), and nothing more is reported about it.
///
/// `@unchecked Sendable`: the engine is used only on `queue`; the reports sit behind a mutex
/// and the number of the speech being spoken is atomic.
final class ReadAllVoice: @unchecked Sendable {
    /// What the voice reports about the latest speech.
    enum Report: Equatable {
        /// The mark before word `number` of the markup was reached.
        case mark(Int)
        /// The speech ended: spoken to its end, or not (with the engine's failure when it found
        /// it cannot speak).
        case finished(spokenToEnd: Bool, failure: String?)
    }

    private let engine: any SpeechEngine
    private let queue = DispatchQueue(label: "readaloud.reader.speech")
    /// The number of the latest speech; any other is stopped.
    private let generation = Atomic<Int>(0)
    private let reports = Mutex<[(generation: Int, report: Report)]>([])

    init(engine: any SpeechEngine) {
        self.engine = engine
    }

    /// Starts speaking `markup` (text being read when `priority` is `nil`, else an
    /// announcement), stopping what was being spoken.
    func speak(_ markup: SpeechMarkup, priority: AnnouncementPriority?) {
        let mine = generation.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        queue.async { [self] in
            let stopped = { self.generation.load(ordering: .sequentiallyConsistent) != mine }
            guard !stopped() else { return }
            let spokenToEnd = engine.speak(markup, priority: priority, shouldStop: stopped) { mark, _ in
                self.post(.mark(mark), from: mine)
            }
            post(.finished(spokenToEnd: spokenToEnd, failure: engine.failure), from: mine)
        }
    }

    /// Stops speaking at once.
    func stop() {
        generation.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    /// Stops speaking and waits until the engine has let go of the audio (before the reader
    /// exits, so no sound outlives it).
    func stopAndWait() {
        stop()
        queue.sync {}
    }

    /// The reports about the latest speech since the last call, in order.
    func takeReports() -> [Report] {
        let current = generation.load(ordering: .sequentiallyConsistent)
        return reports.withLock { list in
            defer { list.removeAll() }
            return list.filter { $0.generation == current }.map(\.report)
        }
    }

    private func post(_ report: Report, from speech: Int) {
        reports.withLock { $0.append((speech, report)) }
    }
}

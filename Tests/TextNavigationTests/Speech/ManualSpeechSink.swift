import Synchronization
import TextNavigation

/// A speech sink whose time passes only when the test says so: an utterance lasts
/// `durationPerCharacter` per character of its text and finishes when ``advance(by:)`` carries the
/// clock past its end. Records what it was told and what happened, with times.
///
/// A real ``SpeechSink``, as an engine would be, minus the sound. `Sendable` by its mutex.
final class ManualSpeechSink: SpeechSink {
    /// Something the sink did.
    enum Event: Hashable, Sendable, CustomStringConvertible {
        case started(String)
        /// Cut off by `stopSpeaking()` before its end.
        case stopped(String)
        /// Spoken to its end.
        case finished(String)
        /// Told to start while another utterance was still speaking: the queue broke the contract.
        case startedOverSpeech(String)

        var description: String {
            switch self {
            case .started(let text): "started \"\(text)\""
            case .stopped(let text): "stopped \"\(text)\""
            case .finished(let text): "finished \"\(text)\""
            case .startedOverSpeech(let text): "started \"\(text)\" over speech"
            }
        }
    }

    /// An event and the sink's clock when it happened.
    struct TimedEvent: Hashable, Sendable {
        var event: Event
        var time: Duration
    }

    private struct Utterance {
        var text: String
        var end: Duration
        var onFinish: @Sendable () -> Void
    }

    private struct State {
        var now: Duration = .zero
        var speaking: Utterance?
        var log: [TimedEvent] = []
    }

    let durationPerCharacter: Duration
    private let state = Mutex(State())

    init(durationPerCharacter: Duration = .milliseconds(50)) {
        self.durationPerCharacter = durationPerCharacter
    }

    /// How long the sink takes to speak `text` to its end.
    func duration(of text: String) -> Duration { durationPerCharacter * text.count }

    /// Everything the sink did, in order.
    var events: [Event] { state.withLock { $0.log.map(\.event) } }
    /// Everything the sink did, with times.
    var timedEvents: [TimedEvent] { state.withLock { $0.log } }
    /// The sink's clock.
    var now: Duration { state.withLock { $0.now } }
    /// Whether an utterance is in progress.
    var isSpeaking: Bool { state.withLock { $0.speaking != nil } }

    func startSpeaking(_ text: String, onFinish: @escaping @Sendable () -> Void) {
        state.withLock { state in
            let event: Event = state.speaking == nil ? .started(text) : .startedOverSpeech(text)
            state.log.append(TimedEvent(event: event, time: state.now))
            state.speaking = Utterance(text: text, end: state.now + duration(of: text), onFinish: onFinish)
        }
    }

    func stopSpeaking() {
        state.withLock { state in
            guard let utterance = state.speaking else { return }
            state.log.append(TimedEvent(event: .stopped(utterance.text), time: state.now))
            state.speaking = nil
        }
    }

    /// Moves the clock forward by `interval`, finishing every utterance whose end comes first,
    /// at its end time; an utterance the queue starts in a finish report starts at that time.
    func advance(by interval: Duration) {
        let target = state.withLock { $0.now } + interval
        while let onFinish = finishNext(before: target) {
            onFinish()  // Outside the lock: the queue answers by starting the next utterance.
        }
    }

    /// Advances until nothing is speaking (an utterance ends, the queue starts the next, ...).
    func advanceUntilSilent() {
        while let end = state.withLock({ $0.speaking?.end }) {
            advance(by: end - now)
        }
    }

    private func finishNext(before target: Duration) -> (@Sendable () -> Void)? {
        state.withLock { state in
            guard let utterance = state.speaking, utterance.end <= target else {
                state.now = target
                return nil
            }
            state.now = utterance.end
            state.speaking = nil
            state.log.append(TimedEvent(event: .finished(utterance.text), time: utterance.end))
            return utterance.onFinish
        }
    }
}

/// A sink that speaks in no time: it reports each utterance finished from inside
/// `startSpeaking`, the hardest case for a queue's locking.
final class InstantSpeechSink: SpeechSink {
    private let log = Mutex<[String]>([])

    /// The texts spoken, in order.
    var spoken: [String] { log.withLock { $0 } }

    func startSpeaking(_ text: String, onFinish: @escaping @Sendable () -> Void) {
        log.withLock { $0.append(text) }
        onFinish()
    }

    func stopSpeaking() {}
}

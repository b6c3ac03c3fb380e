import Dispatch
import Foundation
import Synchronization
import TextNavigation

/// A speech engine that takes real time but makes no sound: each word lasts `perWord` on the
/// clock, reported (with ``WordTiming/marked``) as its time comes on a thread of its own; the
/// request finishes after its last word. With ``WordTiming/estimated`` it reports no word, as
/// speech-dispatcher's generic module does. Records every request and stop.
final class TimedSpeechEngine: SpeechEngine {
    let wordTiming: WordTiming
    private let perWord: Duration
    private let queue = DispatchQueue(label: "timed engine")
    private let generation = Atomic<Int>(0)
    private let log = Mutex<[SpeechRequest]>([])
    private let stops = Atomic<Int>(0)

    init(wordTiming: WordTiming = .marked, perWord: Duration = .milliseconds(30)) {
        self.wordTiming = wordTiming
        self.perWord = perWord
    }

    /// The requests, in order.
    var requests: [SpeechRequest] { log.withLock { $0 } }
    /// How many times the player stopped the engine.
    var stopCount: Int { stops.load(ordering: .relaxed) }

    func speak(_ request: SpeechRequest, reporting: @escaping @Sendable (SpeechEngineReport) -> Void) {
        log.withLock { $0.append(request) }
        let mine = generation.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        let perWord = perWord
        let wordTiming = wordTiming
        queue.async { [self] in
            let start = ContinuousClock.now
            let count = max(request.words.count, 1)
            for index in 0..<count {
                let due = start + perWord * index
                while ContinuousClock.now < due {
                    guard self.generation.load(ordering: .sequentiallyConsistent) == mine else { return }
                    Thread.sleepBriefly()
                }
                guard self.generation.load(ordering: .sequentiallyConsistent) == mine else { return }
                if wordTiming == .marked, index < request.words.count {
                    reporting(.word(index, milliseconds: Int((perWord * index) / .milliseconds(1))))
                }
            }
            let end = start + perWord * count
            while ContinuousClock.now < end {
                guard self.generation.load(ordering: .sequentiallyConsistent) == mine else { return }
                Thread.sleepBriefly()
            }
            guard self.generation.load(ordering: .sequentiallyConsistent) == mine else { return }
            reporting(.finished)
        }
    }

    @discardableResult
    func stop() -> Bool {
        stops.wrappingAdd(1, ordering: .relaxed)
        generation.wrappingAdd(1, ordering: .sequentiallyConsistent)
        return false
    }
}

/// What a player told its observer, collected for a test.
final class PlayerLog: Sendable {
    private let events = Mutex<[ReadAloudPlayer.Event]>([])

    var all: [ReadAloudPlayer.Event] { events.withLock { $0 } }

    func record(_ event: ReadAloudPlayer.Event) { events.withLock { $0.append(event) } }

    /// The reading events presented, in order.
    var readingEvents: [ReadingEvent] {
        all.compactMap { if case .reading(let event) = $0 { event } else { nil } }
    }

    var hasEnded: Bool { readingEvents.last == .end }

    /// Waits (up to `timeout`) until `condition` holds; whether it did.
    @discardableResult
    func wait(timeout: Duration = .seconds(20), until condition: ([ReadAloudPlayer.Event]) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(all) { return true }
            Thread.sleepBriefly()
        }
        return condition(all)
    }
}

extension Thread {
    /// Sleeps a millisecond.
    static func sleepBriefly() { Thread.sleep(forTimeInterval: 0.001) }
}

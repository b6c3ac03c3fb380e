import Foundation
import TextNavigation

/// What an acknowledged `readAll` session (`"ack": true`) has sent and the client has not yet
/// acknowledged: each event's sequence number, and each utterance's start, so that a pause or
/// a stop goes back to the first utterance the listener has not heard.
///
/// At most ``prefetch`` events are in flight: the engine's report that an event was "heard",
/// which lets the player go on to the next, waits here while that many are unacknowledged.
///
/// `@unchecked Sendable`: its state is used under `lock` only.
final class Acknowledgements: @unchecked Sendable {
    /// The most events sent and not yet acknowledged.
    let prefetch: Int
    /// The most `prefetch` may be: the events in flight are held in memory.
    static let maximumPrefetch = 1_000

    private let lock = NSLock()
    /// The number the next event sent gets.
    private var nextNumber = 1
    /// The highest number acknowledged.
    private var acknowledged = 0
    /// The events sent and not acknowledged, in order: their numbers, and the start of each
    /// utterance (`nil` for an announcement).
    private var unacknowledged: [(number: Int, start: ReadingPosition?)] = []
    /// The engine's report waiting for room, and the number of the event it is about.
    private var waiting: (number: Int, report: @Sendable () -> Void)?

    /// Why an `ack` is refused.
    enum Refusal: Error {
        /// It names an event not sent yet.
        case notSent(last: Int)
        /// It names an event acknowledged already (acks go in order).
        case alreadyAcknowledged(last: Int)
    }

    init(prefetch: Int) {
        self.prefetch = max(1, min(prefetch, Self.maximumPrefetch))
    }

    /// Numbers an event about to be sent; `start` is an utterance's start.
    func number(startingAt start: ReadingPosition?) -> Int {
        lock.withLock {
            let number = nextNumber
            nextNumber += 1
            unacknowledged.append((number, start))
            return number
        }
    }

    /// Calls `report` (the event numbered `number` is "heard") once fewer than ``prefetch``
    /// events are unacknowledged: now, or when an acknowledgement makes room.
    func whenRoom(after number: Int, _ report: @escaping @Sendable () -> Void) {
        let now = lock.withLock {
            if unacknowledged.count < prefetch { return true }
            waiting = (number, report)
            return false
        }
        if now { report() }
    }

    /// The client has heard every event up to `number`.
    func acknowledge(_ number: Int) throws(Refusal) {
        lock.lock()
        guard number < nextNumber else {
            lock.unlock()
            throw .notSent(last: nextNumber - 1)
        }
        guard number > acknowledged else {
            lock.unlock()
            throw .alreadyAcknowledged(last: acknowledged)
        }
        acknowledged = number
        unacknowledged.removeAll { $0.number <= number }
        var report: (@Sendable () -> Void)?
        if let pending = waiting, unacknowledged.count < prefetch {
            waiting = nil
            report = pending.report
        }
        lock.unlock()
        report?()
    }

    /// The first utterance sent and not acknowledged: its number and start; `nil` when the
    /// client has acknowledged every utterance sent.
    var firstUnheard: (number: Int, start: ReadingPosition)? {
        lock.withLock {
            unacknowledged.lazy.compactMap { event in event.start.map { (event.number, $0) } }.first
        }
    }

    /// Forgets what is in flight after a pause: reading goes on from the first utterance not
    /// heard, its events numbered from the first number not acknowledged.
    func rewind() {
        lock.withLock {
            nextNumber = acknowledged + 1
            unacknowledged.removeAll()
            waiting = nil
        }
    }

    /// The number the next event sent gets.
    var next: Int { lock.withLock { nextNumber } }
}

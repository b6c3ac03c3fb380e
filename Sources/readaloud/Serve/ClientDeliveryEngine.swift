import Dispatch
import Foundation
import Synchronization
import TextNavigation

/// The ``SpeechEngine`` of a `readAll` session: "speaking" an utterance or announcement is
/// sending its `event` notification through the output queue, on a thread of its own, which
/// the queue blocks while the client does not read (back-pressure). Streaming, an event is
/// heard once it is queued, so the player's pause and stop locators are exactly after what the
/// client was sent; acknowledged (``Acknowledgements``), each event carries a number (`seq`)
/// and is heard once it is sent with room in the prefetch window, and the session's locators
/// go back to the first utterance not acknowledged.
///
/// `@unchecked Sendable`: the thread's work is serialised on `queue`; the number of the request
/// being sent is atomic, and a stop waits under `delivery` for a send in progress to end.
final class ClientDeliveryEngine: SpeechEngine, @unchecked Sendable {
    private let session: Int
    private let document: Document
    private let output: OutputQueue
    /// The events in flight of an acknowledged session, or `nil` for streaming.
    private let acknowledgements: Acknowledgements?
    private let queue: DispatchQueue
    private let generation = Atomic<Int>(0)
    /// Held while a line is being queued, and taken by a stop to wait for it.
    private let delivery = NSLock()
    /// The number of the last request whose line was queued.
    private var delivered = 0

    init(session: Int, document: Document, output: OutputQueue, acknowledgements: Acknowledgements? = nil) {
        self.session = session
        self.document = document
        self.output = output
        self.acknowledgements = acknowledgements
        queue = DispatchQueue(label: "readaloud serve session \(session)")
    }

    var wordTiming: WordTiming { .none }

    func speak(_ request: SpeechRequest, reporting: @escaping @Sendable (SpeechEngineReport) -> Void) {
        let mine = generation.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        guard let event = request.event else { return reporting(.finished) }
        queue.async { [self] in
            var start: ReadingPosition?
            if case .utterance(let utterance) = event { start = utterance.position }
            delivery.lock()
            // A stop (or a pause's rewind) came first: numbering this event would skip a number.
            guard self.generation.load(ordering: .sequentiallyConsistent) == mine else {
                delivery.unlock()
                return
            }
            let number = acknowledgements?.number(startingAt: start)
            let line = ReadAllSession.notification(
                session: session, event: event, document: document, pronunciations: request.pronunciations,
                number: number)
            let sent = output.push(line) { self.generation.load(ordering: .sequentiallyConsistent) != mine }
            if sent { delivered = mine }
            delivery.unlock()
            guard sent else { return }
            if let acknowledgements, let number {
                acknowledgements.whenRoom(after: number) { reporting(.finished) }
            } else {
                reporting(.finished)
            }
        }
    }

    /// Sends `line` at once, after what is being sent (the `start` and `end` events, which are
    /// no utterance).
    func send(_ line: String) {
        queue.sync { _ = output.push(line) }
    }

    @discardableResult
    func stop() -> Bool {
        let stopped = generation.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue
        output.wakeWaiters()  // a push waiting for room checks whether it is cancelled
        delivery.lock()
        defer { delivery.unlock() }
        return delivered == stopped
    }
}

import Foundation
import TextNavigation

/// One `readAll` of the server: a thread that reads a document from a place to its end and
/// sends each event as an `event` notification through the output queue, which blocks it when
/// the client stops reading (back-pressure). `pause`, `resume` and `stop` come from the
/// request thread.
///
/// The resume position is exact: it is the session's position after the last event that went
/// into the output queue. An event made but not yet queued when the session is paused is kept
/// and sent first on resume; when it is stopped, dropped (a new session from the locator reads
/// it again).
///
/// `@unchecked Sendable`: the control fields are read and written under `condition`; the
/// reading session itself lives on the session's thread.
final class ReadAllSession: @unchecked Sendable {
    /// The session's state, as `pause`, `resume` and `stop` report it.
    enum State: String {
        case reading, paused, stopped, finished
    }

    let id: Int
    /// The open book's id.
    let book: Int
    let document: Document
    private let output: OutputQueue
    private let condition = NSCondition()
    private var requested: State = .reading
    /// Whether the thread is waiting for `resume` or has ended: it queues nothing until
    /// resumed.
    private var isIdle = false
    private var hasEnded = false
    private var isFinished = false
    private var delivered: ReadingPosition
    /// The thread until it is started.
    private var thread: Thread?
    /// The `start` event's line, sent before the first event as the CLI prints it first.
    private let startLine: String

    /// A session that will read `document` by `granularity` from `position` (a locator's) or
    /// the start of page `page` (from 1), once started (``start()``).
    init(
        id: Int, book: Int, document: Document, granularity: TextGranularity, from position: ReadingPosition?,
        page: Int, output: OutputQueue
    ) {
        self.id = id
        self.book = book
        self.document = document
        self.output = output
        let session =
            position.map { ReadingSession(document: document, granularity: granularity, from: $0) }
            ?? ReadingSession(document: document, granularity: granularity, page: page)
        self.delivered = session.position
        // The page reading starts on, as the CLI's `start` event gives it: where the first unit
        // starts when reading from a position, else the page asked for.
        let startPage = position == nil ? page : document.pageIndex(containing: session.position) + 1
        self.startLine = Self.wrap(
            session: id,
            EventFormatter.startLine(
                page: startPage, pages: document.pageCount, elements: document.elements.count, format: .jsonl))
        // Handed over to the thread, which alone uses it from here on.
        nonisolated(unsafe) let handedOver = session
        thread = Thread { [self] in read(handedOver) }
        thread?.name = "readaloud serve session \(id)"
    }

    /// Starts sending events (after the answer to `readAll` has been queued, so that it comes
    /// first).
    func start() {
        thread?.start()
        thread = nil
    }

    /// The `event` notification for `event`: the CLI's JSON Lines object with the session's id
    /// in front.
    static func notification(session: Int, event: ReadingEvent, document: Document) -> String {
        wrap(session: session, EventFormatter.line(for: event, format: .jsonl, document: document) ?? "{}")
    }

    /// A JSON Lines event object as an `event` notification of `session`.
    private static func wrap(session: Int, _ line: String) -> String {
        let fields = line.dropFirst().dropLast()
        return "{\"jsonrpc\":\"2.0\",\"method\":\"event\",\"params\":{\"session\":\(session)"
            + (fields.isEmpty ? "" : ",") + fields + "}}"
    }

    private func read(_ start: ReadingSession) {
        var session = start
        var pending: (line: String, isEnd: Bool, after: ReadingPosition?)? = (startLine, false, nil)
        while true {
            condition.lock()
            while requested == .paused {
                isIdle = true
                condition.broadcast()
                condition.wait()
            }
            isIdle = false
            let stop = requested == .stopped
            condition.unlock()
            if stop { break }
            if pending == nil {
                guard let event = session.next() else { break }
                // Where reading goes on once this event is out: the session's position after an
                // utterance or the end. Not after other events: after a page turn the session's
                // position is already past the utterance it holds back until the next call.
                var after: ReadingPosition?
                switch event {
                case .utterance, .end: after = session.position
                default: after = nil
                }
                pending = (Self.notification(session: id, event: event, document: document), event == .end, after)
            }
            guard let (line, isEnd, after) = pending else { break }
            if output.push(line, cancelled: { [self] in isInterrupted }) {
                pending = nil
                condition.lock()
                if let after { delivered = after }
                if isEnd { isFinished = true }
                condition.unlock()
                if isEnd { break }
            }
        }
        condition.lock()
        hasEnded = true
        isIdle = true
        condition.broadcast()
        condition.unlock()
    }

    private var isInterrupted: Bool {
        condition.lock()
        defer { condition.unlock() }
        return requested != .reading
    }

    /// Pauses after the event being queued, and returns the state and where reading would go
    /// on, once the thread has stopped queuing.
    func pause() -> (state: State, position: ReadingPosition) {
        request(.paused)
    }

    /// Goes on after ``pause()``.
    func resume() -> State {
        condition.lock()
        defer { condition.unlock() }
        if isFinished { return .finished }
        if requested == .paused {
            requested = .reading
            condition.broadcast()
        }
        return requested
    }

    /// Stops for good, and returns where to go on from.
    @discardableResult
    func stop() -> (state: State, position: ReadingPosition) {
        request(.stopped)
    }

    /// Whether the end event has been queued.
    var hasFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return isFinished
    }

    private func request(_ state: State) -> (state: State, position: ReadingPosition) {
        condition.lock()
        if !isFinished, requested != .stopped { requested = state }
        condition.broadcast()
        if thread != nil {
            // Not started yet (a request in the same batch as `readAll`): it starts as asked.
            defer { condition.unlock() }
            return (requested, delivered)
        }
        condition.unlock()
        output.wakeWaiters()  // a push waiting for room checks `isInterrupted`
        condition.lock()
        defer { condition.unlock() }
        while !isIdle, !(state == .stopped && hasEnded) { condition.wait() }
        if state == .stopped { while !hasEnded { condition.wait() } }
        return (isFinished ? .finished : requested, delivered)
    }
}

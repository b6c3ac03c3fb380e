import Foundation
import TextNavigation
import TextNavigationBooks

/// One `readAll` of the server: the library's ``ReadAloudPlayer`` reading a document from a
/// place to its end, each event sent as an `event` notification by its engine
/// (``ClientDeliveryEngine``), which the output queue blocks when the client stops reading
/// (back-pressure). `pause`, `resume` and `stop` come from the request thread.
///
/// Streaming, the resume position is where reading goes on after the last utterance that went
/// into the output queue. Acknowledged (``acknowledgements``), it is the first utterance the
/// client has not acknowledged: a pause stops the player there and a resume plays from there. An event not yet queued when the session is paused is sent
/// first on resume; when it is stopped, dropped (a new session from the locator reads it
/// again).
///
/// `@unchecked Sendable`: the player is `Sendable`; `isFinished` sits behind `lock`.
final class ReadAllSession: @unchecked Sendable {
    /// The session's state, as `pause`, `resume` and `stop` report it.
    enum State: String {
        case reading, paused, stopped, finished
    }

    let id: Int
    /// The open book's id.
    let book: Int
    let document: Document
    private let engine: ClientDeliveryEngine
    /// The events in flight of an acknowledged session (`"ack": true`), or `nil` for streaming.
    let acknowledgements: Acknowledgements?
    /// Acknowledged and paused: where a resume plays from.
    private var resumePosition: ReadingPosition?
    private var player: ReadAloudPlayer!
    private let lock = NSLock()
    private var isFinished = false
    private var isStopped = false
    /// Where reading starts: a position (a locator's) or a page.
    private let origin: (position: ReadingPosition?, page: Int)
    /// The `start` event's line, sent before the first event as the CLI prints it first.
    private let startLine: String

    /// A session that will read `document` by `granularity` from `position` (a locator's) or
    /// the start of page `page` (from 1), once started (``start()``).
    init(
        id: Int, book: Int, document: Document, metadata: BookMetadata, granularity: TextGranularity,
        narration: Narration? = nil, skipping: Set<ContentKind> = ContentKind.skippedByDefault,
        pronunciations: (any PronunciationSource)? = nil, stops: ReadingStops = ReadingStops(),
        acknowledgements: Acknowledgements? = nil, from position: ReadingPosition?, page: Int, output: OutputQueue
    ) {
        self.id = id
        self.book = book
        self.document = document
        self.origin = (position, page)
        self.acknowledgements = acknowledgements
        let engine = ClientDeliveryEngine(
            session: id, document: document, output: output, acknowledgements: acknowledgements)
        self.engine = engine
        // The page reading starts on, as the CLI's `start` event gives it: where the first unit
        // starts when reading from a position, else the page asked for.
        let startPage =
            position.map {
                document.pageIndex(
                    containing: ReadingSession(document: document, granularity: granularity, from: $0).position) + 1
            } ?? page
        self.startLine = Self.wrap(
            session: id,
            EventFormatter.startLine(page: startPage, document: document, metadata: metadata, format: .jsonl))
        player = ReadAloudPlayer(
            document: document, granularity: granularity, engine: engine, narration: narration, skipping: skipping,
            pronunciations: pronunciations
        ) { [weak self] event in
            guard let self else { return }
            switch event {
            case .reading(.end):
                // Acknowledged, the end is numbered too: a pause before it is heard drops it
                // with the events not heard, and it comes again after them.
                let number = acknowledgements?.number(startingAt: nil)
                engine.send(Self.notification(session: id, event: .end, document: document, number: number))
            case .sleepTimerEnded:
                // Where to go on: the end of the sentence the timer stopped after.
                let locator = EventFormatter.locatorObject(player.heardLocator)
                engine.send(Self.wrap(session: id, "{\"type\":\"sleepTimerEnded\",\"locator\":\(locator.text)}"))
            default:
                return
            }
            lock.withLock { isFinished = true }
        }
        player.stops = stops
    }

    /// Starts sending events (after the answer to `readAll` has been queued, so that it comes
    /// first), unless stopped already; paused already, it sends the `start` event alone.
    func start() {
        let (paused, stopped) = lock.withLock { (isPausedBeforeStart, isStopped) }
        guard !stopped else { return }
        engine.send(startLine)
        if paused, acknowledgements != nil {
            lock.withLock { resumePosition = origin.position ?? document.page(at: origin.page - 1)?.start }
            return
        }
        if let position = origin.position { player.play(from: position) } else { player.play(page: origin.page) }
        if paused { player.pause() }
    }

    /// Whether `pause` came before ``start()``.
    private var isPausedBeforeStart = false

    /// The `event` notification for `event`: the CLI's JSON Lines object with the session's id
    /// in front.
    static func notification(
        session: Int, event: ReadingEvent, document: Document, pronunciations: [Pronunciation] = [],
        number: Int? = nil
    ) -> String {
        let line = EventFormatter.line(for: event, format: .jsonl, document: document, pronunciations: pronunciations)
        return wrap(session: session, number: number, line ?? "{}")
    }

    /// A JSON Lines event object as an `event` notification of `session`.
    private static func wrap(session: Int, number: Int? = nil, _ line: String) -> String {
        let fields = line.dropFirst().dropLast()
        return "{\"jsonrpc\":\"2.0\",\"method\":\"event\",\"params\":{\"session\":\(session)"
            + (number.map { ",\"seq\":\($0)" } ?? "") + (fields.isEmpty ? "" : ",") + fields + "}}"
    }

    /// Pauses at once, and returns the state and where reading would go on; acknowledged, the
    /// first utterance not acknowledged, whose events a resume sends again.
    func pause() -> (state: State, position: ReadingPosition) {
        lock.withLock { isPausedBeforeStart = true }
        guard let acknowledgements else {
            player.pause()
            return (stateNow, player.heardLocator.position)
        }
        if let waiting = lock.withLock({ resumePosition }) { return (stateNow, waiting) }
        let heard = player.stop().position
        let unheard = acknowledgements.firstUnheard?.start
        acknowledgements.rewind()
        let position = unheard ?? heard
        lock.withLock {
            resumePosition = position
            if unheard != nil { isFinished = false }
        }
        return (stateNow, position)
    }

    /// Leaves the structure being read (``ReadAloudPlayer/escape()``): the structure left, or
    /// `nil` when there is none to leave.
    func escape() -> ContentStructure? {
        player.escape()
    }

    /// Goes on after ``pause()``.
    func resume() -> State {
        let position = lock.withLock {
            isPausedBeforeStart = false
            defer { resumePosition = nil }
            return resumePosition
        }
        if acknowledgements == nil {
            player.resume()
        } else if let position, !hasFinished {
            player.play(from: position)
        }
        return stateNow
    }

    /// Stops for good, and returns where to go on from.
    @discardableResult
    func stop() -> (state: State, position: ReadingPosition) {
        let waiting = lock.withLock {
            isStopped = true
            return resumePosition
        }
        let heard = player.stop().position
        let position = waiting ?? acknowledgements?.firstUnheard?.start ?? heard
        return (hasFinished ? .finished : .stopped, position)
    }

    private var stateNow: State {
        if hasFinished { return .finished }
        switch player.state {
        case .paused: return .paused
        case .playing: return .reading
        case .stopped:
            return lock.withLock { isStopped } ? .stopped : lock.withLock { isPausedBeforeStart } ? .paused : .reading
        }
    }

    /// Whether the end event has been queued.
    var hasFinished: Bool {
        lock.withLock { isFinished }
    }
}

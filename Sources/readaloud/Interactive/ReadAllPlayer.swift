import TextNavigation

/// Read all without speech: a ``ReadingSession`` from the current unit, advancing the highlight
/// by one utterance at a steady pace and turning pages as the session does.
///
/// Space pauses and resumes; Esc (or any move) stops. The reader asks ``advanceIfDue(at:)``
/// from its loop.
struct ReadAllPlayer {
    enum State { case reading, paused }

    private(set) var state: State = .reading
    /// The utterance highlighted, once there is one.
    private(set) var current: Utterance?
    private var session: ReadingSession
    private let pace: Duration
    private var due: ContinuousClock.Instant

    /// What one step produced for the reader to show or announce.
    enum Step {
        case utterance(Utterance)
        case announcement(Announcement)
        case end
    }

    /// Starts reading `document` from `position` by `granularity`, one utterance every `pace`.
    init(
        document: Document, from position: ReadingPosition, granularity: TextGranularity, pace: Duration,
        now: ContinuousClock.Instant
    ) {
        session = ReadingSession(document: document, granularity: granularity, from: position)
        self.pace = pace
        due = now
    }

    /// Pauses, or goes on from a pause.
    mutating func togglePause(now: ContinuousClock.Instant) {
        switch state {
        case .reading:
            state = .paused
        case .paused:
            state = .reading
            due = now.advanced(by: pace)
        }
    }

    /// When the next utterance is due: the events up to and including it (page turns and
    /// headings become announcements), or nothing when it is not yet time or reading is paused.
    mutating func advanceIfDue(at now: ContinuousClock.Instant) -> [Step] {
        guard state == .reading, now >= due else { return [] }
        due = now.advanced(by: pace)
        var steps: [Step] = []
        while let event = session.next() {
            switch event {
            case .utterance(let utterance):
                current = utterance
                steps.append(.utterance(utterance))
                return steps
            case .pageTurn(_, _, let announcement):
                steps.append(.announcement(Announcement(announcement, priority: .high)))
            case .heading:
                steps.append(.announcement(Announcement("Heading", priority: .low)))
            case .customContent(_, let content):
                steps.append(.announcement(Announcement("\(content.label): \(content.value)", priority: .low)))
            case .end:
                steps.append(.end)
                return steps
            }
        }
        steps.append(.end)
        return steps
    }
}

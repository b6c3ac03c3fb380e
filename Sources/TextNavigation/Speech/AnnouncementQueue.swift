import Synchronization

/// Applies announcement priorities in front of a ``SpeechSink``: decides what is spoken, what is
/// cut off and what is dropped (what VoiceOver does with UIKit's announcement priorities).
///
/// The rules, for an announcement posted while something is speaking:
///
/// | posted  | while `low` or `default` speaks         | while `high` speaks                         |
/// |---------|-----------------------------------------|---------------------------------------------|
/// | high    | cuts it off and speaks now              | waits; high announcements keep their order  |
/// | default | cuts it off and speaks now              | waits, replacing an older waiting default   |
/// | low     | waits for silence                       | waits for silence                           |
///
/// Anything posted drops a waiting low announcement (it is spoken only if nothing newer arrives
/// before silence); a high announcement also drops a waiting default one (newer speech interrupts
/// a default announcement). When idle, every announcement starts at once.
///
/// So Apple's camera example, "Opening camera" (default), "Camera loading" (low) and "Camera
/// active" (high) posted in a burst, is heard as "Opening camera" cut off by "Camera active";
/// "Camera loading" is never spoken.
///
/// Every posted announcement is reported once to the queue's `didFinish` (UIKit's
/// `announcementDidFinishNotification` with its `announcementWasSuccessfulUserInfoKey`): spoken
/// whole, or not (cut off by newer speech or ``cancelAll()``, or dropped before it started).
///
/// `Sendable`: the state sits behind a mutex, and the sink may report finished utterances from
/// any thread. Commands reach the sink in the order the queue decided them, one at a time, never
/// while the mutex is held, so a sink may report a finish synchronously without deadlock.
public final class AnnouncementQueue: Sendable {
    private let sink: any SpeechSink
    private let didFinish: (@Sendable (_ announcement: Announcement, _ spokenWhole: Bool) -> Void)?
    private let state = Locked(State())

    /// A queue speaking through `sink`, which it keeps alive.
    ///
    /// - Parameters:
    ///   - sink: what speaks the announcements.
    ///   - didFinish: called once for every posted announcement, from any thread, in
    ///     the order the queue decided: `spokenWhole` is `true` when it was spoken to its end,
    ///     `false` when it was cut off or dropped before it started.
    public init(
        sink: any SpeechSink,
        didFinish: (@Sendable (_ announcement: Announcement, _ spokenWhole: Bool) -> Void)? = nil
    ) {
        self.sink = sink
        self.didFinish = didFinish
    }

    /// The announcement being spoken, or `nil` when the queue is silent.
    public var currentAnnouncement: Announcement? {
        state.withLock { $0.speaking?.announcement }
    }

    /// The announcements waiting to be spoken, in the order they will be, if nothing newer arrives.
    public var waitingAnnouncements: [Announcement] {
        state.withLock { $0.waiting }
    }

    /// Posts `announcement`: it starts, waits or is dropped, as its priority and the speech in
    /// progress decide (see ``AnnouncementQueue``).
    public func post(_ announcement: Announcement) {
        perform { $0.post(announcement) }
    }

    /// Stops the speech in progress, whatever its priority, and drops everything waiting.
    public func cancelAll() {
        perform { $0.cancelAll() }
    }

    /// Called through a sink's `onFinish`: the utterance `id` was spoken to its end.
    private func utteranceDidFinish(_ id: Int) {
        perform { $0.finish(id) }
    }

    /// Changes the state, then hands the sink the commands the change produced. Only one caller
    /// at a time drains commands; others (including a sink reporting a finish synchronously)
    /// leave theirs for the draining caller, so the sink sees them in decision order.
    private func perform(_ change: (inout State) -> Void) {
        let mustDrain = state.withLock { state in
            change(&state)
            guard !state.isDraining, !state.commands.isEmpty else { return false }
            state.isDraining = true
            return true
        }
        guard mustDrain else { return }
        while let batch = nextCommands() {
            for command in batch {
                switch command {
                case .start(let utterance):
                    let id = utterance.id
                    sink.startSpeaking(utterance.announcement.text) { [weak self] in
                        self?.utteranceDidFinish(id)
                    }
                case .stop:
                    sink.stopSpeaking()
                case .finished(let announcement, let spokenWhole):
                    didFinish?(announcement, spokenWhole)
                }
            }
        }
    }

    /// The commands decided since the last call, or `nil` (and the end of draining) when none.
    private func nextCommands() -> [Command]? {
        state.withLock { state in
            guard !state.commands.isEmpty else {
                state.isDraining = false
                return nil
            }
            defer { state.commands.removeAll() }
            return state.commands
        }
    }
}

extension AnnouncementQueue {
    /// One announcement handed to the sink, told apart from earlier ones with the same text.
    private struct Utterance: Sendable {
        var id: Int
        var announcement: Announcement
    }

    private enum Command: Sendable {
        case start(Utterance)
        case stop
        /// Tell `didFinish` about an announcement spoken whole, cut off or dropped.
        case finished(Announcement, spokenWhole: Bool)
    }

    /// The queue's decisions, free of threads and sinks.
    private struct State: Sendable {
        var speaking: Utterance?
        var waitingHigh: [Announcement] = []
        var waitingDefault: Announcement?
        var waitingLow: Announcement?
        var nextID = 0
        var commands: [Command] = []
        var isDraining = false

        var waiting: [Announcement] {
            waitingHigh + [waitingDefault, waitingLow].compactMap { $0 }
        }

        mutating func post(_ announcement: Announcement) {
            let highIsSpeaking = speaking?.announcement.priority == .high
            switch announcement.priority {
            case .high:
                drop(waitingDefault)
                drop(waitingLow)
                waitingDefault = nil
                waitingLow = nil
                if highIsSpeaking {
                    waitingHigh.append(announcement)
                } else {
                    stopSpeaking()
                    start(announcement)
                }
            case .default:
                drop(waitingLow)
                waitingLow = nil
                if highIsSpeaking {
                    drop(waitingDefault)
                    waitingDefault = announcement
                } else {
                    stopSpeaking()
                    start(announcement)
                }
            case .low:
                if speaking == nil {
                    start(announcement)
                } else {
                    drop(waitingLow)
                    waitingLow = announcement
                }
            }
        }

        mutating func finish(_ id: Int) {
            // A report for an utterance already cut off (a race between the sink finishing and
            // the queue stopping it) changes nothing.
            guard let finished = speaking, finished.id == id else { return }
            speaking = nil
            commands.append(.finished(finished.announcement, spokenWhole: true))
            if !waitingHigh.isEmpty {
                start(waitingHigh.removeFirst())
            } else if let next = waitingDefault ?? waitingLow {
                if waitingDefault != nil { waitingDefault = nil } else { waitingLow = nil }
                start(next)
            }
        }

        mutating func cancelAll() {
            for announcement in waiting { drop(announcement) }
            waitingHigh.removeAll()
            waitingDefault = nil
            waitingLow = nil
            stopSpeaking()
        }

        private mutating func stopSpeaking() {
            guard let stopped = speaking else { return }
            speaking = nil
            commands.append(.stop)
            commands.append(.finished(stopped.announcement, spokenWhole: false))
        }

        /// Reports a waiting announcement (if any) dropped, never spoken.
        private mutating func drop(_ announcement: Announcement?) {
            if let announcement { commands.append(.finished(announcement, spokenWhole: false)) }
        }

        private mutating func start(_ announcement: Announcement) {
            let utterance = Utterance(id: nextID, announcement: announcement)
            nextID += 1
            speaking = utterance
            commands.append(.start(utterance))
        }
    }
}

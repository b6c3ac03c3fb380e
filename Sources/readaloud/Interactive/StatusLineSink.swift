import Synchronization
import TextNavigation

/// A ``SpeechSink`` that shows announcements in the status line instead of speaking them: the
/// reader's announcements go through the library's ``AnnouncementQueue``, so priorities decide
/// what is shown and what is cut off, exactly as they would decide what is spoken.
///
/// An announcement "speaks" for a time that grows with its length (``displayDuration(of:)``);
/// the reader calls ``finishIfDue(at:)`` from its loop, which reports it finished, so the queue
/// can show what waits. The text stays in ``text`` until another replaces it or ``dismiss()``.
///
/// `Sendable`: the state sits behind a mutex.
final class StatusLineSink: SpeechSink {
    private struct State {
        var text = ""
        var finish: (@Sendable () -> Void)?
        var due: ContinuousClock.Instant?
    }

    private let state = Mutex(State())
    private let clock = ContinuousClock()

    /// The announcement on show, or empty.
    var text: String { state.withLock { $0.text } }

    func startSpeaking(_ text: String, onFinish: @escaping @Sendable () -> Void) {
        let due = clock.now.advanced(by: Self.displayDuration(of: text))
        state.withLock { state in
            state.text = text
            state.finish = onFinish
            state.due = due
        }
    }

    func stopSpeaking() {
        state.withLock { state in
            state.finish = nil
            state.due = nil
        }
    }

    /// Reports the announcement on show finished when its time is up.
    func finishIfDue(at now: ContinuousClock.Instant) {
        let finish: (@Sendable () -> Void)? = state.withLock { state in
            guard let due = state.due, due <= now else { return nil }
            defer {
                state.finish = nil
                state.due = nil
            }
            return state.finish
        }
        finish?()
    }

    /// Clears the text shown once nothing is being announced.
    func dismiss() {
        state.withLock { state in
            if state.due == nil { state.text = "" }
        }
    }

    /// How long an announcement counts as speaking: about the time to say it.
    static func displayDuration(of text: String) -> Duration {
        .milliseconds(800 + 40 * min(text.count, 100))
    }
}

import Foundation
import ReadaloudJSON
import TextNavigation

/// serve's announcements (`announce`): the library's ``AnnouncementQueue`` decides what is
/// spoken, cut off or dropped by priority, and the client speaks. Each decision reaches the
/// client as an `announcement` notification, `{"announcement":N,"type":…}`:
/// - `speak` (with `text` and `priority`): speak it now, then send `announced`;
/// - `stop`: stop speaking it at once (newer speech cut it off);
/// - `finished` (with `spokenWhole`): once for every announcement posted, spoken whole or not
///   (cut off, or dropped before it started), as UIKit's announcement-did-finish reports.
///
/// `@unchecked Sendable`: its state sits behind `lock`; the queue may call the sink from any
/// thread.
final class ClientAnnouncements: @unchecked Sendable {
    private let output: OutputQueue
    private var queue: AnnouncementQueue!
    private let lock = NSLock()
    private var nextNumber = 1
    /// Announcements posted and not finished, in order: their numbers, and whether the client
    /// was told to speak them.
    private var posted: [(number: Int, announcement: Announcement, started: Bool)] = []
    /// The announcement the client is speaking, and how to tell the queue it ended.
    private var speaking: (number: Int, onFinish: @Sendable () -> Void)?

    init(output: OutputQueue) {
        self.output = output
        queue = AnnouncementQueue(sink: Sink(owner: self)) { [weak self] announcement, spokenWhole in
            self?.finished(announcement, spokenWhole: spokenWhole)
        }
    }

    /// Numbers `announcement`, to be posted with ``post(_:)`` once `announce` is answered.
    func number(_ announcement: Announcement) -> Int {
        lock.withLock {
            let number = nextNumber
            nextNumber += 1
            posted.append((number, announcement, false))
            return number
        }
    }

    /// Posts the announcement numbered `number`.
    func post(_ number: Int) {
        guard let announcement = lock.withLock({ posted.first { $0.number == number }?.announcement }) else { return }
        queue.post(announcement)
    }

    /// The client has spoken announcement `number` to its end; `false` when it is not the one
    /// being spoken (cut off already, or never started).
    func heard(_ number: Int) -> Bool {
        let onFinish: (@Sendable () -> Void)? = lock.withLock {
            guard let current = speaking, current.number == number else { return nil }
            speaking = nil
            return current.onFinish
        }
        onFinish?()
        return onFinish != nil
    }

    /// Stops everything, as the end of input does.
    func cancelAll() { queue.cancelAll() }

    private func send(_ number: Int, _ type: String, _ fields: [(String, JSONValue)] = []) {
        let params = JSONValue.object([("announcement", .integer(number)), ("type", .string(type))] + fields)
        _ = output.push("{\"jsonrpc\":\"2.0\",\"method\":\"announcement\",\"params\":\(params.text)}")
    }

    fileprivate func start(_ text: String, onFinish: @escaping @Sendable () -> Void) {
        let started: (number: Int, announcement: Announcement)? = lock.withLock {
            guard let index = posted.firstIndex(where: { !$0.started && $0.announcement.text == text }) else {
                return nil
            }
            posted[index].started = true
            speaking = (posted[index].number, onFinish)
            return (posted[index].number, posted[index].announcement)
        }
        guard let started else { return onFinish() }
        send(
            started.number, "speak",
            [("text", .string(text)), ("priority", .string(started.announcement.priority.rawValue))])
    }

    fileprivate func stop() {
        guard
            let number = lock.withLock({ () -> Int? in
                defer { speaking = nil }
                return speaking?.number
            })
        else { return }
        send(number, "stop")
    }

    private func finished(_ announcement: Announcement, spokenWhole: Bool) {
        guard
            let number = lock.withLock({ () -> Int? in
                guard let index = posted.firstIndex(where: { $0.announcement == announcement }) else { return nil }
                return posted.remove(at: index).number
            })
        else { return }
        send(number, "finished", [("spokenWhole", .bool(spokenWhole))])
    }

    /// The queue's sink: the client, through its owner.
    private final class Sink: SpeechSink, @unchecked Sendable {
        weak var owner: ClientAnnouncements?
        init(owner: ClientAnnouncements) { self.owner = owner }
        func startSpeaking(_ text: String, onFinish: @escaping @Sendable () -> Void) {
            owner?.start(text, onFinish: onFinish)
        }
        func stopSpeaking() { owner?.stop() }
    }
}

import Synchronization
import Testing
import TextNavigation

/// The queue's did-finish report (UIKit's `announcementDidFinishNotification`): once for every
/// posted announcement, spoken whole or not.
@Suite struct AnnouncementDidFinishTests {
    let sink = ManualSpeechSink(durationPerCharacter: .milliseconds(50))
    let finished = Reports()
    let queue: AnnouncementQueue

    /// The did-finish reports, as "text whole" or "text cut off".
    final class Reports: Sendable {
        let list = Mutex<[String]>([])
    }

    init() {
        let finished = self.finished
        queue = AnnouncementQueue(sink: sink) { announcement, spokenWhole in
            finished.list.withLock { $0.append("\(announcement.text) \(spokenWhole ? "whole" : "cut off")") }
        }
    }

    private var reports: [String] { finished.list.withLock { $0 } }

    @Test func theCameraBurstReportsEachAnnouncementOnce() {
        queue.post(Announcement("Opening camera", priority: .default))
        queue.post(Announcement("Camera loading", priority: .low))
        queue.post(Announcement("Camera active", priority: .high))
        // In the order the queue decided: the waiting low one dropped, then the default cut off.
        #expect(reports == ["Camera loading cut off", "Opening camera cut off"])
        sink.advanceUntilSilent()
        #expect(reports == ["Camera loading cut off", "Opening camera cut off", "Camera active whole"])
    }

    @Test func anAnnouncementSpokenToItsEndIsWholeAndCancelAllCutsOffTheRest() {
        queue.post(Announcement("Page 2 of 9", priority: .high))
        sink.advance(by: sink.duration(of: "Page 2 of 9"))
        #expect(reports == ["Page 2 of 9 whole"])
        queue.post(Announcement("Heading", priority: .high))
        queue.post(Announcement("Later", priority: .high))
        sink.advance(by: .milliseconds(100))
        queue.cancelAll()
        #expect(reports == ["Page 2 of 9 whole", "Later cut off", "Heading cut off"])
        // Nothing is reported twice, however the clock goes on.
        sink.advanceUntilSilent()
        #expect(reports.count == 3)
    }
}

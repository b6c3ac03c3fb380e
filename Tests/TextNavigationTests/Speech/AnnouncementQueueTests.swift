import Dispatch
import Testing
import TextNavigation

@Suite("AnnouncementQueue")
struct AnnouncementQueueTests {
    let sink = ManualSpeechSink(durationPerCharacter: .milliseconds(50))
    let queue: AnnouncementQueue

    init() {
        queue = AnnouncementQueue(sink: sink)
    }

    // MARK: Apple's camera example

    @Test func cameraBurstIsHeardAsOpeningCameraCutOffByCameraActive() {
        queue.post(Announcement("Opening camera", priority: .default))
        queue.post(Announcement("Camera loading", priority: .low))
        queue.post(Announcement("Camera active", priority: .high))
        sink.advanceUntilSilent()

        #expect(
            sink.events == [
                .started("Opening camera"), .stopped("Opening camera"),
                .started("Camera active"), .finished("Camera active"),
            ])
        #expect(!sink.events.contains(.started("Camera loading")))
        // Cut off at once, and "Camera active" spoken for its whole length.
        #expect(sink.timedEvents.map(\.time) == [.zero, .zero, .zero, sink.duration(of: "Camera active")])
        #expect(queue.currentAnnouncement == nil)
        #expect(queue.waitingAnnouncements.isEmpty)
    }

    // MARK: High

    @Test(arguments: [AnnouncementPriority.default, .low])
    func highIsNotInterrupted(by later: AnnouncementPriority) {
        queue.post(Announcement("Battery low", priority: .high))
        sink.advance(by: .milliseconds(100))
        queue.post(Announcement("Later", priority: later))
        #expect(sink.events == [.started("Battery low")])
        #expect(queue.currentAnnouncement == Announcement("Battery low", priority: .high))

        sink.advanceUntilSilent()
        #expect(
            sink.events == [
                .started("Battery low"), .finished("Battery low"), .started("Later"), .finished("Later"),
            ])
        #expect(sink.timedEvents.dropFirst().first?.time == sink.duration(of: "Battery low"))
    }

    @Test func highAnnouncementsWaitForEachOtherInOrder() {
        queue.post(Announcement("One", priority: .high))
        queue.post(Announcement("Two", priority: .high))
        queue.post(Announcement("Three", priority: .high))
        sink.advanceUntilSilent()
        #expect(
            sink.events == [
                .started("One"), .finished("One"), .started("Two"), .finished("Two"),
                .started("Three"), .finished("Three"),
            ])
    }

    @Test(arguments: [AnnouncementPriority.default, .low])
    func highInterrupts(_ earlier: AnnouncementPriority) {
        queue.post(Announcement("Earlier", priority: earlier))
        sink.advance(by: .milliseconds(100))
        queue.post(Announcement("Urgent", priority: .high))
        sink.advanceUntilSilent()
        #expect(sink.events == [.started("Earlier"), .stopped("Earlier"), .started("Urgent"), .finished("Urgent")])
        #expect(sink.timedEvents.dropFirst().first?.time == .milliseconds(100))
    }

    // MARK: Default

    @Test func defaultIsInterruptedByNewerDefault() {
        queue.post(Announcement("Page 3", priority: .default))
        sink.advance(by: .milliseconds(120))
        queue.post(Announcement("Page 4", priority: .default))
        sink.advanceUntilSilent()
        #expect(sink.events == [.started("Page 3"), .stopped("Page 3"), .started("Page 4"), .finished("Page 4")])
        #expect(sink.timedEvents.map(\.time) == [.zero, .milliseconds(120), .milliseconds(120), .milliseconds(420)])
    }

    @Test func defaultPostedDuringHighWaitsAndANewerDefaultReplacesIt() {
        queue.post(Announcement("Alarm", priority: .high))
        queue.post(Announcement("Page 3", priority: .default))
        queue.post(Announcement("Page 4", priority: .default))
        #expect(queue.waitingAnnouncements == [Announcement("Page 4")])
        sink.advanceUntilSilent()
        #expect(sink.events == [.started("Alarm"), .finished("Alarm"), .started("Page 4"), .finished("Page 4")])
    }

    @Test func highPostedDuringHighDropsAWaitingDefault() {
        queue.post(Announcement("Alarm", priority: .high))
        queue.post(Announcement("Page 3", priority: .default))
        queue.post(Announcement("Second alarm", priority: .high))
        sink.advanceUntilSilent()
        #expect(
            sink.events == [
                .started("Alarm"), .finished("Alarm"), .started("Second alarm"), .finished("Second alarm"),
            ])
    }

    // MARK: Low

    @Test func lowIsSpokenWhenIdle() {
        queue.post(Announcement("Chapter 2", priority: .low))
        #expect(sink.events == [.started("Chapter 2")])
        sink.advanceUntilSilent()
        #expect(sink.events == [.started("Chapter 2"), .finished("Chapter 2")])
        #expect(sink.now == sink.duration(of: "Chapter 2"))
    }

    @Test(arguments: AnnouncementPriority.allCases)
    func lowPostedWhileSpeakingIsNotSpokenOverIt(_ speaking: AnnouncementPriority) {
        queue.post(Announcement("Speaking", priority: speaking))
        queue.post(Announcement("Hint", priority: .low))
        #expect(sink.events == [.started("Speaking")])
        #expect(queue.waitingAnnouncements == [Announcement("Hint", priority: .low)])
        // It waits for silence, then is spoken (nothing newer arrived).
        sink.advanceUntilSilent()
        #expect(sink.events == [.started("Speaking"), .finished("Speaking"), .started("Hint"), .finished("Hint")])
    }

    @Test(arguments: AnnouncementPriority.allCases)
    func lowIsDroppedWhenSomethingNewerArrivesBeforeSilence(_ newer: AnnouncementPriority) {
        queue.post(Announcement("Speaking", priority: .default))
        queue.post(Announcement("Hint", priority: .low))
        sink.advance(by: .milliseconds(100))
        queue.post(Announcement("Newer", priority: newer))
        sink.advanceUntilSilent()
        #expect(!sink.events.contains(.started("Hint")))
        #expect(sink.events.last == .finished("Newer"))
    }

    @Test(arguments: [AnnouncementPriority.default, .high])
    func lowBeingSpokenIsCutOffByNewerSpeech(_ newer: AnnouncementPriority) {
        queue.post(Announcement("Hint", priority: .low))
        sink.advance(by: .milliseconds(50))
        queue.post(Announcement("Newer", priority: newer))
        sink.advanceUntilSilent()
        #expect(sink.events == [.started("Hint"), .stopped("Hint"), .started("Newer"), .finished("Newer")])
    }

    // MARK: Queue mechanics

    @Test func cancelAllStopsSpeechAndDropsWaitingAnnouncements() {
        queue.post(Announcement("Alarm", priority: .high))
        queue.post(Announcement("Next", priority: .high))
        queue.post(Announcement("Hint", priority: .low))
        queue.cancelAll()
        sink.advanceUntilSilent()
        #expect(sink.events == [.started("Alarm"), .stopped("Alarm")])
        #expect(queue.currentAnnouncement == nil)
        #expect(queue.waitingAnnouncements.isEmpty)
    }

    @Test func sinkReportingFinishInsideStartDoesNotDeadlock() {
        let instant = InstantSpeechSink()
        let queue = AnnouncementQueue(sink: instant)
        queue.post(Announcement("One", priority: .high))
        queue.post(Announcement("Two", priority: .low))
        queue.post(Announcement("Three", priority: .default))
        #expect(instant.spoken == ["One", "Two", "Three"])
        #expect(queue.currentAnnouncement == nil)
    }

    @Test func postsFromManyThreadsNeverMakeTheSinkSpeakOverItself() {
        let priorities = AnnouncementPriority.allCases
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            queue.post(Announcement("\(index)", priority: priorities[index % priorities.count]))
            if index.isMultiple(of: 7) { sink.advance(by: .milliseconds(30)) }
        }
        sink.advanceUntilSilent()
        let events = sink.events
        #expect(!events.contains { if case .startedOverSpeech = $0 { true } else { false } })
        // Every start is followed by exactly one stop or finish before the next start.
        var open: String?
        for event in events {
            switch event {
            case .started(let text), .startedOverSpeech(let text):
                #expect(open == nil, "started \(text) while \(open ?? "") was speaking")
                open = text
            case .stopped(let text), .finished(let text):
                #expect(open == text)
                open = nil
            }
        }
        #expect(open == nil)
    }
}

import Foundation

/// A point in a stretch of audio to report when it is heard: a number (an engine's mark, a
/// clip's index) and its time in milliseconds from the start of the audio.
struct AudioMark {
    let number: Int
    let milliseconds: Int

    /// Reports each mark when its time comes, counted from now, and returns once `duration`
    /// has passed (`true`), or at once when `shouldStop` answers `true` (`false`): audio written
    /// to a file heard as though it were played.
    static func keepTime(
        of marks: [AudioMark], lasting duration: Duration, shouldStop: () -> Bool, onMark: (AudioMark) -> Void
    ) -> Bool {
        let start = ContinuousClock.now
        func waitUntil(_ deadline: ContinuousClock.Instant) -> Bool {
            while ContinuousClock.now < deadline {
                if shouldStop() { return false }
                usleep(5_000)
            }
            return !shouldStop()
        }
        for mark in marks {
            guard waitUntil(start + .milliseconds(mark.milliseconds)) else { return false }
            onMark(mark)
        }
        return waitUntil(start + duration)
    }
}

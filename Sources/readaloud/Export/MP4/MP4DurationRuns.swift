/// Samples' durations as `stts` holds them: runs of samples of the same duration (an AAC
/// track's are all 1024 but the last, so a whole book is two runs).
struct MP4DurationRuns {
    private(set) var runs: [(count: UInt32, duration: UInt32)] = []

    /// Adds a sample of `duration`.
    mutating func append(_ duration: UInt32) {
        if let last = runs.last, last.duration == duration {
            runs[runs.count - 1].count += 1
        } else {
            runs.append((1, duration))
        }
    }
}

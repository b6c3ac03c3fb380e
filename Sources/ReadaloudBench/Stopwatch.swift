/// Times work for the bench with the monotonic clock, keeping the best of several runs (the
/// run least disturbed by other processes on a shared machine).
enum Stopwatch {
    /// The seconds `body` takes.
    static func seconds<E: Error>(_ body: () throws(E) -> Void) throws(E) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let elapsed = start.duration(to: clock.now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }

    /// The shortest of `repetitions` timings of `body` (at least one).
    static func best<E: Error>(of repetitions: Int, _ body: () throws(E) -> Void) throws(E) -> Double {
        var best = Double.infinity
        for _ in 0..<max(1, repetitions) { best = min(best, try seconds(body)) }
        return best
    }
}

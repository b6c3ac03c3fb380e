import SeededRandom

/// Reproducible pseudo-random offsets for the bench's random-access queries (``SplitMix64``, so
/// every run asks the same questions).
struct RandomOffsets {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// The next value in `0..<upperBound` (`upperBound` > 0).
    mutating func next(below upperBound: Int) -> Int {
        Int(generator.next() % UInt64(upperBound))
    }
}

/// Work cut into pieces one after another, each piece transformed in a child task, with at most
/// a bounded number of tasks at a time, and the results used in the order of the pieces: what
/// the whole-document passes on every core share (``Document/paginateInParallel()``,
/// ``Document/unitsInParallel(_:)``).
///
/// A piece is asked for only when a task finishes, so no more than the bound are at work at
/// once; a result that comes back before the ones ahead of it waits for them.
enum OrderedParallelMap {
    /// Transforms `pieces` (iterated on the caller's task) with `transform` in child tasks, at
    /// most `inFlight` at a time (at least one), and hands each result to `use` (on the caller's
    /// task), in the order of `pieces`.
    ///
    /// `transform` must be safe to run concurrently with itself.
    static func run<Piece: Sendable, Result: Sendable>(
        _ pieces: some Sequence<Piece>, inFlight: Int, transform: @escaping @Sendable (Piece) -> Result,
        inOrder use: (Result) -> Void
    ) async {
        var pieces = pieces.makeIterator()
        await withTaskGroup(of: (number: Int, result: Result).self) { group in
            var launched = 0
            func launch() {
                guard let piece = pieces.next() else { return }
                let number = launched
                launched += 1
                group.addTask { (number, transform(piece)) }
            }
            for _ in 0..<max(1, inFlight) { launch() }
            // Results that came back before the ones ahead of them, by number.
            var waiting: [Int: Result] = [:]
            var used = 0
            for await done in group {
                waiting[done.number] = done.result
                while let ready = waiting.removeValue(forKey: used) {
                    use(ready)
                    used += 1
                }
                launch()
            }
        }
    }
}

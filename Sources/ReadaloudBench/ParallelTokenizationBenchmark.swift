import Foundation
import TextNavigation
import TextNavigationBooks

/// Tokenizing a whole book at one granularity on one core (``Document/units(_:)``) and on every
/// core (``Document/unitsInParallel(_:)``), each in a freshly opened document; the two must find
/// the same units. Printed beside ICU's one-core pass over the same paragraphs (the sequential
/// measure's).
struct ParallelTokenizationResult {
    let granularity: String
    let sequentialSeconds: Double
    let parallelSeconds: Double
    /// ICU iterating every paragraph on one core (the sequential measure's baseline).
    let icuSeconds: Double
    /// The parallel pass's time over the one-core pass's (below 1: faster).
    var parallelRatio: Double { parallelSeconds / sequentialSeconds }
    /// ICU's one-core time over the parallel pass's: readaloud's speed on every core over ICU's
    /// on one (above 1: faster).
    var parallelICURatio: Double { icuSeconds / parallelSeconds }

    /// Times both passes `repetitions` times each (the best kept), alternating them so that a
    /// busy stretch of a shared machine falls on both.
    ///
    /// - Throws: ``BenchError`` when the parallel pass's units differ from the one-core pass's.
    static func measure(
        _ granularity: TextGranularity, of book: PlainTextBook, locale: String, layout: PageLayout,
        icuSeconds: Double, repetitions: Int
    ) throws(BenchError) -> ParallelTokenizationResult {
        var sequential = Double.infinity
        var parallel = Double.infinity
        var sequentialUnits: [TextUnits] = []
        var parallelUnits: [TextUnits] = []
        for _ in 0..<max(1, repetitions) {
            // The units of the run before are let go outside the timing (a whole book's units
            // by characters take eight bytes a code unit), after the new ones are found.
            var found: [TextUnits] = []
            let one = Document(book: book, locale: locale, layout: layout)
            sequential = min(sequential, Stopwatch.seconds { found = one.units(granularity) })
            sequentialUnits = found
            found = []
            let every = Document(book: book, locale: locale, layout: layout)
            parallel = min(
                parallel,
                Stopwatch.seconds { found = ConcurrentWork.wait { await every.unitsInParallel(granularity) } })
            parallelUnits = found
        }
        guard parallelUnits == sequentialUnits else {
            throw BenchError("parallel tokenization found other \(granularity) units than the one-core pass")
        }
        return ParallelTokenizationResult(
            granularity: granularity.rawValue, sequentialSeconds: sequential, parallelSeconds: parallel,
            icuSeconds: icuSeconds)
    }
}

/// Runs async work from the bench, which is synchronous.
enum ConcurrentWork {
    /// Runs `work` on the concurrent executor and waits for its result.
    static func wait<R: Sendable>(_ work: @escaping @Sendable () async -> R) -> R {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<R>()
        Task {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    /// Where the task leaves its result. `@unchecked Sendable`: the task writes it once, before
    /// it signals the semaphore the reader waits on.
    private final class ResultBox<R>: @unchecked Sendable {
        var value: R?
    }
}

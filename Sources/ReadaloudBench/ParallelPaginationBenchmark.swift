import Foundation
import TextNavigation
import TextNavigationBooks

/// Paginating a whole book on one core (``Document/pageCount``) and on every core
/// (``Document/paginateInParallel()``), each in a freshly opened document; the two must cut the
/// same pages.
struct ParallelPaginationResult {
    let sequentialSeconds: Double
    let parallelSeconds: Double
    /// How many times each side ran.
    let runs: Int
    /// The parallel pass's time over the sequential one's (below 1: faster).
    var parallelRatio: Double { parallelSeconds / sequentialSeconds }

    /// Times both passes, taking turns (which goes first alternating) at least `repetitions`
    /// times and until each has run for `minimumSeconds` in all, and keeps the best of each, so
    /// that a busy stretch of a shared machine falls on both. Each side times the same work:
    /// opening the document and paginating it; the page starts are read, and the document let
    /// go, outside the timing.
    ///
    /// - Throws: ``BenchError`` when the parallel pass's pages differ from the sequential one's.
    static func measure(
        _ book: PlainTextBook, locale: String, layout: PageLayout, repetitions: Int, minimumSeconds: Double
    ) throws(BenchError) -> ParallelPaginationResult {
        var sequential = Double.infinity
        var parallel = Double.infinity
        var sequentialStarts: [ReadingPosition] = []
        var parallelStarts: [ReadingPosition] = []
        var spent = (sequential: 0.0, parallel: 0.0)
        var runs = 0
        // One pass of each side first, untimed: the bench paginates a book before anything else
        // of it, and the first pass on every core starts the concurrent pool's threads, which
        // would otherwise count against the parallel side's --min-time.
        _ = Document(book: book, locale: locale, layout: layout).pageCount
        _ = ConcurrentWork.wait { await Document(book: book, locale: locale, layout: layout).paginateInParallel() }
        while runs < max(1, repetitions)
            || (min(spent.sequential, spent.parallel) < minimumSeconds && runs < BookBenchmark.sequentialRunLimit)
        {
            for isParallel in runs % 2 == 0 ? [false, true] : [true, false] {
                var document: Document?
                let seconds = Stopwatch.seconds {
                    let opened = Document(book: book, locale: locale, layout: layout)
                    if isParallel {
                        _ = ConcurrentWork.wait { await opened.paginateInParallel() }
                    } else {
                        _ = opened.pageCount
                    }
                    document = opened
                }
                guard let document else { continue }
                let starts = (0..<document.pageCount).map { document.page(at: $0)!.start }
                if isParallel {
                    parallel = min(parallel, seconds)
                    spent.parallel += seconds
                    parallelStarts = starts
                } else {
                    sequential = min(sequential, seconds)
                    spent.sequential += seconds
                    sequentialStarts = starts
                }
            }
            runs += 1
        }
        guard parallelStarts == sequentialStarts else {
            throw BenchError("parallel pagination cut other pages than the sequential pass")
        }
        return ParallelPaginationResult(sequentialSeconds: sequential, parallelSeconds: parallel, runs: runs)
    }
}

import Foundation
import TextNavigation

/// Paginating a whole book on one core (``Document/pageCount``) and on every core
/// (``Document/paginateInParallel()``), each in a freshly opened document; the two must cut the
/// same pages.
struct ParallelPaginationResult {
    let sequentialSeconds: Double
    let parallelSeconds: Double
    /// The parallel pass's time over the sequential one's (below 1: faster).
    var parallelRatio: Double { parallelSeconds / sequentialSeconds }

    /// Times both passes `repetitions` times each (the best kept), alternating them so that a
    /// busy stretch of a shared machine falls on both.
    ///
    /// - Throws: ``BenchError`` when the parallel pass's pages differ from the sequential one's.
    static func measure(_ book: PlainTextBook, locale: String, layout: PageLayout, repetitions: Int)
        throws(BenchError) -> ParallelPaginationResult
    {
        var sequential = Double.infinity
        var parallel = Double.infinity
        var sequentialStarts: [ReadingPosition] = []
        var parallelStarts: [ReadingPosition] = []
        for _ in 0..<max(1, repetitions) {
            sequential = min(
                sequential,
                Stopwatch.seconds {
                    let document = Document(book: book, locale: locale, layout: layout)
                    sequentialStarts = (0..<document.pageCount).map { document.page(at: $0)!.start }
                })
            // (The page starts are read outside the timing: the sequential pass reads them
            // from the pagination it just did, as cheaply.)
            var document: Document?
            parallel = min(
                parallel,
                Stopwatch.seconds {
                    let opened = Document(book: book, locale: locale, layout: layout)
                    _ = ConcurrentWork.wait { await opened.paginateInParallel() }
                    document = opened
                })
            if let document { parallelStarts = (0..<document.pageCount).map { document.page(at: $0)!.start } }
        }
        guard parallelStarts == sequentialStarts else {
            throw BenchError("parallel pagination cut other pages than the sequential pass")
        }
        return ParallelPaginationResult(sequentialSeconds: sequential, parallelSeconds: parallel)
    }
}

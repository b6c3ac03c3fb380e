/// What the bench measured for one book at one granularity. Times are the best of the runs;
/// every ratio is readaloud's speed over raw ICU's, measured in the same run (above 1 means
/// readaloud is faster).
struct GranularityResult {
    let granularity: String
    /// Sequential tokenization of every paragraph: readaloud's boundary caches, and ICU
    /// iterating the same paragraphs.
    let seconds: Double
    let icuSeconds: Double
    /// How many times each side ran (the best kept): at least the bench's repetitions, more for
    /// a small book (`--min-time`).
    let runs: Int
    let units: Int
    let icuBoundaries: Int
    /// Random access: seconds per enclosing-unit query, readaloud (warm caches) and one reused
    /// ICU iterator.
    let querySeconds: Double
    let icuQuerySeconds: Double
    /// Read all from the first page to the end, in a freshly opened document.
    let readAllSeconds: Double
    let utterances: Int
    /// Opening the book and producing the first utterance at a locator in its middle.
    let firstUtteranceSeconds: Double
    /// Tokenizing the whole book on one core and on every core.
    let parallelTokenization: ParallelTokenizationResult
}

/// What the bench measured for one book.
package struct BookResult {
    let name: String
    let locale: String
    let utf8Bytes: Int
    let paragraphs: Int
    let isMostlyLatin: Bool
    let granularities: [GranularityResult]
    /// Paginating the whole book (default layout) in a freshly opened document, and ICU's line
    /// break pass over the same paragraphs.
    let paginationSeconds: Double
    let icuLineSeconds: Double
    let pages: Int
    let parallelPagination: ParallelPaginationResult
    /// The resident memory high-water mark above the resident size before the book was read,
    /// with the book opened, paginated and every measured granularity's units cached; `nil`
    /// where `/proc/self/status` cannot be read.
    let peakMemoryBytes: Int?

    var megabytes: Double { Double(utf8Bytes) / 1_000_000 }
}

extension GranularityResult {
    func mbPerSecond(_ book: BookResult) -> Double { book.megabytes / seconds }
    func icuMBPerSecond(_ book: BookResult) -> Double { book.megabytes / icuSeconds }
    var ratio: Double { icuSeconds / seconds }
    var unitsPerSecond: Double { Double(units) / seconds }
    var icuBoundariesPerSecond: Double { Double(icuBoundaries) / icuSeconds }
    var querySpeedup: Double { icuQuerySeconds / querySeconds }
    func readAllMBPerSecond(_ book: BookResult) -> Double { book.megabytes / readAllSeconds }
    var readAllRatio: Double { icuSeconds / readAllSeconds }
    /// How many first utterances fit in the time of one ICU pass over the whole book.
    var firstUtteranceRatio: Double { icuSeconds / firstUtteranceSeconds }
}

extension BookResult {
    var paginationRatio: Double { icuLineSeconds / paginationSeconds }
    var memoryRatio: Double? { peakMemoryBytes.map { Double($0) / Double(utf8Bytes) } }
}

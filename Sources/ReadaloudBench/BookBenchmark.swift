import Dispatch
import TextNavigation
import TextNavigationBooks

/// Runs every measurement of the bench over one book, each side by side with its raw ICU
/// baseline in the same run.
package struct BookBenchmark {
    let book: BenchBook
    let granularities: [TextGranularity]
    let repetitions: Int
    /// How long each side of a sequential measure runs in all, at least (`--min-time`).
    let minimumSeconds: Double
    let queries: Int
    let layout = PageLayout()

    package init(
        book: BenchBook, granularities: [TextGranularity], repetitions: Int, minimumSeconds: Double, queries: Int
    ) {
        self.book = book
        self.granularities = granularities
        self.repetitions = repetitions
        self.minimumSeconds = minimumSeconds
        self.queries = queries
    }

    /// Measures the book. Memory comes first, while the process holds nothing of this book;
    /// then pagination, as a reader paginates a book right after opening it, before the
    /// granularities' measures have filled the heap and kept both cores busy for a while.
    ///
    /// - Throws: ``BenchError`` when the book cannot be read as text or ICU fails.
    package func run() throws(BenchError) -> BookResult {
        let peakMemory = try measureMemory()
        let parsed = try parse(book.bytes)
        let texts = parsed.paragraphs.map(\.text)
        var pages = 0
        let paginationSeconds = Stopwatch.best(of: repetitions) {
            let document = Document(book: parsed, locale: book.locale, layout: layout)
            pages = document.pageCount
        }
        let icuLineSeconds = try Stopwatch.best(of: repetitions) { () throws(BenchError) in
            _ = try icu { () throws(ICUError) in
                try TokenizationBenchmark.icuBoundaryCount(in: texts, granularity: .line, locale: book.locale)
            }
        }
        let parallelPagination = try ParallelPaginationResult.measure(
            parsed, locale: book.locale, layout: layout, repetitions: repetitions, minimumSeconds: minimumSeconds)
        var results: [GranularityResult] = []
        for granularity in granularities {
            results.append(try measure(granularity, parsed, texts))
        }
        return BookResult(
            name: book.name, locale: book.locale, utf8Bytes: book.bytes.count, paragraphs: parsed.paragraphs.count,
            isMostlyLatin: book.isMostlyLatin, granularities: results, paginationSeconds: paginationSeconds,
            icuLineSeconds: icuLineSeconds, pages: pages, parallelPagination: parallelPagination,
            peakMemoryBytes: peakMemory)
    }

    // MARK: Measurements

    /// The most runs of a sequential measure, however short its passes.
    static let sequentialRunLimit = 1000

    private func measure(_ granularity: TextGranularity, _ parsed: PlainTextBook, _ texts: [TextStorage])
        throws(BenchError) -> GranularityResult
    {
        let sequential = try measureSequential(granularity, parsed, texts)
        let (querySeconds, icuQuerySeconds) = try measureQueries(granularity, parsed)
        let (readAllSeconds, utterances) = measureReadAll(granularity, parsed)
        let firstUtteranceSeconds = try measureFirstUtterance(granularity, parsed)
        let parallelTokenization = try ParallelTokenizationResult.measure(
            granularity, of: parsed, locale: book.locale, layout: layout, icuSeconds: sequential.icuSeconds,
            repetitions: repetitions)
        return GranularityResult(
            granularity: granularity.rawValue, seconds: sequential.seconds, icuSeconds: sequential.icuSeconds,
            runs: sequential.runs, units: sequential.units, icuBoundaries: sequential.icuBoundaries,
            querySeconds: querySeconds, icuQuerySeconds: icuQuerySeconds, readAllSeconds: readAllSeconds,
            utterances: utterances, firstUtteranceSeconds: firstUtteranceSeconds,
            parallelTokenization: parallelTokenization)
    }

    /// Sequential tokenization's best times, readaloud's and ICU's, the runs and the units each
    /// found.
    private func measureSequential(_ granularity: TextGranularity, _ parsed: PlainTextBook, _ texts: [TextStorage])
        throws(BenchError) -> (seconds: Double, icuSeconds: Double, runs: Int, units: Int, icuBoundaries: Int)
    {
        // Sequential tokenization: every paragraph's units from fresh tokenizers (a fresh
        // document per run, its elements' tokenizers made outside the timing: they are made
        // when an element is first touched), prepared as read-all prepares them (words and
        // sentences a stretch of paragraphs at a time, one ICU pass over each), against ICU
        // iterating the same texts one paragraph at a time. The two take turns, at least
        // `repetitions` times and until each has run for `minimumSeconds` in all: a small
        // book's pass takes a millisecond or two, and the best of a few such runs moves by
        // several percent from one bench to the next (other processes, timer ticks, where the
        // allocator's blocks fall); the best of a second's worth is steady to about a percent.
        var units = 0
        var icuBoundaries = 0
        var seconds = Double.infinity
        var icuSeconds = Double.infinity
        var runs = 0
        var spent = 0.0
        var icuSpent = 0.0
        while runs < max(1, repetitions)
            || (min(spent, icuSpent) < minimumSeconds && runs < Self.sequentialRunLimit)
        {
            let document = Document(book: parsed, locale: book.locale, layout: layout)
            // Held, so that the document keeps them (it lets go of elements nobody holds).
            let elements = Array(document.elements)
            let tokenizers = elements.map(\.stringTokenizer)
            let run = Stopwatch.seconds {
                units = 0
                var prepared = 0
                while prepared < tokenizers.count {
                    prepared = document.prepareUnitsAhead(
                        granularity, from: prepared, budget: Document.preparationBudget)
                }
                for tokenizer in tokenizers { units += tokenizer.units(for: granularity).count }
            }
            withExtendedLifetime(elements) {}
            let icuRun = try Stopwatch.seconds { () throws(BenchError) in
                icuBoundaries = try icu { () throws(ICUError) in
                    try TokenizationBenchmark.icuBoundaryCount(in: texts, granularity: granularity, locale: book.locale)
                }
            }
            seconds = min(seconds, run)
            icuSeconds = min(icuSeconds, icuRun)
            spent += run
            icuSpent += icuRun
            runs += 1
        }
        return (seconds, icuSeconds, runs, units, icuBoundaries)
    }

    /// The best time to read all of `parsed` from its first page, and the utterances read.
    private func measureReadAll(_ granularity: TextGranularity, _ parsed: PlainTextBook) -> (
        seconds: Double, utterances: Int
    ) {
        var utterances = 0
        let readAllSeconds = Stopwatch.best(of: repetitions) {
            let document = Document(book: parsed, locale: book.locale, layout: layout)
            let session = ReadingSession(document: document, granularity: granularity, page: 1)
            utterances = 0
            while let event = session.next() {
                if case .utterance = event { utterances += 1 }
            }
        }
        return (readAllSeconds, utterances)
    }

    /// Seconds per enclosing-unit query at `queries` random offsets: readaloud's tokenizers,
    /// fetched before the timing (as the sequential measure does) with their caches built, and
    /// one ICU iterator over the book's whole UTF-16 buffer, reused for every query.
    private func measureQueries(_ granularity: TextGranularity, _ parsed: PlainTextBook)
        throws(BenchError) -> (Double, Double)
    {
        let document = Document(book: parsed, locale: book.locale, layout: layout)
        let tokenizers = document.elements.map(\.stringTokenizer)
        for tokenizer in tokenizers { _ = tokenizer.units(for: granularity) }
        // Offsets in the buffer, each inside some element's text.
        let starts = tokenizers.map(\.storage.bufferRange.lowerBound)
        var random = RandomOffsets(seed: 0x5EED)
        var local: [(element: Int, offset: Int)] = []
        var global: [Int] = []
        local.reserveCapacity(queries)
        global.reserveCapacity(queries)
        let total = parsed.buffer.count
        while local.count < queries, total > 0 {
            let offset = random.next(below: total)
            var low = 0
            var high = starts.count
            while low + 1 < high {
                let middle = (low + high) / 2
                if starts[middle] <= offset { low = middle } else { high = middle }
            }
            let range = tokenizers[low].storage.bufferRange
            guard range.contains(offset) else { continue }
            local.append((low, offset - range.lowerBound))
            global.append(offset)
        }
        guard !local.isEmpty else { return (.nan, .nan) }
        var checksum = 0
        let seconds = Stopwatch.best(of: repetitions) {
            for query in local {
                let range = tokenizers[query.element].rangeEnclosingPosition(
                    TextPosition(offset: query.offset), with: granularity, inDirection: .forward)
                checksum &+= range?.end.offset ?? 0
            }
        }
        let whole = TextStorage(buffer: parsed.buffer, range: 0..<total)
        let icuSeconds = try Stopwatch.best(of: repetitions) { () throws(BenchError) in
            checksum &+= try icu { () throws(ICUError) in
                try TokenizationBenchmark.icuEnclosingSegments(
                    in: whole, at: global, granularity: granularity, locale: book.locale)
            }
        }
        if checksum == 42 { print("", terminator: "") }  // keeps the work observable
        return (seconds / Double(local.count), icuSeconds / Double(local.count))
    }

    /// Seconds from the book's file to the first utterance at a locator in the middle of the
    /// book, as the front ends open it: the file opened (``OpenedBook``), the locator's JSON
    /// resolved in its document, and the library's player (``ReadAloudPlayer``, silent) started
    /// there, up to its first utterance and that utterance's page (which every front end shows).
    private func measureFirstUtterance(_ granularity: TextGranularity, _ parsed: PlainTextBook)
        throws(BenchError) -> Double
    {
        let reference = Document(book: parsed, locale: book.locale, layout: layout)
        // The middle element, or the first after it with text: a reader's locator is where an
        // utterance was (an Aozora book's paragraphs of markup alone, `［＃改ページ］`, have no text).
        let count = reference.elements.count
        let middle = (count / 2..<count).first { !parsed.paragraphs[$0].text.isEmpty } ?? count / 2
        let position = ReadingPosition(element: middle, offset: reference.elements[middle].text.count / 2)
        let json = Locator(position: position, in: reference, includesPage: false).json
        let options = OpenedBook.Options(locale: book.locale, layout: layout)
        var failure: BenchError?
        var seconds = Double.infinity
        for _ in 0..<max(1, repetitions) {
            seconds = min(
                seconds,
                Stopwatch.seconds {
                    do {
                        let opened = try OpenedBook(contentsOf: book.path, options: options)
                        let heard = DispatchSemaphore(value: 0)
                        let player = ReadAloudPlayer(document: opened.document, granularity: granularity) { event in
                            if case .reading(.utterance(let utterance)) = event, utterance.page > 0 { heard.signal() }
                        }
                        try player.play(from: try Locator(json: json))
                        heard.wait()
                        _ = player.stop()
                    } catch {
                        failure = BenchError("\(book.name): the bench's locator did not open the book: \(error)")
                    }
                })
        }
        if let failure { throw failure }
        return seconds
    }

    /// The resident memory peak above the baseline while the book is read, opened, paginated
    /// and tokenized at every measured granularity.
    private func measureMemory() throws(BenchError) -> Int? {
        guard ProcessMemory.resetPeak(), let baseline = ProcessMemory.residentBytes else { return nil }
        let parsed = try open()  // from the file, as a reader opens it
        let document = Document(book: parsed, locale: book.locale, layout: layout)
        _ = document.pageCount
        for granularity in granularities where granularity != .character {
            for element in document.elements { _ = element.stringTokenizer.units(for: granularity) }
        }
        guard let peak = ProcessMemory.peakResidentBytes else { return nil }
        withExtendedLifetime(document) {}
        return max(0, peak - baseline)
    }

    // MARK: Helpers

    /// The book read from its file, as a reader opens it.
    private func open() throws(BenchError) -> PlainTextBook {
        try parse { () throws(BookLoadingError) in try PlainTextBook(contentsOf: book.path) }
    }

    private func parse(_ bytes: [UInt8]) throws(BenchError) -> PlainTextBook {
        try parse { () throws(BookLoadingError) in try PlainTextBook(bytes: bytes) }
    }

    private func parse(_ load: () throws(BookLoadingError) -> PlainTextBook) throws(BenchError) -> PlainTextBook {
        do {
            let parsed = try load()
            guard !parsed.paragraphs.isEmpty else {
                throw BenchError("\(book.name) has no text to read (only white space)", kind: .unusableBook)
            }
            return parsed
        } catch let error as BookLoadingError {
            throw BenchError("\(book.name): \(error)", kind: .unusableBook)
        } catch let error as BenchError {
            throw error
        } catch {
            throw BenchError("\(book.name): \(error)", kind: .unusableBook)
        }
    }

    private func icu<R>(_ body: () throws(ICUError) -> R?) throws(BenchError) -> R {
        do {
            guard let result = try body() else { throw BenchError("ICU has no iterator for this granularity") }
            return result
        } catch let error as ICUError {
            throw BenchError("\(book.name): \(error)")
        } catch let error as BenchError {
            throw error
        } catch {
            throw BenchError("\(book.name): \(error)")
        }
    }
}

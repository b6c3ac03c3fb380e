import Foundation
import ReadaloudBench
import TextNavigation
import TextNavigationBooks

/// `readaloud bench`: readaloud's speed and memory against raw ICU over the same text, printed
/// as ratios measured in the same run. A command, not a test: figures depend on the machine.
enum BenchCommand {
    static let granularities: [TextGranularity] = [.character, .word, .sentence, .line]

    static let spec = CommandSpec(
        name: "bench",
        abstract: "Measure tokenization, lookups, read-all, opening, pagination and memory against raw ICU.",
        positionals: [],
        options: [
            book.spec, granularity.spec, epub.spec, search.spec, syntheticMegabytes.spec, repetitions.spec,
            minimumTime.spec,
            queries.spec, serve.spec, serveRequests.spec, json.spec, jsonFile.spec,
        ],
        discussion: """
            For each book and granularity: sequential tokenization of every paragraph (MB/s of \
            UTF-8 input and units/s) against ICU iterating the same UTF-16 paragraphs; the \
            enclosing unit at random offsets (readaloud's boundary caches, built first, against one \
            reused ICU iterator over the book); read all from the first page to the end; and the \
            time from opening the book's file to the first utterance at a locator in the middle of \
            the book, as the front ends open it (the whole file, the library's player). For each \
            book: the time to paginate it (width 70, 30 lines a page) against ICU's line-break \
            pass, and the peak resident memory (VmHWM) above the resident size before the book was read from its file. Ratios are readaloud's speed \
            over ICU's (above 1: faster). Build with -c release for meaningful figures; \
            scripts/bench.sh does. Books are tokenized in the language their script suggests \
            (ja, zh, ar, th or en).
            """)

    /// The book `--serve` measures without `--book`.
    static let serveBook = "Books/rashomon.txt"
    /// The synthetic book's size with the bundled books (none with `--book`).
    static let syntheticMegabytesWithBundledBooks = 10

    static let book = CommandOption.texts(
        "book", valueName: "PATH",
        help: "A UTF-8 plain-text book to measure (repeatable). Default: every .txt in ./Books.")
    static let granularity = CommandOption.choices(
        "granularity", valueName: "G", help: "A granularity to measure (repeatable).", allowed: granularities,
        shownDefault: "all four")
    static let epub = CommandOption.text(
        "epub", valueName: "PATH",
        help:
            "An EPUB book to time opening and the first utterance for. Default: with the bundled books, the corpus EPUB with the most text (Tests/Fixtures/epub)."
    )
    static let syntheticMegabytes = CommandOption.integer(
        "synthetic-megabytes", valueName: "N",
        help:
            "Also measure a book of about N MiB made by repeating the first book; 0 for none. Default: \(syntheticMegabytesWithBundledBooks) with the bundled books, 0 with --book.",
        in: 0...1000)
    static let repetitions = CommandOption.integer(
        "repetitions", valueName: "N", help: "Runs of each measurement, at least; the best is kept.", in: 1...1000,
        default: 3)
    static let minimumTime = CommandOption.decimal(
        "min-time", valueName: "SECONDS",
        help:
            "How long each side of a sequential measure (readaloud's and ICU's), and of pagination on one core and on every core, runs in all, at least: short passes are repeated past --repetitions until then; 0 for --repetitions runs alone.",
        in: 0...600, default: 1)
    static let queries = CommandOption.integer(
        "queries", valueName: "N", help: "Random offsets for the lookup measurement.", in: 1...100_000_000,
        default: 100_000)
    static let serve = CommandOption.flag(
        "serve",
        help:
            "Measure only 'readaloud serve' over a pipe, on the first book (default: \(serveBook)): a 'tokenizer' request's round trip in both framings (median, p90, p99), readAll to its first event, and round trips while a 10 MB book opens."
    )
    static let serveRequests = CommandOption.integer(
        "serve-requests", valueName: "N", help: "Requests timed with --serve.", in: 1...10_000_000, default: 20_000)
    static let json = CommandOption.flag("json", help: "Print one JSON object instead of the table.")
    static let jsonFile = CommandOption.text(
        "json-file", valueName: "PATH", help: "Also write the JSON object to PATH (the table still prints).")

    static let search = CommandOption.text(
        "search", valueName: "QUERY",
        help:
            "Measure only searching the synthetic book (else the first book) for QUERY, ignoring case and diacritics, against Foundation's range(of:) in the same run."
    )

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let paths = arguments[Self.book]
        let repetitions = arguments[Self.repetitions]
        let minimumSeconds = arguments[Self.minimumTime]
        let queries = arguments[Self.queries]
        if arguments[Self.serve] {
            let result = try measure {
                () throws(BenchError) in
                try ServeRoundTrip(bookPath: paths.first ?? serveBook, requests: arguments[Self.serveRequests]).run()
            }
            for line in result.lines { StandardOutput.shared.line(line) }
            StandardOutput.shared.flush()
            return
        }
        let measured = arguments[Self.granularity]
        let books = try Self.books(arguments)
        defer { for book in books { book.removeTemporaryFile() } }
        if let query = arguments[Self.search] {
            // The synthetic book when there is one (10 MB), else the first.
            let book = books.last { $0.name.hasSuffix("(synthetic)") } ?? books[0]
            let result = try measure { () throws(BenchError) in
                try SearchBenchmark(book: book, query: query, repetitions: repetitions).run()
            }
            StandardOutput.shared.line(result.line)
            StandardOutput.shared.flush()
            return
        }

        let json = arguments[Self.json]
        var results: [BookResult] = []
        for book in books {
            if !json { writeToStandardError("measuring \(book.name)...\n") }
            let benchmark = BookBenchmark(
                book: book, granularities: measured, repetitions: repetitions, minimumSeconds: minimumSeconds,
                queries: queries)
            results.append(try measure { () throws(BenchError) in try benchmark.run() })
        }
        let epubPath = arguments[Self.epub] ?? (paths.isEmpty ? EPUBBenchmark.largestBundled() : nil)
        var epub: EPUBBenchResult?
        if let epubPath {
            if !json { writeToStandardError("measuring \(epubPath)...\n") }
            epub = try measure { () throws(BenchError) in
                try EPUBBenchmark.run(path: epubPath, repetitions: repetitions)
            }
        }
        let report = BenchReport(
            books: results, epub: epub, repetitions: repetitions, minimumSeconds: minimumSeconds, queries: queries,
            date: Date(),
            cores: ProcessInfo.processInfo.activeProcessorCount)
        if let path = arguments[Self.jsonFile] {
            guard FileManager.default.createFile(atPath: path, contents: Data((report.json + "\n").utf8)) else {
                throw CommandFailure("cannot write the JSON report to \(path)", exitCode: .cannotCreate)
            }
        }
        StandardOutput.shared.line(json ? report.json : report.table)
        StandardOutput.shared.flush()
    }

    /// The books to measure: those given (or the bundled ones), and the synthetic book made by
    /// repeating one of them when one is asked for.
    private static func books(_ arguments: ParsedArguments) throws(CommandFailure) -> [BenchBook] {
        let paths = arguments[Self.book]
        let synthetic = arguments[Self.syntheticMegabytes] ?? (paths.isEmpty ? syntheticMegabytesWithBundledBooks : 0)
        let bookPaths = paths.isEmpty ? BenchBook.bundledPaths() : paths
        guard !bookPaths.isEmpty else {
            throw CommandFailure(
                UsageError(
                    "no books: run from the package root (where Books/ is) or pass --book PATH", spec: arguments.spec))
        }
        var books: [BenchBook] = []
        for path in bookPaths { books.append(BenchBook(path: path, bytes: try BookInput.bytes(at: path))) }
        if synthetic > 0 {
            let source = books.first { $0.name.hasPrefix("alice") } ?? books[0]
            books.append(
                try measure { () throws(BenchError) in try BenchBook.repeating(source, toMegabytes: synthetic) })
        }
        return books
    }

    /// What `body` measures, its failure turned into the command's: exit 65 for a book that
    /// is not usable text, 73 for a file that cannot be written, 70 for the rest.
    private static func measure<Result>(_ body: () throws(BenchError) -> Result) throws(CommandFailure) -> Result {
        do {
            return try body()
        } catch {
            switch error.kind {
            case .unusableBook: throw CommandFailure(error.message, exitCode: .dataError)
            case .cannotCreate: throw CommandFailure(error.message, exitCode: .cannotCreate)
            case .failed: throw CommandFailure(error.message)
            }
        }
    }
}

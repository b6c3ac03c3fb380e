import Foundation
import TextNavigation

/// `readaloud bench`: readaloud's speed and memory against raw ICU over the same text, printed
/// as ratios measured in the same run. A command, not a test: figures depend on the machine.
enum BenchCommand {
    static let granularities: [TextGranularity] = [.character, .word, .sentence, .line]

    static let spec = CommandSpec(
        name: "bench",
        abstract: "Measure tokenization, lookups, read-all, opening, pagination and memory against raw ICU.",
        positionals: [],
        options: [
            CommandSpec.Option(
                name: "book", valueName: "PATH",
                help: "A UTF-8 plain-text book to measure (repeatable). Default: every .txt in ./Books.",
                repeatable: true),
            CommandSpec.Option(
                name: "granularity", valueName: "G", help: "A granularity to measure (repeatable).",
                allowed: granularities.map(\.rawValue), defaultValue: "all four", repeatable: true),
            CommandSpec.Option(
                name: "epub", valueName: "PATH",
                help:
                    "An EPUB book to time opening and the first utterance for. Default: with the bundled books, the corpus EPUB with the most text (Tests/Fixtures/epub)."
            ),
            CommandSpec.Option(
                name: "synthetic-megabytes", valueName: "N",
                help:
                    "Also measure a book of about N MiB made by repeating the first book; 0 for none. Default: 10 with the bundled books, 0 with --book."
            ),
            CommandSpec.Option(
                name: "repetitions", valueName: "N", help: "Runs of each measurement, at least; the best is kept.",
                defaultValue: "3"),
            CommandSpec.Option(
                name: "min-time", valueName: "SECONDS",
                help:
                    "How long each side of a sequential measure (readaloud's and ICU's) runs in all, at least: short passes over a small book are repeated past --repetitions until then; 0 for --repetitions runs alone.",
                defaultValue: "1"),
            CommandSpec.Option(
                name: "queries", valueName: "N", help: "Random offsets for the lookup measurement.",
                defaultValue: "100000"),
            CommandSpec.Option(
                name: "serve", valueName: nil,
                help:
                    "Measure only a 'tokenizer' request's round trip through 'readaloud serve' over a pipe (median, p90, p99), on the first book (default: Books/rashomon.txt)."
            ),
            CommandSpec.Option(
                name: "serve-requests", valueName: "N", help: "Requests timed with --serve.", defaultValue: "20000"),
            CommandSpec.Option(name: "json", valueName: nil, help: "Print one JSON object instead of the table."),
            CommandSpec.Option(
                name: "json-file", valueName: "PATH",
                help: "Also write the JSON object to PATH (the table still prints)."),
        ],
        discussion: """
            For each book and granularity: sequential tokenization of every paragraph (MB/s of \
            UTF-8 input and units/s) against ICU iterating the same UTF-16 paragraphs; the \
            enclosing unit at random offsets (readaloud's boundary caches, built first, against one \
            reused ICU iterator over the book); read all from the first page to the end; and the \
            time from opening the book's file to the first utterance at a locator in the middle of \
            the book (pagination left for later; the document is let go after the timing, as a \
            reader keeps it open). For each book: the time to paginate it (width 70, 30 lines a \
            page) against ICU's line-break pass, and the peak resident memory (VmHWM) above the \
            resident size before the book was read from its file. Ratios are readaloud's speed \
            over ICU's (above 1: faster). Build with -c release for meaningful figures; \
            scripts/bench.sh does. Books are tokenized in the language their script suggests \
            (ja, zh, ar, th or en).
            """)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let spec = arguments.spec
        let repetitions: Int
        let minimumSeconds: Double
        let queries: Int
        let synthetic: Int
        let paths = arguments.allValues("book")
        do throws(UsageError) {
            repetitions = try arguments.integer("repetitions", in: 1...1000) ?? 3
            minimumSeconds = try arguments.decimal("min-time", in: 0...600) ?? 1
            queries = try arguments.integer("queries", in: 1...100_000_000) ?? 100_000
            synthetic = try arguments.integer("synthetic-megabytes", in: 0...1000) ?? (paths.isEmpty ? 10 : 0)
        } catch {
            throw CommandFailure(error)
        }
        if arguments.flag("serve") {
            let requests: Int
            do throws(UsageError) {
                requests = try arguments.integer("serve-requests", in: 1...10_000_000) ?? 20_000
            } catch {
                throw CommandFailure(error)
            }
            let book = paths.first ?? "Books/rashomon.txt"
            let result = try ServeRoundTrip(bookPath: book, requests: requests).run()
            StandardOutput.shared.line(result.line)
            StandardOutput.shared.flush()
            return
        }
        let chosen = arguments.allValues("granularity").compactMap(TextGranularity.init(rawValue:))
        let measured = chosen.isEmpty ? granularities : granularities.filter(chosen.contains)

        let bookPaths = paths.isEmpty ? BenchBook.bundledPaths() : paths
        guard !bookPaths.isEmpty else {
            throw CommandFailure(
                UsageError("no books: run from the package root (where Books/ is) or pass --book PATH", spec: spec))
        }
        var books: [BenchBook] = []
        for path in bookPaths { books.append(try BenchBook.load(path: path)) }
        if synthetic > 0 {
            let source = books.first { $0.name.hasPrefix("alice") } ?? books[0]
            books.append(try BenchBook.repeating(source, toMegabytes: synthetic))
        }
        defer { for book in books { book.removeTemporaryFile() } }

        let json = arguments.flag("json")
        var results: [BookResult] = []
        for book in books {
            if !json { writeToStandardError("measuring \(book.name)...\n") }
            results.append(
                try BookBenchmark(
                    book: book, granularities: measured, repetitions: repetitions, minimumSeconds: minimumSeconds,
                    queries: queries
                ).run()
            )
        }
        let epubPath = arguments.value("epub") ?? (paths.isEmpty ? EPUBBenchmark.largestBundled() : nil)
        var epub: EPUBBenchResult?
        if let epubPath {
            if !json { writeToStandardError("measuring \(epubPath)...\n") }
            epub = try EPUBBenchmark.run(path: epubPath, repetitions: repetitions)
        }
        let report = BenchReport(
            books: results, epub: epub, repetitions: repetitions, minimumSeconds: minimumSeconds, queries: queries,
            date: Date(),
            cores: ProcessInfo.processInfo.activeProcessorCount)
        if let path = arguments.value("json-file") {
            guard FileManager.default.createFile(atPath: path, contents: Data((report.json + "\n").utf8)) else {
                throw CommandFailure("cannot write the JSON report to \(path)", exitCode: .cannotCreate)
            }
        }
        StandardOutput.shared.line(json ? report.json : report.table)
        StandardOutput.shared.flush()
    }
}

import Foundation
import ReadaloudJSON

/// The bench's output: a table for people, or one JSON object for programs.
package struct BenchReport {
    let books: [BookResult]
    /// The EPUB measured, if any.
    let epub: EPUBBenchResult?
    let repetitions: Int
    let minimumSeconds: Double
    let queries: Int
    let date: Date
    let cores: Int

    package init(
        books: [BookResult], epub: EPUBBenchResult? = nil, repetitions: Int, minimumSeconds: Double, queries: Int,
        date: Date, cores: Int
    ) {
        self.books = books
        self.epub = epub
        self.repetitions = repetitions
        self.minimumSeconds = minimumSeconds
        self.queries = queries
        self.date = date
        self.cores = cores
    }

    private var dateText: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }

    // MARK: Table

    package var table: String {
        var lines: [String] = [
            "readaloud bench, \(dateText), \(cores) cores, best of \(repetitions) runs (sequential passes: at least "
                + "\(format2(minimumSeconds)) s a side), \(queries) random queries",
            "Ratios are readaloud's speed over raw ICU's on the same UTF-16 text, measured in this run (> 1: faster).",
            "",
        ]
        for book in books { lines += bookLines(book) }
        if let epub {
            lines.append(
                "EPUB \(epub.name): \(format2(Double(epub.fileBytes) / 1_000_000)) MB file, \(epub.elements) elements, "
                    + "\(epub.textUnits) UTF-16 units of text")
            lines.append(
                "  open: \(format2(epub.openSeconds * 1000)) ms; open to first utterance: "
                    + "\(format2(epub.firstUtteranceSeconds * 1000)) ms")
            lines.append("")
        }
        let targets = BenchTarget.evaluate(books)
        if !targets.isEmpty {
            lines.append("Targets:")
            for target in targets {
                lines.append(
                    "  [\(target.isMet ? "met" : "NOT MET")] \(target.name): \(target.measured) (target \(target.limit))"
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The table's lines for `book`: its heading, a row per granularity, pagination and memory.
    private func bookLines(_ book: BookResult) -> [String] {
        var lines: [String] = []
        lines.append(
            "\(book.name): \(book.locale), \(format2(book.megabytes)) MB UTF-8, \(book.paragraphs) paragraphs, "
                + "\(book.pages) pages")
        lines.append(
            row([
                "granularity", "MB/s", "ICU MB/s", "ratio", "units/s", "query µs", "ICU µs", "speedup",
                "read-all MB/s", "ratio", "first utt. ms",
            ]))
        for result in book.granularities {
            lines.append(
                row([
                    result.granularity, format2(result.mbPerSecond(book)), format2(result.icuMBPerSecond(book)),
                    format2(result.ratio) + "×", millions(result.unitsPerSecond),
                    format3(result.querySeconds * 1e6), format3(result.icuQuerySeconds * 1e6),
                    format2(result.querySpeedup) + "×", format2(result.readAllMBPerSecond(book)),
                    format2(result.readAllRatio) + "×", format2(result.firstUtteranceSeconds * 1000),
                ]))
        }
        lines.append(
            "  paginate: \(format2(book.paginationSeconds * 1000)) ms; ICU line-break pass "
                + "\(format2(book.icuLineSeconds * 1000)) ms; "
                + "\(format2(book.paginationSeconds / book.icuLineSeconds))× ICU's time; on every core "
                + "\(format2(book.parallelPagination.parallelSeconds * 1000)) ms, "
                + "\(format2(book.parallelPagination.parallelRatio))× the one-core pass's time")
        lines.append(
            "  tokenize the whole book on every core: "
                + book.granularities.map { result in
                    let whole = result.parallelTokenization
                    return "\(whole.granularity) \(format2(whole.parallelSeconds * 1000)) ms, "
                        + "\(format2(whole.parallelRatio))× one core's \(format2(whole.sequentialSeconds * 1000)) ms, "
                        + "\(format2(whole.parallelICURatio))× ICU's one-core speed"
                }.joined(separator: "; "))
        if let peak = book.peakMemoryBytes, let ratio = book.memoryRatio {
            lines.append(
                "  peak memory above baseline: \(format2(Double(peak) / 1_000_000)) MB, \(format2(ratio))× the UTF-8 size"
            )
        } else {
            lines.append("  peak memory: not available (no /proc/self/status)")
        }
        lines.append("")
        return lines
    }

    private func row(_ cells: [String]) -> String {
        let widths = [12, 8, 9, 7, 9, 9, 8, 9, 14, 7, 13]
        var text = " "
        for (index, cell) in cells.enumerated() {
            let width = widths[min(index, widths.count - 1)]
            let padding = String(repeating: " ", count: max(0, width - cell.count))
            text += index == 0 ? " " + cell + padding : " " + padding + cell
        }
        return text
    }

    private func millions(_ value: Double) -> String { format2(value / 1e6) + "M" }

    private func format3(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        return String(format: value < 1 ? "%.3f" : value < 100 ? "%.2f" : "%.0f", value)
    }

    // MARK: JSON

    package var json: String {
        let targets = BenchTarget.evaluate(books)
        let object: JSONValue = .object([
            ("date", .string(dateText)),
            ("cores", .integer(cores)),
            ("repetitions", .integer(repetitions)),
            ("minimumSeconds", .number(minimumSeconds)),
            ("queries", .integer(queries)),
            ("books", .array(books.map(bookJSON))),
            (
                "epub",
                epub.map {
                    .object([
                        ("name", .string($0.name)), ("fileBytes", .integer($0.fileBytes)),
                        ("elements", .integer($0.elements)), ("textUnits", .integer($0.textUnits)),
                        ("openMilliseconds", .number($0.openSeconds * 1000)),
                        ("firstUtteranceMilliseconds", .number($0.firstUtteranceSeconds * 1000)),
                    ])
                } ?? .null
            ),
            (
                "targets",
                .array(
                    targets.map {
                        .object([
                            ("name", .string($0.name)), ("met", .bool($0.isMet)), ("value", .number($0.value)),
                            ("limit", .string($0.limit)),
                        ])
                    })
            ),
        ])
        return object.text
    }

    private func bookJSON(_ book: BookResult) -> JSONValue {
        .object([
            ("name", .string(book.name)),
            ("locale", .string(book.locale)),
            ("utf8Bytes", .integer(book.utf8Bytes)),
            ("paragraphs", .integer(book.paragraphs)),
            ("pages", .integer(book.pages)),
            (
                "granularities",
                .array(
                    book.granularities.map { result in
                        .object([
                            ("granularity", .string(result.granularity)),
                            ("mbPerSecond", .number(result.mbPerSecond(book))),
                            ("icuMBPerSecond", .number(result.icuMBPerSecond(book))),
                            ("ratio", .number(result.ratio)),
                            ("runs", .integer(result.runs)),
                            ("boundariesPerSecond", .number(result.unitsPerSecond)),
                            ("icuBoundariesPerSecond", .number(result.icuBoundariesPerSecond)),
                            ("queryMicroseconds", .number(result.querySeconds * 1e6)),
                            ("icuQueryMicroseconds", .number(result.icuQuerySeconds * 1e6)),
                            ("querySpeedup", .number(result.querySpeedup)),
                            ("readAllMBPerSecond", .number(result.readAllMBPerSecond(book))),
                            ("readAllRatio", .number(result.readAllRatio)),
                            ("utterances", .integer(result.utterances)),
                            ("firstUtteranceMilliseconds", .number(result.firstUtteranceSeconds * 1000)),
                            ("firstUtteranceRatio", .number(result.firstUtteranceRatio)),
                            (
                                "wholeBookMilliseconds",
                                .number(result.parallelTokenization.sequentialSeconds * 1000)
                            ),
                            (
                                "parallelTokenizationMilliseconds",
                                .number(result.parallelTokenization.parallelSeconds * 1000)
                            ),
                            ("parallelTokenizationRatio", .number(result.parallelTokenization.parallelRatio)),
                            (
                                "parallelTokenizationICURatio",
                                .number(result.parallelTokenization.parallelICURatio)
                            ),
                        ])
                    })
            ),
            ("paginationMilliseconds", .number(book.paginationSeconds * 1000)),
            ("icuLineBreakMilliseconds", .number(book.icuLineSeconds * 1000)),
            ("paginationRatio", .number(book.paginationRatio)),
            ("parallelPaginationMilliseconds", .number(book.parallelPagination.parallelSeconds * 1000)),
            ("parallelPaginationRatio", .number(book.parallelPagination.parallelRatio)),
            ("parallelPaginationRuns", .integer(book.parallelPagination.runs)),
            ("peakMemoryBytes", book.peakMemoryBytes.map { .integer($0) } ?? .null),
            ("memoryRatio", book.memoryRatio.map { .number($0) } ?? .null),
        ])
    }
}

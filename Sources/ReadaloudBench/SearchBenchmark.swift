import Foundation
import TextNavigation
import TextNavigationBooks

/// What the bench measures of search (`bench --search QUERY`): a whole book searched for a
/// query ignoring case and diacritics (``DocumentSearch``, every match), against Foundation's
/// `range(of:options:)` with the same options over the book as one string, in the same run;
/// each the best of the runs.
package struct SearchBenchmark {
    package struct Result {
        let name: String
        let megabytes: Double
        let matches: Int
        let searchSeconds: Double
        let foundationMatches: Int
        let foundationSeconds: Double

        /// One line for people: both timings and their ratio.
        package var line: String {
            let ratio = searchSeconds > 0 ? foundationSeconds / searchSeconds : 0
            return String(
                format:
                    "search: %@, %.1f MB: %d matches in %.1f ms (DocumentSearch, ignoring case and diacritics); Foundation range(of:) with the same options: %d matches in %.1f ms, %.1f× as long",
                name, megabytes, matches, searchSeconds * 1000, foundationMatches, foundationSeconds * 1000, ratio)
        }
    }

    let book: BenchBook
    let query: String
    let repetitions: Int

    package init(book: BenchBook, query: String, repetitions: Int) {
        self.book = book
        self.query = query
        self.repetitions = repetitions
    }

    package func run() throws(BenchError) -> Result {
        let parsed: PlainTextBook
        do {
            parsed = try PlainTextBook(bytes: book.bytes)
        } catch {
            throw BenchError("\(book.name): \(error)", kind: .unusableBook)
        }
        let document = Document(book: parsed, locale: book.locale)
        var matches = 0
        var failure: SearchError?
        let searchSeconds = Stopwatch.best(of: repetitions) {
            do throws(SearchError) {
                matches = Array(try DocumentSearch(for: query, in: document)).count
            } catch {
                failure = error
            }
        }
        if let failure { throw BenchError("the query: \(failure)", kind: .failed) }
        let text = String(decoding: book.bytes, as: UTF8.self)
        var foundationMatches = 0
        let foundationSeconds = Stopwatch.best(of: repetitions) {
            foundationMatches = 0
            var from = text.startIndex
            while let found = text.range(
                of: query, options: [.caseInsensitive, .diacriticInsensitive], range: from..<text.endIndex)
            {
                foundationMatches += 1
                from = found.upperBound
            }
        }
        return Result(
            name: book.name, megabytes: Double(book.bytes.count) / 1_048_576, matches: matches,
            searchSeconds: searchSeconds, foundationMatches: foundationMatches, foundationSeconds: foundationSeconds)
    }
}

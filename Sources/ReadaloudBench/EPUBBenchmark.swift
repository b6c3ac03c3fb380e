import Foundation
import TextNavigation
import TextNavigationBooks

/// What the bench measures on an EPUB book: the time to open it (container, package document,
/// every content document read into blocks, the document made) and the time from opening its
/// file to the first utterance of read-all, each the best of the runs.
package struct EPUBBenchResult {
    let name: String
    let fileBytes: Int
    let elements: Int
    /// UTF-16 units of text.
    let textUnits: Int
    let openSeconds: Double
    let firstUtteranceSeconds: Double
}

package enum EPUBBenchmark {
    /// The EPUB with the most text under `Tests/Fixtures/epub` (the corpus copy), when the
    /// bench runs from the package root.
    package static func largestBundled() -> String? {
        let folder = "Tests/Fixtures/epub"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var best: (path: String, units: Int)?
        for name in names.sorted() where name.hasSuffix(".epub") {
            let path = folder + "/" + name
            guard let book = try? EPUBBook(contentsOf: path) else { continue }
            if book.buffer.count > best?.units ?? -1 { best = (path, book.buffer.count) }
        }
        return best?.path
    }

    /// Measures the book at `path`, best of `repetitions` runs.
    package static func run(path: String, repetitions: Int) throws(BenchError) -> EPUBBenchResult {
        var book: EPUBBook?
        var failure: EPUBError?
        let open = Stopwatch.best(of: repetitions) {
            do throws(EPUBError) {
                let opened = try EPUBBook(contentsOf: path)
                _ = Document(epub: opened)
                book = opened
            } catch {
                failure = error
            }
        }
        guard let book else {
            throw BenchError("\(path): \(failure.map { "\($0)" } ?? "cannot be read")", kind: .unusableBook)
        }
        let first = Stopwatch.best(of: repetitions) {
            guard let opened = try? EPUBBook(contentsOf: path) else { return }
            let session = ReadingSession(document: Document(epub: opened), granularity: .sentence)
            while let event = session.next() {
                if case .utterance = event { break }
            }
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        return EPUBBenchResult(
            name: (path as NSString).lastPathComponent, fileBytes: size ?? 0, elements: book.elementCount,
            textUnits: book.buffer.count, openSeconds: open, firstUtteranceSeconds: first)
    }
}

import Foundation
import Testing

/// The example reader backend (Examples/ReaderBackend), built with the tests and run as a
/// program: the proof that the library's public API is enough to embed it.
@Suite("Example backend")
struct ExampleBackendTests {
    @Test func itReadsAcrossPagesRelaysOutAndSavesASelection() throws {
        let result = try CLIRunner.run([], program: CLIRunner.builtExecutable(named: "readaloud-example-backend"))
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "document: 6 elements on 3 pages")
        // Read all by word: pages turn by themselves, the figure's label is read.
        let events = lines.filter { !$0.hasPrefix("  page ") || $0.contains("image label") }.filter {
            $0.hasPrefix("  ")
        }
        #expect(
            events == [
                "  (heading: Chapter One)", "  -- Page 2 of 3 --", "  -- Page 3 of 3 --",
                "  page 3 element 4 image label: A map of the island", "  (end)",
            ])
        let words = lines.filter { $0.hasPrefix("  page ") && !$0.contains("image label") }
        #expect(words.count == 36)
        #expect(words.contains("  page 2 element 3: rain") && words.last == "  page 3 element 5: end")
        #expect(lines.contains(#"locator in the scanned letter: page 2, before "Dear Sir, the rain\nkept ""#))
        #expect(lines.contains("relaid out at width 30, 2 lines a page: 5 pages; locator at 3:24, page 4"))
        #expect(lines.contains(#"saved selection: "rain\nkept""#))
        #expect(lines.contains(#"listed: example-backend:chapter-one: element 3 14..<23 "rain\nkept" page 4"#))
    }
}

import Foundation
import Testing

/// README's "Embedding in a reader backend" example is a real program
/// (Examples/ReadmeExample/main.swift, the target `readaloud-readme-example`): the README shows
/// that file byte for byte, and the program, built with the tests, prints what the README says.
@Suite("README example")
struct ReadmeExampleTests {
    static let sectionTitle = "## Embedding in a reader backend"
    static let examplePath = "Examples/ReadmeExample/main.swift"

    /// What the example prints: the words of both pages, the page turn between them and the
    /// figure's label, with no page-turn trait set by hand; then the resolved locator.
    static let expectedOutput = [
        "page 1: Chapter", "page 1: One", "(heading: Chapter One)",
        "page 1: It", "page 1: was", "page 1: a", "page 1: bright", "page 1: cold", "page 1: day", "page 1: in",
        "page 1: April",
        "Page 2 of 2",
        "page 2: A map of the island",
        "page 2: The", "page 2: clocks", "page 2: were", "page 2: striking", "page 2: thirteen",
        "(end)",
        "resumed at 3:4, page 2 of 2",
    ]

    /// README's section on embedding, up to the next top-level section.
    static func readmeSection() throws -> Substring {
        let readme = try String(
            contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "\n\(sectionTitle)\n"), "README has no \"\(sectionTitle)\"")
        let rest = readme[start.upperBound...]
        return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }

    /// The contents of the fenced blocks of `language` in `text` (fences at the start of a line),
    /// each line with its line feed.
    static func fencedBlocks(_ language: String, in text: Substring) -> [String] {
        var blocks: [String] = []
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let block = current {
                if line == "```" {
                    blocks.append(block)
                    current = nil
                } else {
                    current = block + line + "\n"
                }
            } else if line == "```\(language)" {
                current = ""
            }
        }
        return blocks
    }

    /// The first line at which `shown` (README's) and `actual` differ, for a failure message.
    static func firstDifference(_ shown: String, _ actual: String) -> String {
        let shownLines = shown.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, (shownLine, actualLine)) in zip(shownLines, actualLines).enumerated()
        where !shownLine.utf8.elementsEqual(actualLine.utf8) {
            return "line \(number + 1): README \"\(shownLine)\", actual \"\(actualLine)\""
        }
        return "README has \(shownLines.count) lines, the actual text \(actualLines.count)"
    }

    @Test func readmeShowsTheExampleFileExactly() throws {
        let section = try Self.readmeSection()
        let listings = Self.fencedBlocks("swift", in: section).filter { $0.hasPrefix("import TextNavigation\n") }
        try #require(listings.count == 1, "README's section shows \(listings.count) programs importing TextNavigation")
        let shown = try #require(listings.first)
        let file = try String(
            contentsOf: CLIRunner.repositoryRoot.appendingPathComponent(Self.examplePath), encoding: .utf8)
        let isIdentical = shown.utf8.elementsEqual(file.utf8)
        #expect(isIdentical, "README's example differs from \(Self.examplePath): \(Self.firstDifference(shown, file))")
    }

    @Test(.tags(.process)) func theExampleReadsAcrossPagesAndResolvesALocator() throws {
        let program = CLIRunner.builtExecutable(named: "readaloud-readme-example")
        let result = try CLIRunner.run([], program: program)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines == Self.expectedOutput)
        // The README shows what the program prints.
        let outputs = Self.fencedBlocks("text", in: try Self.readmeSection())
        try #require(outputs.count == 1, "README's section shows \(outputs.count) text blocks")
        let shown = try #require(outputs.first)
        let isIdentical = shown.utf8.elementsEqual(result.standardOutput.utf8)
        #expect(isIdentical, "README's output differs: \(Self.firstDifference(shown, result.standardOutput))")
    }
}

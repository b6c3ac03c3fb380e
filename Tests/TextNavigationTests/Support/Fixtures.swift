import Foundation
import Testing

/// Files the tests read: the Unicode break test data under `Tests/Fixtures` and the sample
/// books under `Books`, found from this source file's path, never from the working directory.
enum Fixtures {
    /// The repository root: three folders up from `Tests/TextNavigationTests/Support/`.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // TextNavigationTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The UTF-8 text of `path`, relative to the repository root.
    static func text(_ path: String) throws -> String {
        let url = repositoryRoot.appendingPathComponent(path)
        let data = try Data(contentsOf: url)
        guard let text = String(data: data, encoding: .utf8) else {
            throw FixtureError(path: path, line: 0, message: "not valid UTF-8")
        }
        return text
    }

    /// The lines of `path`, numbered from 1 as the Unicode files and the deviation list count.
    static func numberedLines(_ path: String) throws -> [(number: Int, text: String)] {
        try text(path).split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            (number: $0.offset + 1, text: String($0.element))
        }
    }
}

/// A fixture file did not say what the tests expected.
struct FixtureError: Error, CustomStringConvertible {
    let path: String
    let line: Int
    let message: String

    var description: String { "\(path):\(line): \(message)" }
}

/// One test line of a Unicode break test file (`÷ 0061 × 0308 ÷ 0062 ÷`).
struct BreakTestCase: Sendable, CustomTestStringConvertible {
    /// The file the line comes from, such as `WordBreakTest.txt`.
    let file: String
    /// The line number in that file, counted from 1.
    let line: Int
    /// The line's data, without its comment.
    let source: String
    /// The code points of the line.
    let scalars: [Unicode.Scalar]
    /// The UTF-16 offsets of every `÷`, ascending: the text's length included, and 0 but in
    /// LineBreakTest.txt.
    let boundaries: [Int]

    /// The text the line describes.
    var text: String { String(String.UnicodeScalarView(scalars)) }

    /// The UTF-16 length of the text.
    var length: Int { scalars.reduce(0) { $0 + $1.utf16.count } }

    /// The pieces between consecutive boundaries, as UTF-16 ranges.
    var segments: [Range<Int>] { zip(boundaries, boundaries.dropFirst()).map { $0..<$1 } }

    var testDescription: String { "\(file):\(line): \(source)" }

    /// Parses the data part of a test line; `nil` for comment and blank lines.
    init?(file: String, line: Int, text: String) throws {
        let data = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let tokens = data.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !tokens.isEmpty else { return nil }
        self.file = file
        self.line = line
        self.source = tokens.joined(separator: " ")
        var scalars: [Unicode.Scalar] = []
        var boundaries: [Int] = []
        var offset = 0
        for (index, token) in tokens.enumerated() {
            if index % 2 == 0 {
                switch token {
                case "÷": boundaries.append(offset)
                case "×": break
                default:
                    throw FixtureError(path: file, line: line, message: "expected ÷ or ×, found \(token)")
                }
            } else {
                guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw FixtureError(path: file, line: line, message: "bad code point \(token)")
                }
                scalars.append(scalar)
                offset += scalar.utf16.count
            }
        }
        // LineBreakTest.txt starts its lines with × (no break at the start of text, LB2); the
        // others with ÷.
        guard tokens.count % 2 == 1, boundaries.first == 0 || tokens.first == "×", boundaries.last == offset else {
            throw FixtureError(path: file, line: line, message: "a test line starts with ÷ or × and ends with ÷")
        }
        self.scalars = scalars
        self.boundaries = boundaries
    }

    /// Every test line of `Tests/Fixtures/unicode/<file>`.
    static func all(in file: String) throws -> [BreakTestCase] {
        try Fixtures.numberedLines("Tests/Fixtures/unicode/\(file)").compactMap {
            try BreakTestCase(file: file, line: $0.number, text: $0.text)
        }
    }
}

/// `Tests/Fixtures/unicode/icu72-known-deviations.txt`: the test lines where ICU 72's default
/// iterators disagree with the Unicode 15.0 files, as `<file>:<line>: <test line>`.
struct KnownDeviations {
    /// The listed test lines of each file, by line number.
    let lines: [String: [Int: String]]

    static func load() throws -> KnownDeviations {
        let path = "Tests/Fixtures/unicode/icu72-known-deviations.txt"
        var lines: [String: [Int: String]] = [:]
        for (number, text) in try Fixtures.numberedLines(path)
        where !text.hasPrefix("#") && !text.isEmpty {
            let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let line = Int(parts[1]) else {
                throw FixtureError(path: path, line: number, message: "expected <file>:<line>: <test line>")
            }
            let testLine = parts[2].trimmingCharacters(in: .whitespaces)
            lines[String(parts[0]), default: [:]][line] = testLine
        }
        return KnownDeviations(lines: lines)
    }

    /// The listed line numbers of `file`.
    func lineNumbers(of file: String) -> Set<Int> { Set(lines[file, default: [:]].keys) }

    /// Whether `testCase` is listed, after checking that the listed text is that line's text.
    func contains(_ testCase: BreakTestCase) -> Bool {
        guard let listed = lines[testCase.file]?[testCase.line] else { return false }
        #expect(
            listed == testCase.source,
            "the deviation list names \(testCase.file):\(testCase.line) as \(listed)")
        return true
    }
}

/// The test lines of one break-test file that ICU 72 is expected to pass: every line except
/// those `icu72-known-deviations.txt` lists, with the counts a test pins so that a skip can
/// never grow silently.
struct ConformanceRun {
    /// The lines to check, in file order.
    let cases: [BreakTestCase]
    /// How many lines of the file were left out as known deviations.
    let skipped: Int
    /// How many lines the deviations file lists for this file.
    let listed: Int

    init(file: String) throws {
        let deviations = try KnownDeviations.load()
        let all = try BreakTestCase.all(in: file)
        cases = all.filter { !deviations.contains($0) }
        skipped = all.count - cases.count
        listed = deviations.lineNumbers(of: file).count
    }
}

import Foundation
import TextNavigation

/// The EPUB books under `Tests/Fixtures/epub` (copies of the shared corpus), and what the tests
/// need around them: the reference text a Python script extracts, and hostile books built by
/// Python's zipfile.
enum EPUBFixtures {
    /// The corpus books that must read whole.
    static let books = [
        "epubcheck-epub2-minimal.epub", "idpf-childrens-literature.epub", "idpf-cole-voyage-of-life.epub",
        "idpf-hefty-water.epub", "idpf-kusamakura-japanese-vertical-writing.epub",
        "idpf-regime-anticancer-arabic.epub", "w3c-mol-navigation.epub",
    ]

    /// The path of `name` under `Tests/Fixtures/epub`.
    static func path(_ name: String) -> String {
        Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/epub/\(name)").path
    }

    /// Where python3 is, or `nil` when it is missing (tests that need it are skipped).
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs python3 with `script` on `arguments`, `input` on standard input; its standard output.
    static func runPython(_ script: String, arguments: [String] = [], input: Data = Data()) throws -> Data {
        guard let python else { throw FixtureError(path: "python3", line: 0, message: "python3 is missing") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script] + arguments
        let output = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(input)
        try standardInput.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FixtureError(path: script, line: 0, message: "python3 exited \(process.terminationStatus)")
        }
        return data
    }

    /// The text of each linear spine document of `name`, as `extract_text.py` reads it.
    static func referenceText(_ name: String) throws -> [(href: String, text: String)] {
        let script = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/epub/extract_text.py").path
        let data = try runPython(script, arguments: [path(name)])
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The letters and digits of `text`, in order: what must survive reading, whatever the
    /// unit and the white space. Combining marks are left out: one on a punctuation mark (the
    /// Arabic book has a kasra after a parenthesis) is in no word.
    static func lettersAndDigits(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { scalar in
            let category = scalar.properties.generalCategory
            if category == .nonspacingMark || category == .spacingMark || category == .enclosingMark { return false }
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        return String(String.UnicodeScalarView(kept))
    }

    /// The utterances of reading all of `document` by `granularity` from the start.
    static func readAll(_ document: Document, by granularity: TextGranularity) -> [Utterance] {
        let session = ReadingSession(document: document, granularity: granularity)
        var utterances: [Utterance] = []
        while let event = session.next() {
            if case .utterance(let utterance) = event { utterances.append(utterance) }
        }
        return utterances
    }
}

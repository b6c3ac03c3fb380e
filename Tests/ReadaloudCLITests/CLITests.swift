import Foundation
import Testing

/// The CLI's contract, checked on the built binary: exact output and exit codes.
@Suite(.tags(.process)) struct CLITests {
    @Test func unitsPrintsOneWordPerLine() throws {
        let file = try CLIRunner.temporaryFile(Array("Hello, world! It's 3.5 km.\n\nNext one.".utf8))
        let result = try CLIRunner.run(["units", file, "--granularity", "word"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "Hello\nworld\nIt's\n3.5\nkm\nNext\none\n")
        #expect(result.standardError.isEmpty)
    }

    @Test func aMalformedLocaleIsAUsageErrorThatSaysWhy() throws {
        let file = try CLIRunner.temporaryFile(Array("Hello.\n".utf8))
        let result = try CLIRunner.run([file, "--locale", "en-"])
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "Error: --locale: 'en-' is not a valid locale id (U_ILLEGAL_ARGUMENT_ERROR)\n")
    }

    @Test func unitsWithOffsetsNumbersParagraphsAndUTF16Ranges() throws {
        let file = try CLIRunner.temporaryFile(Array("Mr. Smith met Dr. Jones. He left.\n\n😀 ok.".utf8))
        let result = try CLIRunner.run(["units", file, "--granularity", "sentence", "--offsets"])
        #expect(result.standardOutput == "0\t0\t24\tMr. Smith met Dr. Jones.\n0\t25\t33\tHe left.\n1\t0\t6\t😀 ok.\n")
    }

    @Test func japaneseWordsComeFromTheDictionary() throws {
        let file = try CLIRunner.temporaryFile(Array("私は東京大学で日本語を勉強しています。".utf8))
        let result = try CLIRunner.run(["units", file, "--granularity", "word", "--locale", "ja"])
        #expect(result.standardOutput == "私\nは\n東京\n大学\nで\n日本語\nを\n勉強\nし\nてい\nます\n")
    }

    @Test func softWrapsReadAsOneParagraph() throws {
        let file = try CLIRunner.temporaryFile(Array("The rabbit ran\r\ndown the hole.\r\n\r\n中文的句\r\n子。".utf8))
        let result = try CLIRunner.run(["units", file, "--granularity", "paragraph"])
        #expect(result.standardOutput == "The rabbit ran down the hole.\n中文的句子。\n")
    }

    @Test func unitsPrintsLaidOutLinesWithoutTrailingSpaces() throws {
        let file = try CLIRunner.temporaryFile(Array("The quick brown fox jumps over the lazy dog.\n\n日本語の文章です。".utf8))
        let result = try CLIRunner.run(["units", file, "--granularity", "line", "--width", "10", "--locale", "ja"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "The quick\nbrown fox\njumps over\nthe lazy\ndog.\n日本語の文\n章です。\n")
    }

    @Test func probePrintsBothDirectionsAtEveryBoundary() throws {
        let file = try CLIRunner.temporaryFile(Array("foo bar".utf8))
        let result = try CLIRunner.run(["probe", file, "--granularity", "word"])
        let lines = result.standardOutput.split(separator: "\n")
        try #require(lines.count == 16)
        #expect(lines[6] == "0\t3\tforward\t0\t1\t4\t-")
        #expect(lines[7] == "0\t3\tbackward\t1\t0\t0\t0-3")
    }

    @Test func readAllTurnsPagesToTheLastPage() throws {
        let result = try CLIRunner.run([
            CLIRunner.book("alice-in-wonderland.txt"), "--granularity", "word", "--format", "jsonl", "--width", "60",
            "--lines-per-page", "40",
        ])
        #expect(result.status == 0)
        let events = result.standardOutput.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
        }
        let turns = events.filter { $0["type"] as? String == "pageTurn" }
        #expect(!turns.isEmpty)
        for (index, turn) in turns.enumerated() {
            #expect(turn["from"] as? Int == index + 1)
            #expect(turn["to"] as? Int == index + 2)
        }
        let last = turns.last?["to"] as? Int ?? 0
        #expect(turns.last?["announcement"] as? String == "Page \(last) of \(last)")
        #expect(events.last?["type"] as? String == "end")
        let first = events.first { $0["type"] as? String == "utterance" }
        #expect(first?["text"] as? String == "Illustration")
        #expect(first?["locator"] is [String: Any])
    }

    @Test func readingResumesFromAPrintedLocator() throws {
        let book = CLIRunner.book("alice-in-wonderland.txt")
        let all = try CLIRunner.run([book, "--format", "jsonl"]).standardOutput.split(separator: "\n")
        let utterances = all.filter { $0.contains(#""type":"utterance""#) }
        try #require(utterances.count > 500)
        let middle = try #require(
            try JSONSerialization.jsonObject(with: Data(utterances[500].utf8)) as? [String: Any])
        let locator = try JSONSerialization.data(withJSONObject: try #require(middle["locator"]))
        // A plain-text book's locator keeps where its element's text starts in the file: the
        // utterance's text is there (the middle utterance starts its paragraph or is inside it).
        let source = try #require((middle["locator"] as? [String: Any])?["source"] as? Int)
        let bytes = try #require(FileManager.default.contents(atPath: book))
        let text = try #require(middle["text"] as? String)
        #expect(String(decoding: bytes[source...].prefix(100_000), as: UTF8.self).contains(text.prefix(20)))
        let resumed = try CLIRunner.run([book, "--from", String(decoding: locator, as: UTF8.self), "--width", "40"])
        #expect(resumed.status == 0)
        // After the "  Page N of M" line that begins every reading, the unit the locator names.
        let lines = resumed.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("  Page ") == true)
        #expect(lines.dropFirst().first.map(String.init) == middle["text"] as? String)
    }

    @Test func usageErrorsPrintTheUsageAndExit64() throws {
        let unknown = try CLIRunner.run(["units", "x.txt", "--granularity", "chapter"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.hasPrefix("Error: 'chapter' is not a valid value for '--granularity'"))
        #expect(unknown.standardError.contains("\nUsage: readaloud units <book>"))
        let missing = try CLIRunner.run(["units"])
        #expect(missing.status == 64)
        #expect(missing.standardError.hasPrefix("Error: missing expected argument '<book>'"))
        let both = try CLIRunner.run([CLIRunner.book("rashomon.txt"), "--page", "2", "--from", "{}"])
        #expect(both.status == 64)
        #expect(both.standardOutput.isEmpty)
    }

    @Test(arguments: [
        ("missing", 66, "Error: no such file: "),
        ("directory", 66, " is a directory, not a book file"),
        ("empty", 65, ": the file is empty"),
        ("binary", 65, ": this looks like a binary file, not text (NUL byte at byte offset 3)"),
        ("invalid", 65, ": invalid UTF-8 at byte offset 4: "),
        ("blank", 65, " has no text to read (only white space)"),
    ])
    func badInputGetsOneClearLine(kind: String, status: Int32, message: String) throws {
        let path: String
        switch kind {
        case "missing": path = "/nonexistent/book.txt"
        case "directory": path = CLIRunner.repositoryRoot.appendingPathComponent("Books").path
        case "empty": path = try CLIRunner.temporaryFile([])
        case "binary": path = try CLIRunner.temporaryFile([0x61, 0x62, 0x63, 0x00, 0x64])
        case "invalid": path = try CLIRunner.temporaryFile(Array("abcd".utf8) + [0xC3, 0x28])
        default: path = try CLIRunner.temporaryFile(Array(" \n\t\n".utf8))
        }
        let result = try CLIRunner.run([path])
        #expect(result.status == status)
        #expect(result.standardError.contains(message))
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardOutput.isEmpty)
    }

    @Test func lossyReplacesBadBytes() throws {
        let path = try CLIRunner.temporaryFile(Array("abc".utf8) + [0xFF] + Array(" def".utf8))
        let result = try CLIRunner.run(["units", path, "--lossy", "--granularity", "paragraph"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "abc\u{FFFD} def\n")
    }

    @Test func standardInputIsReadWithADash() throws {
        let result = try CLIRunner.run(["units", "-", "--granularity", "word"], input: Data("one two".utf8))
        #expect(result.standardOutput == "one\ntwo\n")
    }

    @Test func helpAndVersion() throws {
        let help = try CLIRunner.run(["units", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("OVERVIEW: "))
        #expect(help.standardOutput.contains("--granularity <G>"))
        let version = try CLIRunner.run(["--version"])
        #expect(version.standardOutput.hasPrefix("readaloud "))
    }

    /// `--version` anywhere on the command line prints the version, exits 0 and reads
    /// nothing; after `--` it is a book's name.
    @Test func versionAnywhereOnTheCommandLine() throws {
        let alone = try CLIRunner.run(["--version"])
        #expect(alone.status == 0)
        let book = CLIRunner.book("alice-in-wonderland.txt")
        for arguments in [
            [book, "--version"], ["--version", book], [book, "--granularity", "word", "--version"],
            ["units", book, "--version"], ["serve", "--version"], [book, "-i", "--version"],
        ] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.standardOutput == alone.standardOutput, "\(arguments)")
            #expect(result.standardError == "", "\(arguments)")
        }
        let named = try CLIRunner.run(["--", "--version"])
        #expect(named.status != 0)
        #expect(!named.standardOutput.hasPrefix("readaloud "))
    }
}

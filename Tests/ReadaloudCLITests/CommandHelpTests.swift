import Foundation
import Testing

/// Help says what the tool does, and text output keeps its one-record-a-line shape.
@Suite(.tags(.process)) struct CommandHelpTests {
    static func help(_ command: String) throws -> String {
        let result = try CLIRunner.run([command, "--help"])
        #expect(result.status == 0)
        return result.standardOutput
    }

    @Test(arguments: ["save", "saved", "unsave"])
    func selectionCommandsDoNotOfferStandardInput(command: String) throws {
        let help = try Self.help(command)
        #expect(!help.contains("standard input") || help.contains("not standard input"))
        #expect(!help.contains("or -"))
        // And `-` is refused with a usage error saying why.
        let arguments = command == "unsave" ? [command, "-", UUID().uuidString] : [command, "-"]
        let result = try CLIRunner.run(
            arguments + (command == "save" ? ["--at", "{}"] : []), input: Data("Some text.".utf8))
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: saved selections belong to a book file, not standard input"))
    }

    @Test func theMainHelpListsEverySubcommand() throws {
        let help = try CLIRunner.run(["--help"]).standardOutput
        for name in ["units", "probe", "search", "bench", "save", "saved", "unsave", "serve", "render", "export"] {
            #expect(help.contains("\n  \(name) ") || help.contains("  \(name)  "), "\(name) is not in --help")
            let own = try CLIRunner.run([name, "--help"])
            #expect(own.status == 0 && own.standardOutput.contains("USAGE: readaloud \(name)"), "\(name) --help")
        }
    }

    @Test func saveNeedsAtOrAnnotation() throws {
        let help = try Self.help("save")
        #expect(
            help.contains("USAGE: readaloud save <book> [--at <LOCATOR>] [--annotation <FILE>] [--granularity <G>]"))
        let missing = try CLIRunner.run(["save", CLIRunner.book("rashomon.txt")])
        #expect(missing.status == 64)
        #expect(
            missing.standardError.hasPrefix(
                "Error: missing '--at <LOCATOR>' (or '--annotation <FILE>')\nUsage: readaloud save <book> [--at "))
    }

    /// Every option's value is checked with the command line, before the command opens its book:
    /// a number out of its range is a usage error (64) even when the book is missing (which
    /// would be 66), for every command that takes numbers.
    @Test(arguments: [
        ["units", "missing.txt", "--width", "0"], ["missing.txt", "--lines-per-page", "0"],
        ["missing.txt", "--speak", "--rate", "500"], ["serve", "--max-message-bytes", "10"],
        ["bench", "--book", "missing.txt", "--queries", "0"],
    ])
    func numbersOutOfRangeAreUsageErrorsBeforeTheBookIsRead(arguments: [String]) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: '"), "\(result.standardError)")
        #expect(result.standardError.contains("is not a valid value for '--"), "\(result.standardError)")
    }

    @Test func unitsOverviewListsEveryGranularityItTakes() throws {
        let help = try Self.help("units")
        // The list in brackets: "(character, word, sentence, line, paragraph)".
        let overview = try #require(
            help.split(separator: "\n").first?.split(separator: "(").dropFirst().first?.split(separator: ")").first)
        let values = try #require(help.split(separator: "\n").first { $0.hasPrefix("  --granularity") })
        for granularity in ["character", "word", "sentence", "line", "paragraph"] {
            #expect(overview.contains(granularity), "\(overview)")
            #expect(values.contains(granularity))
        }
    }

    /// A note (or a selected text) with tabs, line breaks and backslashes prints escaped: one
    /// record a line, five tab-separated fields.
    @Test func aNoteWithATabOrALineBreakKeepsOneRecordALine() throws {
        let book = try CLIRunner.temporaryFile(Array("A first sentence. A second one.\n".utf8))
        let store = try CLIRunner.temporaryDirectory().appendingPathComponent("s.sqlite").path
        let read = try CLIRunner.run([book, "--format", "jsonl"])
        let utterance = try #require(
            read.standardOutput.split(separator: "\n").lazy.compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }.first { $0["type"] as? String == "utterance" })
        let locator = String(
            decoding: try JSONSerialization.data(withJSONObject: try #require(utterance["locator"])), as: UTF8.self)
        let note = "tab\there\nnew line\r\nback\\slash\u{2028}\u{85}\"end\""
        let save = try CLIRunner.run(["save", book, "--at", locator, "--note", note, "--store", store])
        #expect(save.status == 0, "\(save.standardError)")
        let listed = try CLIRunner.run(["saved", book, "--store", store])
        #expect(listed.status == 0)
        let lines = listed.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2)  // one record, then the empty string after the last line break
        let fields = try #require(lines.first).split(separator: "\t", omittingEmptySubsequences: false)
        try #require(fields.count == 5)
        #expect(fields[3] == "A first sentence.")
        #expect(fields[4] == #"tab\there\nnew line\r\nback\\slash\u2028\u0085"end""#)
        // JSON Lines keeps the note as it is.
        let json = try CLIRunner.run(["saved", book, "--store", store, "--format", "jsonl"])
        let object = try #require(
            json.standardOutput.split(separator: "\n").first.flatMap {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            })
        #expect(object["note"] as? String == note)
    }

    /// In text output, "Heading" after a heading is told from a paragraph that reads "Heading":
    /// lines the reader adds begin with two spaces, and book text never does.
    @Test func aHeadingIsToldApartFromBookText() throws {
        let book = try CLIRunner.temporaryFile(Array("# Title\n\nHeading\n\n   Indented text.\n".utf8))
        let result = try CLIRunner.run([book])
        #expect(result.status == 0)
        #expect(result.standardOutput == "  Page 1 of 1\nTitle\n  Heading\nHeading\nIndented text.\n")
    }
}

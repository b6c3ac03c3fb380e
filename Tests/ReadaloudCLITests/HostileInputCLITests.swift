import Foundation
import Testing

/// Hostile input through the `readaloud` binary, each run bounded by a deadline (`timeout`
/// kills a run that hangs, and the test fails with status 124): a clear error with exit code 65,
/// or the text read with exit code 0. Never a crash, never a hang.
@Suite("Reliability: hostile input through the CLI")
struct HostileInputCLITests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        /// The exit code of `readaloud units` and of `readaloud BOOK`.
        let status: Int32
        /// Words standard error must hold (exit 65), or a line `units --granularity word` prints.
        let expected: String

        var testDescription: String { name }

        init(_ name: String, _ bytes: [UInt8], _ status: Int32, _ expected: String) {
            self.name = name
            self.bytes = bytes
            self.status = status
            self.expected = expected
        }

        init(_ name: String, _ text: String, _ status: Int32, _ expected: String) {
            self.init(name, Array(text.utf8), status, expected)
        }
    }

    static let cases: [Case] = [
        Case("overlong encoding", [0x61, 0x62, 0xC0, 0xAF, 0x63], 65, "invalid UTF-8 at byte offset 2"),
        Case("surrogate code point", [0x61, 0x20, 0xED, 0xA0, 0x80], 65, "invalid UTF-8 at byte offset 2"),
        Case("truncated sequence", [0x68, 0x69, 0x20, 0xF0, 0x9F, 0x98], 65, "invalid UTF-8 at byte offset 3"),
        Case("stray continuation byte", [0x61, 0x80, 0x62], 65, "invalid UTF-8 at byte offset 1"),
        Case("NUL byte", [0x61, 0x00, 0x62], 65, "NUL byte at byte offset 1"),
        Case("empty", [], 65, "empty"),
        Case("only white space", " \t \u{A0}\u{3000} ", 65, "only white space"),
        Case("only newlines", "\n\n\r\n\r", 65, "only white space"),
        Case("lone CR", "One\rtwo.\r\rThree.", 0, "Three"),
        Case("NEL", "Before.\u{85}After.", 0, "After"),
        Case("U+2028", "One\u{2028}two.", 0, "two"),
        Case("U+2029", "One.\u{2029}Two.", 0, "Two"),
        Case("form feed", "One.\u{0C}Two.", 0, "Two"),
        Case("vertical tab", "One\u{0B}two.", 0, "two"),
        Case("BOM in mid-text", "\u{FEFF}Start \u{FEFF}end.", 0, "Start"),
        Case("unpaired bidi controls", "abc \u{202E}def \u{2066}ghi jkl", 0, "jkl"),
        Case("1,000 combining marks", "a" + String(repeating: "\u{301}", count: 1000) + " b", 0, "b"),
        Case("ZWJ chain", String(repeating: "👩\u{200D}", count: 300) + "👩 end", 0, "end"),
        Case("emoji newer than ICU", "New 🫩 🫆 🐦\u{200D}🔥 here", 0, "here"),
    ]

    @Test(arguments: cases)
    func givesAClearErrorOrReads(input: Case) throws {
        let file = try CLIRunner.temporaryFile(input.bytes)
        for arguments in [["units", file, "--granularity", "word"], [file, "--format", "jsonl", "--width", "1"]] {
            let result = try Self.run(arguments)
            #expect(result.status == input.status, "\(arguments): \(result.standardError)")
            if input.status == 65 {
                #expect(result.standardError.hasPrefix("Error: "))
                #expect(result.standardError.contains(input.expected), "\(result.standardError)")
                #expect(result.standardOutput.isEmpty)
            } else if arguments[0] == "units" {
                #expect(result.standardOutput.split(separator: "\n").contains { $0 == input.expected })
            } else {
                #expect(result.standardOutput.hasSuffix("{\"type\":\"end\"}\n"))
            }
        }
        if input.status == 65, input.expected.hasPrefix("invalid UTF-8") {
            let lossy = try Self.run(["units", file, "--lossy", "--granularity", "sentence"])
            #expect(lossy.status == 0)
            #expect(lossy.standardOutput.contains("\u{FFFD}"))
        }
    }

    /// A 10 MB book on one line, read by sentence to the end within the deadline.
    @Test func aTenMegabyteSingleLineIsReadToTheEnd() throws {
        let sentence = Array("The quick brown fox jumps over the lazy dog. ".utf8)
        let count = 10_000_000 / sentence.count
        let file = try CLIRunner.temporaryFile(Array([[UInt8]](repeating: sentence, count: count).joined()))
        let result = try Self.run(["units", file, "--granularity", "sentence"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == count)
        #expect(lines.last == "The quick brown fox jumps over the lazy dog.")
    }

    /// Runs `readaloud arguments...` under `timeout`, with standard output in a file (10 MB of
    /// output must not block the child). A run past the deadline exits 124.
    static func run(_ arguments: [String], deadline: Int = 300) throws -> CLIRunner.Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readaloud-hostile-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("stdout")
        let errors = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["--kill-after=10", "\(deadline)", CLIRunner.executable.path] + arguments
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return CLIRunner.Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }
}

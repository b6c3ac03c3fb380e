import Foundation
import Testing

/// Hostile input through the `readaloud` binary, each run bounded by a deadline (`timeout`
/// kills a run that hangs, and the test fails with status 124): a clear error with exit code 65,
/// or the text read with exit code 0. Never a crash, never a hang.
@Suite("Reliability: hostile input through the CLI", .tags(.process))
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

    /// A book on one line, read by sentence to the end within the deadline: 10 MB in the full
    /// sweep, 1 MB by default (the same path through the reader, a tenth of the time).
    @Test(.tags(.timing)) func aTenMegabyteSingleLineIsReadToTheEnd() throws {
        let sentence = Array("The quick brown fox jumps over the lazy dog. ".utf8)
        let count = (FullTests.isRequested ? 10_000_000 : 1_000_000) / sentence.count
        let file = try CLIRunner.temporaryFile(Array([[UInt8]](repeating: sentence, count: count).joined()))
        let result = try Self.run(["units", file, "--granularity", "sentence"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == count)
        #expect(lines.last == "The quick brown fox jumps over the lazy dog.")
    }

    // MARK: Faults around the input

    /// A book truncated while it loads (from another process, at different moments: eight in
    /// the full sweep, three spread over the same span by default) ends with exit 0 (the load
    /// was done, or began after the truncation) or 65 naming the file; never a signal. A mapped
    /// file raised SIGBUS here, most tries.
    @Test(.tags(.timing)) func aBookTruncatedWhileItLoadsNeverCrashes() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alice = try Data(contentsOf: URL(fileURLWithPath: CLIRunner.book("alice-in-wonderland.txt")))
        let big = Data([Data](repeating: alice, count: 60).joined())  // 9 MB
        let path = folder.appendingPathComponent("book.txt").path
        var outcomes: [Int32] = []
        for attempt in FullTests.isRequested ? Array(0..<8) : [0, 3, 7] {
            try big.write(to: URL(fileURLWithPath: path))
            let process = Process()
            process.executableURL = CLIRunner.executable
            process.arguments = ["units", path, "--granularity", "paragraph"]
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            Thread.sleep(forTimeInterval: 0.005 + 0.015 * Double(attempt))
            let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try file.truncate(atOffset: 1000)
            try file.close()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "attempt \(attempt): signal \(process.terminationStatus)")
            #expect([0, 65].contains(process.terminationStatus), "attempt \(attempt): \(message)")
            if process.terminationStatus == 65 {
                #expect(message.hasPrefix("Error: \(path) changed while it was being read"), "\(message)")
                #expect(message.split(separator: "\n").count == 1)
            }
            outcomes.append(process.terminationStatus)
        }
        print("truncated while loading: exit statuses \(outcomes)")
    }

    /// Endless input stops at the first chunk: standard input from `/dev/zero` (it grew without
    /// bound, then crashed in a `try!`), and `/dev/zero` and `/dev/urandom` by path (read for
    /// 2 GiB first). Under a 1 GB address-space limit, so the old growth fails fast (not under
    /// AddressSanitizer, which needs far more address space for itself).
    @Test(arguments: ["- < /dev/zero", "/dev/zero", "/dev/urandom", "units - < /dev/urandom"])
    func endlessInputStopsAtItsFirstNUL(input: String) throws {
        let limit = CLIRunner.isAddressSanitized ? "" : "ulimit -v 1000000; "
        let result = try Self.shell(limit + "exec timeout 60 \"$READALOUD\" \(input)")
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains("binary file, not text (NUL byte at byte offset"))
    }

    /// A UTF-16 file is named as UTF-16, with the way out, not called binary.
    @Test func aUTF16FileIsNamedAsUTF16() throws {
        let file = try CLIRunner.temporaryFile([0xFF, 0xFE] + Array("Hello.".utf16).flatMap { [UInt8($0), 0] })
        let result = try Self.run([file])
        #expect(result.status == 65)
        #expect(result.standardError.contains("UTF-16LE"))
        #expect(result.standardError.contains("convert it to UTF-8"))
        #expect(!result.standardError.contains("binary"))
    }

    /// A symbolic link loop and a path whose bytes are not UTF-8 are said as what they are.
    @Test func pathsAreReportedAsWhatTheyAre() throws {
        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("loop1").path
        let second = folder.appendingPathComponent("loop2").path
        try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: second)
        try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: first)
        let loop = try Self.run([first])
        #expect(loop.status == 66)
        #expect(loop.standardError.contains("symbolic link loop"), "\(loop.standardError)")
        let nonUTF8 = try Self.shell(
            "cd '\(folder.path)' && f=$(printf 'caf\\351.txt') && echo 'A book.' > \"$f\" && exec \"$READALOUD\" \"$f\""
        )
        #expect(nonUTF8.status == 66)
        #expect(nonUTF8.standardError.contains("not valid UTF-8"), "\(nonUTF8.standardError)")
        #expect(!nonUTF8.standardError.contains("no such file"))
    }

    // MARK: Faults around the output

    /// Terminal controls from the book never reach a terminal raw: text output of read-all,
    /// `units` and `saved` shows them as control pictures (ESC as ␛, the 8-bit CSI as ␛[, DEL as
    /// ␡); JSON Lines escapes them.
    @Test func controlCharactersAreShownNotObeyed() throws {
        let text =
            "Clear\u{1B}[2J\u{1B}[H now. Title\u{1B}]0;pwned\u{07} set. Clip\u{1B}]52;c;SGk=\u{1B}\\ board. "
            + "Red\u{9B}31m text. DEL\u{7F} and query\u{1B}[6n.\n"
        let file = try CLIRunner.temporaryFile(Array(text.utf8))
        let store = try CLIRunner.temporaryDirectory().appendingPathComponent("s.sqlite").path
        let locator = #"{"type":"readaloud.locator","version":1,"element":0,"offset":0}"#
        let save = try Self.run(["save", file, "--at", locator, "--granularity", "paragraph", "--store", store])
        #expect(save.status == 0, "\(save.standardError)")
        for arguments in [[file], ["units", file, "--granularity", "sentence"], ["saved", file, "--store", store]] {
            let result = try Self.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            let scalars = result.standardOutput.unicodeScalars
            #expect(
                !scalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F..<0xA0).contains($0.value) })
            #expect(result.standardOutput.contains("Clear␛[2J␛[H now."), "\(arguments)")
            #expect(result.standardOutput.contains("Red␛[31m text."), "\(arguments)")
            #expect(result.standardOutput.contains("DEL␡ and query␛[6n."), "\(arguments)")
        }
        let jsonl = try Self.run([file, "--format", "jsonl"])
        #expect(jsonl.standardOutput.contains(#"Clear\u001b[2J"#))
        #expect(jsonl.standardOutput.contains(#"Red\u009b31m"#))
        #expect(!jsonl.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x9B })
    }

    /// A failed write to standard output is an error, one line and exit 74: a full device, a
    /// closed descriptor. (A closed pipe stays quiet: `StopAndPipeTests`.)
    @Test(arguments: ["> /dev/full", ">&-", "units BOOK > /dev/full", "saved BOOK --store STORE > /dev/full"])
    func aFailedWriteIsAnError(redirection: String) throws {
        let book = CLIRunner.book("alice-in-wonderland.txt")
        let store = try CLIRunner.temporaryDirectory().appendingPathComponent("s.sqlite").path
        let locator = #"{"type":"readaloud.locator","version":1,"element":5,"offset":0}"#
        #expect(try Self.run(["save", book, "--at", locator, "--store", store]).status == 0)
        let command =
            redirection.contains("BOOK")
            ? redirection.replacingOccurrences(of: "BOOK", with: "'\(book)'").replacingOccurrences(
                of: "STORE", with: "'\(store)'")
            : "'\(book)' \(redirection)"
        let result = try Self.shell("exec \"$READALOUD\" \(command)")
        #expect(result.status == 74, "\(command): \(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: cannot write to standard output"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    /// SIGTERM and SIGHUP stop read-all as Ctrl-C does: the resume locator, exit 128 + the signal.
    @Test(arguments: [[SIGTERM, 143], [SIGHUP, 129], [SIGINT, 130]] as [[Int32]])
    func aStopSignalPrintsWhereToResume(pair: [Int32]) throws {
        let (signal, status) = (pair[0], pair[1])
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = [CLIRunner.book("alice-in-wonderland.txt"), "--granularity", "word", "--format", "jsonl"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The child blocks once the pipe is full, mid-book; the signal then waits for the reader.
        var received = output.fileHandleForReading.readData(ofLength: 4096)
        kill(process.processIdentifier, signal)
        received.append(output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == status)
        let last = String(decoding: received, as: UTF8.self).split(separator: "\n").last ?? ""
        #expect(last.hasPrefix(#"{"type":"stopped","locator":{"#), "\(last)")
    }

    // MARK: Exit codes and their words

    /// Locators that are not: a fractional offset and `null` are said in a sentence.
    @Test func badLocatorsAreSaidInASentence() throws {
        let book = CLIRunner.book("alice-in-wonderland.txt")
        let fractional = #"{"type":"readaloud.locator","version":1,"element":0,"offset":33.5}"#
        let cases = [
            (fractional, "not a valid locator: offset must be an integer"),
            ("null", "not a valid locator: it is null"),
            ("[1, 2]", "not a valid locator: it is a JSON array"),
            ("{", "not a valid locator: it is not JSON"),
        ]
        for (locator, expected) in cases {
            let result = try Self.run([book, "--from", locator])
            #expect(result.status == 65)
            #expect(result.standardError.contains(expected), "\(locator): \(result.standardError)")
            #expect(!result.standardError.contains("DecodingError"))
        }
    }

    /// Store failures use documented codes: 73 for a path that cannot hold a store (a device),
    /// 65 for a damaged one, 66 for a selection that is not there; `saved` and `unsave` on a
    /// store that does not exist create nothing.
    @Test func storeFailuresUseDocumentedCodesAndReadingCreatesNothing() throws {
        let book = CLIRunner.book("alice-in-wonderland.txt")
        let journalExisted = FileManager.default.fileExists(atPath: "/dev/null-journal")
        let device = try Self.run(["saved", book, "--store", "/dev/null"])
        #expect(device.status == 73, "\(device.standardError)")
        #expect(device.standardError.contains("not a regular file"))
        if !journalExisted { #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal")) }

        let folder = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = folder.appendingPathComponent("one.txt")
        try Data("Q".utf8).write(to: one)
        let target = folder.appendingPathComponent("target.txt")
        try Data("Q".utf8).write(to: target)
        let link = folder.appendingPathComponent("link.sqlite")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        for store in [link, one] {
            let result = try Self.run(["saved", book, "--store", store.path])
            #expect(result.status == 65, "\(result.standardError)")
            #expect(result.standardError.contains("moved aside"))
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".corrupt-") }
        #expect(kept.count == 2)
        for name in kept + ["target.txt"] {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == Data("Q".utf8), "\(name)")
        }

        let missing = folder.appendingPathComponent("new/dir/s.sqlite")
        let listed = try Self.run(["saved", book, "--store", missing.path])
        #expect(listed.status == 0 && listed.standardOutput.isEmpty)
        let id = "6f1b7a0e-0000-4000-8000-000000000000"
        let removed = try Self.run(["unsave", book, id, "--store", missing.path])
        #expect(removed.status == 66)
        #expect(removed.standardError == "Error: this book has no saved selection \(id)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new").path))
    }

    /// Every exit status the tool can give is in docs/cli.md's list (1 was used for every store
    /// failure, and listed nowhere).
    @Test func everyExitCodeIsListedInTheCommandLineDocs() throws {
        let source = try String(
            contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("Sources/readaloud/Arguments/ExitCode.swift"),
            encoding: .utf8)
        let codes = source.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("case "), let equals = line.firstIndex(of: "=") else { return nil }
            return line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
        #expect(codes.count >= 5)
        let docs = try String(
            contentsOf: CLIRunner.repositoryRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let rest = docs[try #require(docs.range(of: "Exit codes")).lowerBound...]
        let paragraph = rest.range(of: "\n\n").map { rest[..<$0.lowerBound] } ?? rest
        let listed = Set(paragraph.split { !$0.isNumber }.map(String.init))
        for code in codes {
            #expect(listed.contains(code), "exit code \(code) is not in docs/cli.md's list")
        }
    }

    /// Runs `script` under `/bin/sh` with `$READALOUD` set to the binary, standard output and
    /// error in files.
    static func shell(_ script: String) throws -> CLIRunner.Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readaloud-shell-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("stdout")
        let errors = folder.appendingPathComponent("stderr")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec 2>'\(errors.path)'; \(script)"]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["READALOUD": CLIRunner.executable.path]) { $1 }
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return CLIRunner.Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            standardError: String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self))
    }

    /// Runs `readaloud arguments...` under `timeout`, with standard output in a file (10 MB of
    /// output must not block the child). A run past the deadline exits 124.
    static func run(_ arguments: [String], deadline: Int = 300) throws -> CLIRunner.Result {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        return try shell("exec timeout --kill-after=10 \(deadline) \"$READALOUD\" " + quoted.joined(separator: " "))
    }
}

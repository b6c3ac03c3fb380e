import Foundation
import Testing

/// `readaloud export` with bad input and faults: an output that exists, a missing engine, a
/// disk that fills up (a file size limit), a stop and `--resume`, a book without headings.
@Suite(.tags(.process)) struct ExportFaultTests {
    @Test func anExistingOutputIsRefusedWithoutForce() throws {
        let (book, directory) = try ExportTests.tinyBook()
        let out = directory.appendingPathComponent("there.srt")
        try Data("keep me".utf8).write(to: out)
        let result = try CLIRunner.run(["export", book, "--to", out.path])
        #expect(result.status == 73)
        #expect(result.standardError.contains("--force"))
        #expect(try Data(contentsOf: out) == Data("keep me".utf8))
    }

    @Test func aMissingEngineExits69BeforeAnyWork() throws {
        let (book, directory) = try ExportTests.tinyBook()
        let out = directory.appendingPathComponent("none.m4b")
        let result = try CLIRunner.run(
            ["export", book, "--to", out.path],
            environment: ["READALOUD_ESPEAK_LIBRARY": "/nonexistent/libespeak-ng.so"])
        #expect(result.status == 69, "\(result.standardError)")
        #expect(result.standardError.contains("espeak-ng"))
        #expect(!FileManager.default.fileExists(atPath: out.path + ".partial"))
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let (book, directory) = try ExportTests.tinyBook()
        let result = try CLIRunner.run(["export", book, "--to", directory.appendingPathComponent("x.doc").path])
        #expect(result.status == 64)
    }

    /// A file size limit (`ulimit -f`, in 512-byte blocks) makes writes fail as a full disk does.
    @Test(.needsSpeechEngine) func aFullDiskExits74AndLeavesNoPartialFile() throws {
        let (book, directory) = try ExportTests.tinyBook()
        let out = directory.appendingPathComponent("full.m4b")
        let readaloud = CLIRunner.executable.path
        let result = try CLIRunner.run(
            ["-c", "ulimit -f 200; exec \"$0\" export \"$1\" --to \"$2\"", readaloud, book, out.path],
            program: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 74, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(!FileManager.default.fileExists(atPath: out.path + ".tmp"))
    }

    @Test(.needsSpeechEngine) func resumeKeepsFinishedChaptersAndGivesTheSameOutput() throws {
        let (book, directory) = try ExportTests.tinyBook()
        let whole = directory.appendingPathComponent("whole.srt")
        _ = try ExportTests.export(book, to: whole)
        // A stopped run: chapter 2 finished, the others not (as a Ctrl-C leaves the cache).
        let out = directory.appendingPathComponent("resumed.srt")
        let first = try CLIRunner.run(["export", book, "--to", out.path, "--jobs", "1"])
        #expect(first.status == 0)
        let cache = URL(fileURLWithPath: out.path + ".partial")
        #expect(!FileManager.default.fileExists(atPath: cache.path), "the cache goes once the output is written")
        try FileManager.default.removeItem(at: out)
        // Make the cache of a stopped run by hand: only the plan and chapter 2 left.
        let stopped = try CLIRunner.run(
            [
                "-c",
                "\"$0\" export \"$1\" --to \"$2\" --jobs 1 --format jsonl & pid=$!; "
                    + "while [ ! -f \"$2.partial/chapter-1.json\" ]; do sleep 0.05; done; kill -INT $pid; wait $pid",
                CLIRunner.executable.path, book, out.path,
            ], program: URL(fileURLWithPath: "/bin/sh"))
        #expect(stopped.status == 130, "\(stopped.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("chapter-1.json").path))
        let resumed = try ExportTests.export(book, to: out, ["--resume", "--format", "jsonl"])
        let progress = resumed.standardOutput.split(separator: "\n").filter { $0.contains(#""type":"progress""#) }
        #expect(!progress.contains { $0.contains(#""chapter":1,"#) }, "chapter 1 is kept, not made again")
        #expect(try Data(contentsOf: out) == Data(contentsOf: whole))
    }

    @Test(.needsSpeechEngine) func aBookWithoutHeadingsHasAChapterPerTenPages() throws {
        let text = (1...40).map { "Paragraph \($0) says a few words." }.joined(separator: "\n\n")
        let book = try CLIRunner.temporaryFile(Array(text.utf8), name: "plain.txt")
        let out = URL(fileURLWithPath: book).deletingLastPathComponent().appendingPathComponent("plain.srt")
        let result = try ExportTests.export(book, to: out, ["--format", "jsonl"])
        let progress = result.standardOutput.split(separator: "\n").filter { $0.contains(#""type":"progress""#) }
        #expect(progress.count >= 1)
        let subtitles = try String(contentsOf: out, encoding: .utf8)
        #expect(subtitles.contains("Paragraph 40 says a few words."))
    }
}

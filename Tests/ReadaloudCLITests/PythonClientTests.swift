import Foundation
import Testing

/// The Python client's own tests (Clients/python), run against the `readaloud` built with these
/// tests; skipped, saying why, where python3 is missing.
@Suite(.tags(.process)) struct PythonClientTests {
    /// python3 on PATH, or `nil`.
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    @Test func thePythonClientsTestsPassAgainstTheRealServer() throws {
        guard let python = Self.python else {
            print("skipped: python3 is not on PATH, so the Python client's tests (Clients/python) cannot run")
            return
        }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-m", "unittest", "-v"]
        process.currentDirectoryURL = CLIRunner.repositoryRoot.appendingPathComponent("Clients/python")
        process.environment = ProcessInfo.processInfo.environment.merging([
            "READALOUD_BIN": CLIRunner.executable.path, "PYTHONDONTWRITEBYTECODE": "1",
        ]) { $1 }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("readaloud-python-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let output = try String(contentsOf: log, encoding: .utf8)
        #expect(process.terminationStatus == 0, "python3 -m unittest failed:\n\(output)")
        // Every test ran: none was skipped for want of the executable.
        #expect(output.contains("OK") && !output.contains("skipped"), "\(output)")
    }

    /// The read-aloud examples, ours and python-lsp-jsonrpc's, at 20,000 words a minute: each
    /// "speaks" every sentence of Alice's first chapter once, pausing every fifth and resuming.
    @Test(arguments: ["read_aloud.py", "read_aloud_lsp.py"])
    func theReadAloudExamplesSayEachSentenceOnce(example: String) throws {
        var python = Self.python
        if example == "read_aloud_lsp.py" {
            // python-lsp-jsonrpc is Debian's python3-pylsp-jsonrpc, for the system's python3.
            python = ServeFramingTests.pythonWithLSPJSONRPC
        }
        guard let python else {
            let missing = example == "read_aloud_lsp.py" ? "python-lsp-jsonrpc (python3-pylsp-jsonrpc)" : "python3"
            print("skipped: \(example) needs \(missing)")
            return
        }
        let script = CLIRunner.repositoryRoot.appendingPathComponent("Clients/python/examples/\(example)").path
        let result = try CLIRunner.run(
            [
                script, CLIRunner.book("alice-in-wonderland.txt"), "--wpm", "20000", "--readaloud",
                CLIRunner.executable.path,
            ], program: python)
        #expect(result.status == 0, "\(result.standardError)")
        let spoken = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(spoken == (try AcknowledgedReadingTests.chapterOne()))
    }
}

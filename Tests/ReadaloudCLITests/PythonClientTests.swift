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
}

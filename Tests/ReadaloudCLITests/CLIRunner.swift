import Foundation

/// Runs the built `readaloud` binary, as a user would, and captures what it prints.
enum CLIRunner {
    /// Whether these tests (and so the `readaloud` built with them) run under AddressSanitizer,
    /// as CI's `swift test --sanitize=address` does: its shadow memory needs terabytes of address
    /// space, and its quarantine keeps freed memory resident, so address-space limits and
    /// resident-memory bounds do not apply there.
    static let isAddressSanitized = dlsym(nil, "__asan_init") != nil

    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `readaloud` executable beside the test bundle in the build products directory.
    static let executable = builtExecutable(named: "readaloud")

    /// The executable product `name` beside the test bundle in the build products directory.
    static func builtExecutable(named name: String) -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
    }

    static func book(_ name: String) -> String { repositoryRoot.appendingPathComponent("Books/\(name)").path }

    /// Runs `readaloud arguments...` (or another built `program`) with `input` on standard
    /// input, and `environment` added to the inherited environment.
    static func run(
        _ arguments: [String], input: Data? = nil, environment: [String: String] = [:], program: URL = executable
    ) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = repositoryRoot
        let output = Pipe()
        let stdin = Pipe()
        // Standard error goes to a file, so a large standard output cannot block the child
        // while nobody reads its other pipe.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "readaloud-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errorHandle.close()
        let errData = try Data(contentsOf: errorFile)
        return Result(
            status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }

    /// A new empty temporary directory.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "readaloud-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A temporary file holding `bytes`.
    static func temporaryFile(_ bytes: [UInt8], name: String = "book.txt") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "readaloud-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }
}

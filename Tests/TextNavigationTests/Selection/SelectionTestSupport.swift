import Foundation
import TextNavigation

/// A fresh directory under the system's temporary directory; `remove()` deletes it.
struct ScratchDirectory {
    let url: URL

    init(_ purpose: String) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("readaloud-\(purpose)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The store file's URL in this directory (the file itself is not created).
    var storeURL: URL { url.appendingPathComponent("selections.sqlite") }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

extension SavedSelection {
    /// A selection with every field set, varied by `index`.
    static func sample(_ index: Int, book: BookIdentity = "book-a", createdAt: Date? = nil) -> SavedSelection {
        SavedSelection(
            book: book,
            elementIndex: index,
            utf16Range: (index * 10)..<(index * 10 + 7),
            text: "Sample \(index) 読み 🎧",
            contextBefore: "before \(index)",
            contextAfter: "after \(index)",
            pageHint: index + 1,
            granularity: TextGranularity.allCases[index % TextGranularity.allCases.count],
            createdAt: createdAt ?? Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(index) * 1.25),
            note: "note \(index)"
        )
    }
}

/// The `readaloud-store-stress` executable, the child process of the crash and concurrency tests.
///
/// How it is found: `READALOUD_STORE_STRESS`, when set, names it. Otherwise it is looked for
/// next to the running test binary (`/proc/self/exe`; on Linux the `.xctest` file is an
/// executable in the build products directory, `.build/<triple>/<config>/`, where SwiftPM also
/// puts the executables the test target depends on), then in up to three parent directories
/// (on macOS the binary sits in `<bundle>.xctest/Contents/MacOS/`).
enum StressTool {
    static let name = "readaloud-store-stress"

    static func url() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["READALOUD_STORE_STRESS"] { return URL(fileURLWithPath: path) }
        let runners = [
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
        ]
        for runner in runners {
            var directory = runner.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
        }
        throw NotFound(searched: runners.map(\.path))
    }

    struct NotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "\(StressTool.name) not found next to \(searched.joined(separator: " or ")); build it "
                + "(swift build --product \(StressTool.name)) or set READALOUD_STORE_STRESS to its path"
        }
    }

    /// Starts the tool saving `count` selections of `book` into `store`, pausing `pause`
    /// milliseconds after each, its stdout and stderr going to the files `output` and `errors`.
    static func launch(
        store: URL, book: String, count: Int, tag: String, pause: Int = 0, output: URL, errors: URL
    ) throws -> Process {
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = try url()
        process.arguments = [
            "--store", store.path, "--book", book, "--count", "\(count)", "--tag", tag, "--pause", "\(pause)",
        ]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        return process
    }

    /// The selections the tool acknowledged in `output`: one JSON line each, the last one
    /// ignored when a kill cut it short (no newline).
    static func acknowledged(in output: URL) throws -> [SavedSelection] {
        let data = try Data(contentsOf: output)
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        lines.removeLast()  // Empty after a final newline, or a line the kill cut short.
        let decoder = JSONDecoder()
        return try lines.map { try decoder.decode(SavedSelection.self, from: Data($0)) }
    }
}

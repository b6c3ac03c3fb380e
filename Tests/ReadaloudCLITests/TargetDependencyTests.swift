import Foundation
import Testing

/// The package's products are layers the compiler keeps: the core (`TextNavigation`) needs ICU
/// alone, only the books target reaches libzip and libxml2, only the store reaches SQLite, and
/// the speech engines, FFmpeg, ATK, HarfBuzz and Cairo stay out of the libraries below them. Read from the package's own
/// description (`swift package dump-package`) and from what a built program links (`ldd`).
@Suite("Target dependencies")
struct TargetDependencyTests {
    /// Each library target and every target it reaches (itself left out): what a backend that
    /// depends on its product builds.
    static let expectedClosures: [String: Set<String>] = [
        "TextNavigation": ["CICU"],
        "TextNavigationBooks": ["TextNavigation", "CICU", "CZip", "CEPUBXML", "CLibXML2"],
        "TextNavigationStore": ["TextNavigation", "CICU", "CSQLite"],
        "TextNavigationSpeech": ["TextNavigation", "CICU", "CEspeak", "CSpeechd", "CMedia"],
        "TextNavigationAccessibility": ["TextNavigation", "CICU", "CAccessibilityBridge", "CATK"],
        "TextNavigationRender": ["TextNavigation", "CICU", "CRender"],
    ]

    /// The package's description: its targets' names and the names of the targets each one
    /// depends on directly.
    static func targetDependencies() throws -> [String: [String]] {
        // A scratch folder of its own: the package's .build is locked by the `swift test`
        // running this, and `swift package` would wait for it forever.
        let scratch = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--scratch-path", scratch.path, "dump-package"]
        process.currentDirectoryURL = CLIRunner.repositoryRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "swift package dump-package failed")
        let package = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(package["targets"] as? [[String: Any]])
        var dependencies: [String: [String]] = [:]
        for target in targets {
            let name = try #require(target["name"] as? String)
            // Each dependency is one of {"byName": [name, ...]}, {"target": [name, ...]} or
            // {"product": [name, package, ...]}: its first value's first element is the name.
            let listed = target["dependencies"] as? [[String: [Any]]] ?? []
            dependencies[name] = listed.compactMap { $0.values.first?.first as? String }
        }
        return dependencies
    }

    /// Every target `name` reaches through `dependencies`, itself left out.
    static func closure(of name: String, in dependencies: [String: [String]]) -> Set<String> {
        var reached: Set<String> = []
        var pending = dependencies[name] ?? []
        while let next = pending.popLast() {
            if reached.insert(next).inserted { pending += dependencies[next] ?? [] }
        }
        return reached
    }

    @Test func eachLibraryReachesOnlyTheTargetsOfItsLayer() throws {
        let dependencies = try Self.targetDependencies()
        for (library, expected) in Self.expectedClosures {
            #expect(dependencies[library] != nil, "no target \(library)")
            #expect(Self.closure(of: library, in: dependencies) == expected, "\(library)")
        }
    }

    @Test func theClosureOfATargetFollowsEveryStep() {
        let dependencies = ["App": ["Books"], "Books": ["Core", "Zip"], "Core": ["ICU"], "Zip": []]
        #expect(Self.closure(of: "App", in: dependencies) == ["Books", "Core", "ICU", "Zip"])
        #expect(Self.closure(of: "Core", in: dependencies) == ["ICU"])
    }

    /// The shared libraries `program` is linked against, by `ldd`.
    static func linkedLibraries(of program: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ldd", program.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// README's example depends on `TextNavigation` alone: what it links is what a backend that
    /// only tokenizes and navigates needs installed. The command line, which opens EPUB books
    /// and keeps selections, links the rest (so the check can tell the two apart).
    @Test func aProgramOfTheCoreAloneLinksICUAndNoBookOrStoreLibrary() throws {
        let core = try Self.linkedLibraries(of: CLIRunner.builtExecutable(named: "readaloud-readme-example"))
        #expect(core.contains("libicuuc"), "\(core)")
        for library in ["libzip", "libxml2", "libsqlite3", "libncursesw", "libavcodec", "libharfbuzz", "libcairo"] {
            #expect(!core.contains(library), "the core-only program links \(library):\n\(core)")
        }
        let cli = try Self.linkedLibraries(of: CLIRunner.executable)
        for library in [
            "libicuuc", "libzip", "libxml2", "libsqlite3", "libavformat", "libavcodec", "libharfbuzz", "libcairo",
        ] {
            #expect(cli.contains(library), "readaloud does not link \(library):\n\(cli)")
        }
    }
}

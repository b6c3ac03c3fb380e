import Foundation
import Testing

/// README's one `apt-get install` line is the whole set-up: it names every Debian package CI
/// installs.
@Suite(.tags(.process)) struct SetUpTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: CLIRunner.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func readmesOneInstallLineNamesEveryPackageCIInstalls() throws {
        let readme = try Self.text("README.md")
        let installLines = readme.split(separator: "\n").filter { $0.contains("apt-get install") }
        try #require(installLines.count == 1, "README has \(installLines.count) apt-get install lines")
        let line = try #require(installLines.first)
        let words = line.split(separator: " ").map(String.init)
        let installIndex = try #require(words.firstIndex(of: "install"))
        let readmePackages = Set(
            words[(installIndex + 1)...].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`.,;")) }
                .filter { !$0.isEmpty && !$0.hasPrefix("-") })
        let ci = try Self.text(".ci/run")
        let listLine = try #require(ci.split(separator: "\n").first { $0.hasPrefix("packages=(") })
        let ciPackages = Set(
            listLine.dropFirst("packages=(".count).prefix { $0 != ")" }.split(separator: " ").map(String.init))
        #expect(!ciPackages.isEmpty)
        #expect(readmePackages == ciPackages, "README: \(readmePackages.sorted()), .ci/run: \(ciPackages.sorted())")
    }
}

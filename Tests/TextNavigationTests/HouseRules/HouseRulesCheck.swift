import Foundation

/// The house rules on size over every `.swift` file under ``checkedFolders`` (`Sources`,
/// `Tests` and `Examples`): no file over ``fileLimit`` lines, and no function, initializer,
/// subscript or property body over ``bodyLimit`` lines, unless a comment directly above it
/// (for a file, before its first declaration) starts with ``SourceSizeScanner/marker`` and
/// gives the reason.
///
/// `HouseRulesTests` runs it in `swift test`; `scripts/house-rules.sh` compiles it alone with
/// the scanner and prints the same report.
enum HouseRulesCheck {
    static let fileLimit = 400
    static let bodyLimit = 60
    /// The folders whose `.swift` files are checked, relative to the repository root: the
    /// library and its tools, their tests, and the examples.
    static let checkedFolders = ["Sources", "Tests", "Examples"]

    /// Temporary exceptions, as `path: name` (the name as the report gives it), for folders
    /// that someone else was rewriting when the check was written (Sources/TextNavigation/
    /// Elements, Document, Input, Selection, Reading, Navigation; none of them had an offender
    /// then). Remove an entry once its body is split; an entry that matches no offender is
    /// reported, so the list only shrinks.
    static let temporaryAllowlist: Set<String> = []

    /// What the check found.
    struct Report {
        /// The `.swift` files read, relative to the repository root.
        var files: [String] = []
        /// Each file and body over its limit without a reason: `path:line: what` lines.
        var offenders: [String] = []
        /// Allowlist entries that match no offender.
        var staleAllowlistEntries: [String] = []
    }

    /// Checks every `.swift` file under ``checkedFolders`` of the repository at `repositoryRoot`.
    static func check(repositoryRoot: URL) throws -> Report {
        var report = Report()
        report.files = checkedFolders.flatMap { folder in
            let walker = FileManager.default.enumerator(atPath: repositoryRoot.appendingPathComponent(folder).path)
            return (walker?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
                .map { "\(folder)/" + $0 }
        }.sorted()
        var allowedSeen: Set<String> = []
        for path in report.files {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
            let scanner = SourceSizeScanner(source: text)
            if scanner.lines.count > fileLimit, !scanner.fileHasReason {
                report.offenders.append("\(path): \(scanner.lines.count) lines (limit \(fileLimit))")
            }
            for body in scanner.bodies() where body.lineCount > bodyLimit && !body.hasReason {
                let key = "\(path): \(body.name)"
                if temporaryAllowlist.contains(key) {
                    allowedSeen.insert(key)
                    continue
                }
                report.offenders.append(
                    "\(path):\(body.line): \(body.name) is \(body.lineCount) lines (limit \(bodyLimit))")
            }
        }
        report.staleAllowlistEntries = temporaryAllowlist.subtracting(allowedSeen).sorted()
        return report
    }
}

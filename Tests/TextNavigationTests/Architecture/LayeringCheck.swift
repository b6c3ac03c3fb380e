import Foundation

/// The allowed direction between the folders of `Sources/TextNavigation`, and the check that
/// no file uses a type declared in a folder above its own.
///
/// A grep over type names, not a compiler: the types a folder declares are its files'
/// top-level `class`, `struct`, `enum`, `protocol`, `actor` and `typealias` declarations (a
/// nested type is reached through its top-level parent's name), and a file uses a type when
/// the type's name appears in its code outside comments and string literals (the code inside
/// a string's interpolation counts).
///
/// Run by `LayeringTests` in `swift test`, and by `scripts/layering.sh`, which compiles this
/// file alone and prints the violations: so it uses Foundation only.
enum LayeringCheck {
    /// The folders from the bottom up: a folder may use the types of its own folder and of the
    /// rows before its row, never those of its row's other folders or of the rows after it.
    /// Every folder of `Sources/TextNavigation` must have a place here.
    static let layers: [[String]] = [
        // Locks and once-set slots, for every layer that shares state across tasks.
        ["Concurrency"],
        // Positions, ranges, granularities, directions, the UTF-16 buffer and its storage.
        ["Text"],
        // Owning wrappers over ICU (break iterators, locales, bidi).
        ["ICU"],
        ["Tokenization"],
        ["Layout"],
        ["Input"],
        ["Elements"],
        // Documents, whose elements a loader's contents make on demand (the loaders are in the
        // books target, which the compiler keeps above this one).
        ["Document"],
        ["Navigation"],
        // Recorded narration's clips as spans of elements, which reading makes utterances of.
        ["Narration"],
        ["Reading", "Selection", "Search", "Pronunciation"],
        // Announcements queued around reading's utterances.
        ["Speech"],
        // The read-aloud player: reading sessions spoken through an engine, announcements
        // through the queue.
        ["Player"],
    ]

    /// Upward uses tolerated for now, each until the change named beside it lands: file (relative
    /// to `Sources/TextNavigation`) and type. An entry that no longer matches a use is reported,
    /// so that it is taken out.
    static let temporaryAllowlist: [(file: String, type: String, until: String)] = []

    /// A file's use of a type declared in a folder above the file's.
    struct Violation: Hashable, CustomStringConvertible {
        /// The file, relative to `Sources/TextNavigation`.
        let file: String
        let type: String
        /// The folder that declares `type`.
        let declaredIn: String

        var description: String {
            "\(file) uses \(type), declared in \(declaredIn), a layer above \(file.prefix { $0 != "/" })"
        }
    }

    /// What the check found under one `Sources/TextNavigation`.
    struct Report {
        /// Upward uses, the allowlisted ones left out, in file order.
        var violations: [Violation] = []
        /// Folders that have no place in ``layers``.
        var unplacedFolders: [String] = []
        /// Allowlist entries that match no use any more.
        var staleAllowlistEntries: [String] = []
        /// How many top-level types each folder declares (a check that found none checked nothing).
        var declaredTypes: [String: Int] = [:]
    }

    /// The row of `folder` in ``layers``, or `nil` when it has none.
    static func rank(of folder: String) -> Int? {
        layers.firstIndex { $0.contains(folder) }
    }

    /// Checks the library's sources under `root` (the repository's root).
    static func check(repositoryRoot root: URL) throws -> Report {
        let library = root.appendingPathComponent("Sources/TextNavigation")
        let manager = FileManager.default
        var sources: [(file: String, folder: String, code: String)] = []
        for folder in try manager.contentsOfDirectory(atPath: library.path).sorted() {
            var isDirectory: ObjCBool = false
            let url = library.appendingPathComponent(folder)
            guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue,
                !folder.hasSuffix(".docc")
            else { continue }
            let files = (manager.enumerator(atPath: url.path)?.allObjects as? [String] ?? []).filter {
                $0.hasSuffix(".swift")
            }
            for file in files.sorted() {
                let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
                sources.append((folder + "/" + file, folder, code(of: text)))
            }
        }
        return check(sources)
    }

    /// Checks `sources`: each file's path (relative to `Sources/TextNavigation`), its folder and
    /// its code without comments and strings (``code(of:)``).
    static func check(_ sources: [(file: String, folder: String, code: String)]) -> Report {
        var report = Report()
        var declaringFolder: [String: String] = [:]
        for source in sources {
            for name in declaredTypes(in: source.code) {
                declaringFolder[name] = source.folder
                report.declaredTypes[source.folder, default: 0] += 1
            }
        }
        report.unplacedFolders = Set(sources.map(\.folder)).filter { rank(of: $0) == nil }.sorted()
        var allowlistUsed = Set<Int>()
        for source in sources {
            guard let rank = rank(of: source.folder) else { continue }
            for name in identifiers(in: source.code).sorted() {
                guard let folder = declaringFolder[name], folder != source.folder,
                    let declaredRank = Self.rank(of: folder), declaredRank >= rank
                else { continue }
                if let entry = temporaryAllowlist.firstIndex(where: { $0.file == source.file && $0.type == name }) {
                    allowlistUsed.insert(entry)
                    continue
                }
                report.violations.append(Violation(file: source.file, type: name, declaredIn: folder))
            }
        }
        report.staleAllowlistEntries = temporaryAllowlist.indices.filter { !allowlistUsed.contains($0) }.map {
            "\(temporaryAllowlist[$0].file) no longer uses \(temporaryAllowlist[$0].type): "
                + "take it out of LayeringCheck.temporaryAllowlist"
        }
        return report
    }

    /// The names of the top-level types `code` declares: lines that start at the first column
    /// with a declaration, after any attributes and modifiers.
    static func declaredTypes(in code: String) -> [String] {
        let kinds: Set<Substring> = ["class", "struct", "enum", "protocol", "actor", "typealias"]
        let modifiers: Set<Substring> = [
            "public", "package", "internal", "fileprivate", "private", "open", "final", "indirect",
        ]
        var names: [String] = []
        for line in code.split(separator: "\n") where line.first.map({ !$0.isWhitespace }) ?? false {
            let words = line.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "@") }
            var index = 0
            while index < words.count, modifiers.contains(words[index]) || words[index].hasPrefix("@") {
                index += 1
            }
            if index + 1 < words.count, kinds.contains(words[index]) {
                names.append(String(words[index + 1]))
            }
        }
        return names
    }

    /// The identifiers in `code` that start with a capital letter (type names, by Swift's
    /// conventions).
    static func identifiers(in code: String) -> Set<String> {
        var names = Set<String>()
        var current = ""
        for character in code {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if let first = current.first, first.isUppercase { names.insert(current) }
                current = ""
            }
        }
        if let first = current.first, first.isUppercase { names.insert(current) }
        return names
    }

    /// `text` with its comments and the contents of its string literals turned into spaces
    /// (line breaks kept), so that only code remains; the code of a string's interpolations
    /// (`\(...)`) stays.
    static func code(of text: String) -> String {
        var lexer = Lexer(Array(text.utf8))
        lexer.code()
        return String(decoding: lexer.output, as: UTF8.self)
    }

    /// The scanner behind ``code(of:)``, over UTF-8 (every delimiter it looks for is ASCII).
    private struct Lexer {
        let input: [UInt8]
        var output: [UInt8] = []
        var index = 0

        init(_ input: [UInt8]) {
            self.input = input
            output.reserveCapacity(input.count)
        }

        private func peek(_ offset: Int = 0) -> UInt8? {
            index + offset < input.count ? input[index + offset] : nil
        }

        private func starts(with text: String) -> Bool {
            let bytes = Array(text.utf8)
            return index + bytes.count <= input.count && input[index..<(index + bytes.count)].elementsEqual(bytes)
        }

        /// Copies a byte of code.
        private mutating func keep() {
            output.append(input[index])
            index += 1
        }

        /// Drops a byte of a comment or a string, keeping line breaks.
        private mutating func blank() {
            output.append(input[index] == UInt8(ascii: "\n") ? UInt8(ascii: "\n") : UInt8(ascii: " "))
            index += 1
        }

        /// Code, up to the end of the input or, inside an interpolation, to its closing `)`.
        mutating func code(inInterpolation: Bool = false) {
            var depth = 0
            while let byte = peek() {
                if starts(with: "//") {
                    while let next = peek(), next != UInt8(ascii: "\n") { blank() }
                } else if starts(with: "/*") {
                    blockComment()
                } else if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"") {
                    var hashes = 0
                    while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
                    if peek(hashes) == UInt8(ascii: "\"") {
                        string(hashes: hashes)
                    } else {
                        keep()
                    }
                } else if inInterpolation, byte == UInt8(ascii: "(") {
                    depth += 1
                    keep()
                } else if inInterpolation, byte == UInt8(ascii: ")") {
                    if depth == 0 { return }
                    depth -= 1
                    keep()
                } else {
                    keep()
                }
            }
        }

        /// A block comment, which may hold others.
        private mutating func blockComment() {
            var depth = 0
            while peek() != nil {
                if starts(with: "/*") {
                    depth += 1
                    blank()
                    blank()
                } else if starts(with: "*/") {
                    depth -= 1
                    blank()
                    blank()
                    if depth == 0 { return }
                } else {
                    blank()
                }
            }
        }

        /// A string literal: `hashes` `#` then `"` or `"""`, up to the same delimiter reversed.
        private mutating func string(hashes: Int) {
            let pounds = String(repeating: "#", count: hashes)
            let quotes = starts(with: pounds + "\"\"\"") ? "\"\"\"" : "\""
            let terminator = quotes + pounds
            for _ in 0..<(pounds.count + quotes.count) { blank() }
            let escape = "\\" + pounds
            while peek() != nil {
                if starts(with: terminator) {
                    for _ in 0..<terminator.count { blank() }
                    return
                } else if starts(with: escape + "(") {
                    for _ in 0..<(escape.count + 1) { blank() }
                    code(inInterpolation: true)
                    if peek() != nil { blank() }  // the interpolation's `)`
                } else if starts(with: escape) {
                    for _ in 0..<escape.count { blank() }
                    if peek() != nil { blank() }
                } else {
                    blank()
                }
            }
        }
    }
}

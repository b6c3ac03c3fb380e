import Foundation
import TextNavigation

/// A book the bench measures: its file and bytes, a name for the report and the locale its text
/// is tokenized with.
package struct BenchBook {
    /// The file name, or a description of a synthetic book.
    package let name: String
    /// The file the book is opened from (as a reader opens it) when opening and memory are
    /// measured; a synthetic book is written to a temporary file.
    let path: String
    /// The UTF-8 bytes, as read from the file (the unit of every MB/s figure).
    let bytes: [UInt8]
    /// The locale guessed from the text (``guessLocale(_:)``).
    let locale: String
    /// Whether nine in ten of the letters are Latin (the case the grapheme fast path is for).
    let isMostlyLatin: Bool

    package init(name: String, path: String, bytes: [UInt8]) {
        self.name = name
        self.path = path
        self.bytes = bytes
        let sample = Self.sampleScalars(bytes)
        self.locale = Self.guessLocale(sample)
        let letters = sample.filter(\.properties.isAlphabetic)
        let latin = letters.filter { $0.value < 0x250 }
        self.isMostlyLatin = !letters.isEmpty && latin.count * 10 >= letters.count * 9
    }

    /// The book at `path`, read into `bytes` (by the command, which reports a missing or
    /// unreadable file), named by its file name.
    package init(path: String, bytes: [UInt8]) {
        self.init(name: (path as NSString).lastPathComponent, path: path, bytes: bytes)
    }

    /// A book of about `megabytes` MiB made by repeating `book`, its copies separated by a
    /// blank line (for the 10 MB targets), written to a temporary file that
    /// ``removeTemporaryFile()`` deletes.
    package static func repeating(_ book: BenchBook, toMegabytes megabytes: Int) throws(BenchError) -> BenchBook {
        let target = megabytes * 1024 * 1024
        let separator: [UInt8] = [0x0A, 0x0A]
        let copies = max(1, (target + book.bytes.count - 1) / max(1, book.bytes.count + 2))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(copies * (book.bytes.count + 2))
        for copy in 0..<copies {
            if copy > 0 { bytes += separator }
            bytes += book.bytes
        }
        let path = NSTemporaryDirectory() + "/readaloud-bench-\(ProcessInfo.processInfo.processIdentifier).txt"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw BenchError("cannot write the synthetic book to \(path)", kind: .cannotCreate)
        }
        return BenchBook(name: "\(book.name) ×\(copies) (synthetic)", path: path, bytes: bytes)
    }

    /// Deletes the temporary file of a synthetic book (``repeating(_:toMegabytes:)``).
    package func removeTemporaryFile() {
        if name.hasSuffix("(synthetic)") { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The bundled books: the `.txt` files of `Books/` under the current directory, except
    /// licence files, by name.
    package static func bundledPaths() -> [String] {
        let directory = "Books"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".txt") && !$0.uppercased().hasPrefix("LICENSE") }.sorted()
            .map { directory + "/" + $0 }
    }

    /// The scalars of the first 64 KiB of the book.
    private static func sampleScalars(_ bytes: [UInt8]) -> [Unicode.Scalar] {
        Array(String(decoding: bytes.prefix(65_536), as: UTF8.self).unicodeScalars)
    }

    /// The book's language from its scripts: kana means Japanese, Han without kana Chinese,
    /// Arabic letters Arabic, Thai letters Thai; anything else English.
    private static func guessLocale(_ scalars: [Unicode.Scalar]) -> String {
        var kana = 0
        var han = 0
        var arabic = 0
        var thai = 0
        var latin = 0
        for scalar in scalars {
            switch scalar.value {
            case 0x3040...0x30FF: kana += 1
            case 0x4E00...0x9FFF, 0x3400...0x4DBF: han += 1
            case 0x0600...0x06FF: arabic += 1
            case 0x0E00...0x0E7F: thai += 1
            case 0x41...0x5A, 0x61...0x7A: latin += 1
            default: break
            }
        }
        let counts = [("ja", kana > 0 ? kana + han : 0), ("zh", kana == 0 ? han : 0), ("ar", arabic), ("th", thai)]
        guard let best = counts.max(by: { $0.1 < $1.1 }), best.1 > latin else { return "en" }
        return best.0
    }
}

import Foundation

/// The EPUB books `Tests/Fixtures/epub/make_conformance_books.py` builds with Python's zipfile,
/// one per reading-system requirement: made once per test run, in a temporary folder.
enum ConformanceBooks {
    /// The books epubcheck must find no error in (the others model bad input).
    static let valid = [
        "metadata.epub", "metadata-rtl.epub", "fallbacks.epub", "svg.epub", "nav-labels.epub", "language.epub",
        "structure.epub",
    ]

    /// The folder holding the books, or `nil` (with the reason printed) when python3 is missing.
    static let folder: URL? = {
        guard EPUBFixtures.python != nil else {
            print("skipped: python3 is missing (it builds the conformance books)")
            return nil
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-books-\(UUID())")
        let script = Fixtures.repositoryRoot.appendingPathComponent(
            "Tests/Fixtures/epub/make_conformance_books.py")
        do {
            _ = try EPUBFixtures.runPython(script.path, arguments: [folder.path])
        } catch {
            print("conformance books could not be built: \(error)")
            return nil
        }
        return folder
    }()

    /// The path of the book `name`, or `nil` when the books could not be built.
    static func path(_ name: String) -> String? {
        folder?.appendingPathComponent(name).path
    }
}

import Foundation
import TextNavigation
import TextNavigationBooks

/// Plain-text books from the repository's Books/ folder, read and made into documents.
enum BookDocuments {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Books").appendingPathComponent(name)
        return Array(try Data(contentsOf: url))
    }

    static func book(_ name: String) throws -> PlainTextBook {
        try PlainTextBook(bytes: bytes(name))
    }

    /// Each paragraph's units of `granularity` from a tokenizer over its own copy of the text
    /// (nothing shared with the book's buffer): what a paragraph's units must be however its
    /// tokenizer's caches are filled.
    static func unitsAlone(_ book: PlainTextBook, locale: String, _ granularity: TextGranularity) throws
        -> [[Range<Int>]]
    {
        try book.paragraphs.map {
            try StringTokenizer($0.text.string, locale: locale).units(for: granularity).ranges
        }
    }

    /// The book `name` as a document, whole, or with `firstBytes` only its lines that end
    /// within its first `firstBytes` bytes.
    static func document(
        _ name: String, layout: PageLayout = PageLayout(width: 60, linesPerPage: 20), firstBytes: Int? = nil
    ) throws -> Document {
        let locale = name.hasPrefix("rashomon") || name.hasPrefix("kokoro") ? "ja" : "en"
        var bytes = try bytes(name)
        if let firstBytes, bytes.count > firstBytes, let end = bytes[..<firstBytes].lastIndex(of: 0x0A) {
            bytes = Array(bytes[...end])
        }
        return Document(book: try PlainTextBook(bytes: bytes), locale: locale, layout: layout)
    }
}

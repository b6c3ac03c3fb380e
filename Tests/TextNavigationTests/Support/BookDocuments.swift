import Foundation
import TextNavigation

/// Plain-text books from the repository's Books/ folder, read and made into documents.
enum BookDocuments {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Books").appendingPathComponent(name)
        return Array(try Data(contentsOf: url))
    }

    static func book(_ name: String) throws -> PlainTextBook {
        try PlainTextBook(bytes: bytes(name))
    }

    static func document(_ name: String, layout: PageLayout = PageLayout(width: 60, linesPerPage: 20)) throws
        -> Document
    {
        let locale = name.hasPrefix("rashomon") || name.hasPrefix("kokoro") ? "ja" : "en"
        return Document(book: try book(name), locale: locale, layout: layout)
    }
}

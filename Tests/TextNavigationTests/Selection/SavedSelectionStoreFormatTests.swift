import Foundation
import Testing

@testable import TextNavigation

/// Files the store must leave alone: another application's database, a newer format.
@Suite("SavedSelectionStore format")
struct SavedSelectionStoreFormatTests {
    @Test func anotherApplicationsDatabaseIsLeftAlone() throws {
        let scratch = try ScratchDirectory("format")
        defer { scratch.remove() }
        try write(["CREATE TABLE books (title TEXT)", "INSERT INTO books VALUES ('Kokoro')"], to: scratch.storeURL)
        let before = try Data(contentsOf: scratch.storeURL)

        #expect(throws: SavedSelectionStoreError.notASelectionStore(path: scratch.storeURL.path, applicationID: 0)) {
            try SavedSelectionStore(url: scratch.storeURL)
        }
        #expect(try Data(contentsOf: scratch.storeURL) == before)
    }

    @Test func newerFormatIsLeftAlone() throws {
        let scratch = try ScratchDirectory("format")
        defer { scratch.remove() }
        try SavedSelectionStore(url: scratch.storeURL).close()
        try write(["PRAGMA user_version=2"], to: scratch.storeURL)

        #expect(throws: SavedSelectionStoreError.newerFormat(path: scratch.storeURL.path, version: 2)) {
            try SavedSelectionStore(url: scratch.storeURL)
        }
    }

    private func write(_ statements: [String], to url: URL) throws {
        let connection = try SQLite.Connection(path: url.path)
        try connection.withDatabase { database throws(SQLite.Failure) in
            for sql in statements { try database.execute(sql) }
        }
        try connection.close()
    }
}

import Foundation
import Testing

@testable import TextNavigation
@testable import TextNavigationStore

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

    /// SQLite takes a file of one byte for an empty database and writes a store over it; it
    /// must be moved aside with its byte, as longer garbage is, also through a symbolic link.
    @Test(arguments: [false, true])
    func aOneByteFileIsMovedAsideNotOverwritten(throughSymlink: Bool) throws {
        let scratch = try ScratchDirectory("format")
        defer { scratch.remove() }
        let target = scratch.url.appendingPathComponent("one.txt")
        try Data("Q".utf8).write(to: target)
        let store = throughSymlink ? scratch.storeURL : target
        if throughSymlink {
            try FileManager.default.createSymbolicLink(at: scratch.storeURL, withDestinationURL: target)
        }
        let error = #expect(throws: SavedSelectionStoreError.self) { try SavedSelectionStore(url: store) }
        guard let error, error.code == .corrupt, let movedTo = error.movedTo else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == Data("Q".utf8))
        // Through a link, the link is moved aside and the file it names is not touched.
        if throughSymlink { #expect(try Data(contentsOf: target) == Data("Q".utf8)) }
    }

    /// A store must be a regular file or not exist yet: SQLite would open `/dev/null` and
    /// `/dev/full` and leave a world-writable `-journal` beside them.
    @Test(arguments: ["/dev/null", "/dev/full"])
    func aDeviceIsRefusedUntouched(path: String) throws {
        let journalExisted = FileManager.default.fileExists(atPath: path + "-journal")
        #expect(throws: SavedSelectionStoreError.notARegularFile(path: path, kind: "a character device")) {
            try SavedSelectionStore(url: URL(fileURLWithPath: path))
        }
        if !journalExisted { #expect(!FileManager.default.fileExists(atPath: path + "-journal")) }
        let scratch = try ScratchDirectory("format")
        defer { scratch.remove() }
        #expect(throws: SavedSelectionStoreError.notARegularFile(path: scratch.url.path, kind: "a directory")) {
            try SavedSelectionStore(url: scratch.url)
        }
    }

    /// Another application's database whose table has the store's name: refused before its
    /// journal mode (or anything) changes.
    @Test func aForeignDatabaseWithATableNamedLikeOursIsLeftAlone() throws {
        let scratch = try ScratchDirectory("format")
        defer { scratch.remove() }
        try write(["CREATE TABLE saved_selection (a)", "INSERT INTO saved_selection VALUES (1)"], to: scratch.storeURL)
        let before = try Data(contentsOf: scratch.storeURL)
        #expect(throws: SavedSelectionStoreError.notASelectionStore(path: scratch.storeURL.path, applicationID: 0)) {
            try SavedSelectionStore(url: scratch.storeURL)
        }
        #expect(try Data(contentsOf: scratch.storeURL) == before)
    }

    /// Reading and removing never create a store: no file, no directory.
    @Test func openingAnExistingStoreCreatesNothing() throws {
        let scratch = try ScratchDirectory("format")
        defer { scratch.remove() }
        let missing = scratch.url.appendingPathComponent("sub/dir/selections.sqlite")
        #expect(try SavedSelectionStore.existing(at: missing) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)
        let selection = SavedSelection.sample(1)
        try SavedSelectionStore(url: scratch.storeURL).save(selection)
        #expect(try SavedSelectionStore.existing(at: scratch.storeURL)?.selections(forBook: "book-a") == [selection])
    }

    private func write(_ statements: [String], to url: URL) throws {
        let connection = try SQLite.Connection(path: url.path)
        try connection.withDatabase { database throws(SQLite.Failure) in
            for sql in statements { try database.execute(sql) }
        }
        try connection.close()
    }
}

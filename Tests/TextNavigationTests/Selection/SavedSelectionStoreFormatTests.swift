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
        let newer = SavedSelectionStore.formatVersion + 1
        try write(["PRAGMA user_version=\(newer)"], to: scratch.storeURL)

        #expect(throws: SavedSelectionStoreError.newerFormat(path: scratch.storeURL.path, version: newer)) {
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

/// A store file of format 1 (before group ids) opens as format 2 with every record kept.
@Suite("SavedSelectionStore migration")
struct SavedSelectionStoreMigrationTests {
    /// Format 1's schema, as readaloud wrote it.
    static let formatOneSQL = [
        """
        CREATE TABLE saved_selection (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            book TEXT NOT NULL,
            element_index INTEGER NOT NULL CHECK (element_index >= 0),
            utf16_start INTEGER NOT NULL CHECK (utf16_start >= 0),
            utf16_end INTEGER NOT NULL CHECK (utf16_end >= utf16_start),
            text TEXT NOT NULL,
            context_before TEXT NOT NULL,
            context_after TEXT NOT NULL,
            page_hint INTEGER,
            granularity TEXT NOT NULL,
            created_at REAL NOT NULL,
            note TEXT
        ) STRICT
        """,
        "CREATE INDEX saved_selection_by_book ON saved_selection (book, created_at, seq)",
        """
        INSERT INTO saved_selection (id, book, element_index, utf16_start, utf16_end, text, context_before,
            context_after, page_hint, granularity, created_at, note)
        VALUES ('6F9619FF-8B86-D011-B42D-00C04FC964FF', 'book-a', 3, 4, 9, 'quick', 'The ', ' brown', 2, 'word',
            800000000.5, 'kept')
        """,
        "PRAGMA application_id=\(SavedSelectionStore.applicationID)",
        "PRAGMA user_version=1",
    ]

    @Test func aFormatOneStoreIsMigratedKeepingItsRecords() throws {
        let scratch = try ScratchDirectory("migration")
        defer { scratch.remove() }
        let connection = try SQLite.Connection(path: scratch.storeURL.path)
        try connection.withDatabase { database throws(SQLite.Failure) in
            for sql in Self.formatOneSQL { try database.execute(sql) }
        }
        try connection.close()

        let store = try SavedSelectionStore(url: scratch.storeURL)
        let old = try store.selections(forBook: "book-a")
        #expect(old.count == 1)
        #expect(old.first?.id == UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        #expect(old.first?.text == "quick" && old.first?.note == "kept" && old.first?.groupID == nil)
        #expect(old.first?.utf16Range == 4..<9 && old.first?.elementIndex == 3 && old.first?.pageHint == 2)
        var grouped = SavedSelection.sample(1)
        grouped.groupID = UUID()
        let single = SavedSelection.sample(2)
        try store.save([grouped, single])
        try store.close()

        let reopened = try SavedSelectionStore(url: scratch.storeURL)
        #expect(try reopened.selections(forBook: "book-a") == old + [grouped, single])
        #expect(try reopened.integrityProblems().isEmpty)
        try reopened.close()
        let check = try SQLite.Connection(path: scratch.storeURL.path)
        let version = try check.withDatabase { database throws(SQLite.Failure) in
            try database.integer("PRAGMA user_version")
        }
        try check.close()
        #expect(version == SavedSelectionStore.formatVersion)
        #expect(version == 2)
    }
}

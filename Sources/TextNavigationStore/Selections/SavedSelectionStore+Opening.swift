internal import CSQLite
import Foundation
import TextNavigation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SavedSelectionStore {
    /// The store's schema, format 2. `created_at` holds seconds since 2001-01-01T00:00:00Z
    /// (Foundation's reference date, so a `Date` round-trips exactly); `seq` is the order of
    /// saving; `group_id` the group of the records of a selection across elements (format 2).
    static let schemaSQL = """
        CREATE TABLE IF NOT EXISTS saved_selection (
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
            note TEXT,
            group_id TEXT
        ) STRICT;
        CREATE INDEX IF NOT EXISTS saved_selection_by_book ON saved_selection (book, created_at, seq);
        """

    /// What brings a file of each older format up to ``formatVersion``, by the format it is
    /// in: format 1 had no group id (its records are each a selection in one element, so they
    /// keep none).
    static let migrationSQL: [Int: String] = [
        1: "ALTER TABLE saved_selection ADD COLUMN group_id TEXT"
    ]

    /// Sets the connection up and checks the file; creates the schema in a new file, and
    /// migrates a file of an older format (``migrationSQL``), keeping every record.
    ///
    /// Nothing is written before the file is known to be sound and ours (or new).
    ///
    /// - Returns: why the file must be left alone (another application's database, a newer
    ///   format), or `nil` when it is ready.
    /// - Throws: a `SQLite.Failure`; one whose `isCorruption` is true means the file is damaged
    ///   (`SQLITE_NOTADB` or `SQLITE_CORRUPT` from SQLite, or problems found by `quick_check`).
    static func prepare(_ database: SQLite.Database, path: String) throws(SQLite.Failure) -> SavedSelectionStoreError? {
        let (seconds, attoseconds) = busyTimeout.components
        try database.setBusyTimeout(milliseconds: Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        let problems = try database.texts("PRAGMA quick_check")
        guard problems == ["ok"] else {
            throw SQLite.Failure(
                code: SQLITE_CORRUPT, operation: "PRAGMA quick_check",
                message: "quick_check found: " + problems.prefix(3).joined(separator: "; "))
        }
        // In one read transaction: the identity's three reads must see the same file, not one
        // before another process set it up and the rest after (its tables, but no version yet,
        // looked like another application's database).
        if let refusal = try database.readTransaction({ () throws(SQLite.Failure) in
            try checkIdentity(database, path: path)
        }) {
            return refusal
        }
        // WAL: readers never block the writer, and a commit is one append to the log. The mode is
        // stored in the file, so every process that opens it uses WAL.
        let mode = try walJournalMode(database)
        guard mode == ["wal"] else {
            throw SQLite.Failure(
                code: SQLITE_ERROR, operation: "PRAGMA journal_mode=WAL",
                message: "SQLite kept journal mode \(mode.first ?? "unknown") instead of WAL")
        }
        // FULL: a commit syncs the log before returning, so an acknowledged save survives a power
        // cut too (NORMAL in WAL mode survives a crash of the process, not of the machine).
        try database.execute("PRAGMA synchronous=FULL")
        guard try database.integer("PRAGMA user_version") < formatVersion else { return nil }
        return try database.writeTransaction { () throws(SQLite.Failure) -> SavedSelectionStoreError? in
            // Checked again under the write lock: another process may have just set the file up.
            if let refusal = try checkIdentity(database, path: path) { return refusal }
            var version = try database.integer("PRAGMA user_version")
            if version >= formatVersion { return nil }
            if version == 0 {
                try database.execute(schemaSQL)
                try database.execute("PRAGMA application_id=\(applicationID)")
            }
            // Older formats step up one at a time, in this one transaction: all or nothing.
            while version > 0, version < formatVersion, let step = migrationSQL[version] {
                try database.execute(step)
                version += 1
            }
            try database.execute("PRAGMA user_version=\(formatVersion)")
            return nil
        }
    }

    /// Puts the file in WAL mode, unless it is already, and returns the mode SQLite reports.
    ///
    /// Switching needs the file's exclusive lock, and SQLite answers `SQLITE_BUSY` at once,
    /// without waiting on the busy timeout, while another process that opens the new file at
    /// the same moment holds a lock: the switch is tried again for up to ``busyTimeout``.
    private static func walJournalMode(_ database: SQLite.Database) throws(SQLite.Failure) -> [String] {
        let current = try database.texts("PRAGMA journal_mode")
        if current == ["wal"] { return current }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: busyTimeout)
        while true {
            do {
                return try database.texts("PRAGMA journal_mode=WAL")
            } catch  where error.code & 0xFF == SQLITE_BUSY && clock.now < deadline {
                usleep(10_000)
            }
        }
    }

    /// Refuses another application's database or a newer format; reads only.
    private static func checkIdentity(_ database: SQLite.Database, path: String) throws(SQLite.Failure)
        -> SavedSelectionStoreError?
    {
        let id = Int32(truncatingIfNeeded: try database.integer("PRAGMA application_id"))
        if id != 0, id != applicationID {
            return .notASelectionStore(path: path, applicationID: id)
        }
        let version = try database.integer("PRAGMA user_version")
        if version > formatVersion {
            return .newerFormat(path: path, version: version)
        }
        if version == 0 {
            // Not set up by readaloud yet: empty, or someone else's. readaloud creates its tables
            // and sets the version in one transaction, so any table at all (even one named like
            // ours) is someone else's.
            let tables = try database.integer("SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'")
            if tables > 0 { return .notASelectionStore(path: path, applicationID: id) }
        }
        return nil
    }

    /// SQLite's header, the first 16 bytes of every database file.
    static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Checks the file at `path`, if there is one, before SQLite opens it: SQLite would take a
    /// file of one byte for an empty database and write over it, and would put a `-journal`
    /// beside a device. A file that is not regular is refused; a non-empty one that does not
    /// start with SQLite's header is moved aside.
    static func checkExistingFile(path: String) throws(SavedSelectionStoreError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT { return }  // a new store
            throw .cannotOpen(path: path, reason: String(cString: strerror(code)))
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            let name =
                switch kind {
                case S_IFDIR: "a directory"
                case S_IFCHR: "a character device"
                case S_IFBLK: "a block device"
                case S_IFIFO: "a pipe"
                case S_IFSOCK: "a socket"
                default: "not a regular file"
                }
            throw .notARegularFile(path: path, kind: name)
        }
        guard status.st_size > 0 else { return }
        let header: [UInt8]
        do {
            guard let file = FileHandle(forReadingAtPath: path) else {
                throw CocoaError(.fileReadNoPermission)
            }
            defer { try? file.close() }
            header = Array(try file.read(upToCount: sqliteHeader.count) ?? Data())
        } catch {
            throw .cannotOpen(path: path, reason: error.localizedDescription)
        }
        if header != sqliteHeader {
            throw moveAside(
                path: path,
                detail: "it is not a SQLite database: its \(status.st_size) byte(s) do not start with SQLite's header")
        }
    }

    /// Renames the damaged file at `path` aside, with its `-wal`, `-shm` and `-journal` files,
    /// to `<path>.corrupt-<UTC time>` (plus `-2`, `-3`, ... when taken).
    ///
    /// The log goes first: a log left behind would be replayed into the new, empty store.
    ///
    /// - Returns: the error reporting where the bytes went, or that they could not be moved.
    static func moveAside(path: String, detail: String) -> SavedSelectionStoreError {
        let files = FileManager.default
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        let stem = "\(path).corrupt-\(formatter.string(from: Date()))"
        let companions = ["-wal", "-shm", "-journal"]
        var target = stem
        var attempt = 1
        while ([""] + companions).contains(where: { files.fileExists(atPath: target + $0) }) {
            attempt += 1
            target = "\(stem)-\(attempt)"
        }
        var moved: [String] = []
        do {
            for suffix in companions + [""] where files.fileExists(atPath: path + suffix) {
                try files.moveItem(atPath: path + suffix, toPath: target + suffix)
                moved.append(suffix)
            }
        } catch {
            for suffix in moved.reversed() {
                try? files.moveItem(atPath: target + suffix, toPath: path + suffix)
            }
            return .corruptAndNotMoved(path: path, detail: detail, renameFailure: error.localizedDescription)
        }
        return .corrupt(path: path, movedTo: target, detail: detail)
    }
}

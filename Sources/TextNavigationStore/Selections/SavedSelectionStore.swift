import Foundation
import TextNavigation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A durable store of saved selections: a SQLite database file, shared safely by every process
/// that opens it.
///
/// Durability: a save returns only after its transaction is committed and synced to disk
/// (WAL mode, `synchronous=FULL`), so an acknowledged save survives the process being killed at
/// any moment, and a power cut. Several processes may save at once: each write takes the
/// database's write lock up front (`BEGIN IMMEDIATE`) and waits up to ``busyTimeout`` for it.
///
/// Corruption: opening checks the file (`PRAGMA quick_check`). A damaged file, or one that is not
/// a database, is never emptied or overwritten: it is renamed aside with its `-wal` and `-shm`
/// files (`selections.sqlite.corrupt-20250102T030405Z`) and ``SavedSelectionStoreError/corrupt(path:movedTo:detail:)``
/// reports both paths; opening again starts a new store. Only SQLite's own verdicts count as
/// damage (`SQLITE_CORRUPT`, `SQLITE_NOTADB`, findings of the check), never a busy or unreadable
/// file, so a store in use by another process is not moved for being locked.
///
/// `Sendable`: the one SQLite connection is used under a lock (see `SQLite.Connection`), so a
/// store may be shared by tasks and threads; their calls run one at a time.
public final class SavedSelectionStore: Sendable {
    /// The store's database file.
    public let url: URL
    private let connection: SQLite.Connection

    /// How long a save waits for another process's write lock before failing.
    public static let busyTimeout: Duration = .seconds(10)

    /// The store's format, kept in the file's `user_version`: 2 since records have a group id
    /// (a file of format 1 is migrated on opening).
    static let formatVersion = 2
    /// Marks the file as a readaloud saved-selection store (`PRAGMA application_id`): "RdAl".
    static let applicationID: Int32 = 0x5264_416C

    /// Opens the store at `url`, creating the file (and its directory) when missing.
    ///
    /// An existing file must be a regular file (through symbolic links): a device such as
    /// `/dev/null`, a directory or a pipe is refused, untouched. A file that is not a SQLite
    /// database (however short) is damage: it is moved aside, never overwritten.
    ///
    /// - Throws: ``SavedSelectionStoreError/corrupt(path:movedTo:detail:)`` when the file is
    ///   damaged or not a database (it has then been moved aside);
    ///   ``SavedSelectionStoreError/notARegularFile(path:kind:)``; other
    ///   ``SavedSelectionStoreError`` cases when the directory cannot be created, the file belongs
    ///   to another application or a newer format, or SQLite fails.
    public convenience init(url: URL) throws(SavedSelectionStoreError) {
        try self.init(url: url, creates: true)
    }

    /// Opens the store at `url` only when a file is there, for reading or changing what it
    /// holds: no file or directory is ever created.
    ///
    /// - Returns: the store, or `nil` when there is no file at `url` (so nothing is saved).
    /// - Throws: as ``init(url:)``.
    public static func existing(at url: URL) throws(SavedSelectionStoreError) -> SavedSelectionStore? {
        var status = stat()
        guard stat(url.standardizedFileURL.path, &status) == 0 || errno != ENOENT else { return nil }
        return try SavedSelectionStore(url: url, creates: false)
    }

    private init(url: URL, creates: Bool) throws(SavedSelectionStoreError) {
        let url = url.standardizedFileURL
        let path = url.path
        self.url = url
        if creates {
            let directory = url.deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .cannotCreateDirectory(path: directory.path, reason: error.localizedDescription)
            }
        }
        try Self.checkExistingFile(path: path)
        let connection: SQLite.Connection
        do {
            connection = try SQLite.Connection(path: path, creates: creates)
        } catch {
            throw Self.storeError(error, path: path)
        }
        let refusal: SavedSelectionStoreError?
        do throws(SQLite.Failure) {
            refusal = try connection.withDatabase { (database) throws(SQLite.Failure) in
                try Self.prepare(database, path: path)
            }
        } catch {
            try? connection.close()
            throw error.isCorruption
                ? Self.moveAside(path: path, detail: error.message) : Self.storeError(error, path: path)
        }
        if let refusal {
            try? connection.close()
            throw refusal
        }
        self.connection = connection
    }

    /// Opens the store at its default location, ``defaultURL(environment:)``.
    public convenience init() throws(SavedSelectionStoreError) {
        try self.init(url: Self.defaultURL())
    }

    /// Saves `selection`, or updates the saved selection with the same ``SavedSelection/id``
    /// (keeping its place in the order).
    ///
    /// Returns only after the change is committed and synced to disk: once it returns, the
    /// selection survives a crash of this process or of the machine.
    ///
    /// - Returns: the selection's id.
    /// - Throws: ``SavedSelectionStoreError/invalidSelection(path:id:reason:)`` for a negative
    ///   element index or offset; ``SavedSelectionStoreError/sqlite(path:operation:code:message:)``
    ///   when SQLite fails, such as another process holding the store locked for longer than
    ///   ``busyTimeout``. Nothing is saved when it throws.
    @discardableResult
    public func save(_ selection: SavedSelection) throws(SavedSelectionStoreError) -> UUID {
        try save([selection])
        return selection.id
    }

    /// Saves `selections` (the records of one save: the parts of a selection across elements)
    /// in one transaction, all or none, each as a single selection is saved (or updated), and
    /// as durably.
    ///
    /// - Throws: as saving a single selection does; nothing is saved when it throws.
    public func save(_ selections: [SavedSelection]) throws(SavedSelectionStoreError) {
        for selection in selections { try check(selection) }
        try run { database throws(SQLite.Failure) in
            try database.writeTransaction { () throws(SQLite.Failure) in
                for selection in selections {
                    let statement = try database.prepare(Self.upsertSQL)
                    try Self.bind(selection, to: statement)
                    _ = try statement.step()
                }
            }
        }
    }

    /// Refuses a selection the store's schema would not take.
    private func check(_ selection: SavedSelection) throws(SavedSelectionStoreError) {
        if selection.elementIndex < 0 {
            throw .invalidSelection(
                path: url.path, id: selection.id.uuidString,
                reason: "element index \(selection.elementIndex) is negative")
        }
        if selection.utf16Range.lowerBound < 0 {
            throw .invalidSelection(
                path: url.path, id: selection.id.uuidString,
                reason: "UTF-16 range \(selection.utf16Range) starts before the element")
        }
    }

    /// The selections saved for `book`, oldest first (by ``SavedSelection/createdAt``, then in
    /// the order they were saved).
    ///
    /// - Throws: ``SavedSelectionStoreError/invalidSelection(path:id:reason:)`` for a record this
    ///   readaloud cannot read; ``SavedSelectionStoreError/sqlite(path:operation:code:message:)``
    ///   when SQLite fails.
    /// - Parameter book: the book's identity.
    /// - Complexity: O(*n* log *n*) for *n* selections of the book (an index on book and time).
    public func selections(forBook book: BookIdentity) throws(SavedSelectionStoreError) -> [SavedSelection] {
        let path = url.path
        return try run { database throws(SQLite.Failure) in
            let statement = try database.prepare(Self.selectSQL + " WHERE book = ?1 ORDER BY created_at, seq")
            try statement.bind(book.rawValue, at: 1)
            var rows: [Result<SavedSelection, SavedSelectionStoreError>] = []
            while try statement.step() {
                rows.append(Self.selection(from: statement, path: path))
            }
            return rows
        }.map { row throws(SavedSelectionStoreError) in try row.get() }
    }

    /// The saved selection with `id`, or `nil` when there is none.
    ///
    /// - Throws: as ``selections(forBook:)``.
    public func selection(withID id: UUID) throws(SavedSelectionStoreError) -> SavedSelection? {
        let path = url.path
        let row = try run { database throws(SQLite.Failure) in
            let statement = try database.prepare(Self.selectSQL + " WHERE id = ?1")
            try statement.bind(id.uuidString, at: 1)
            return try statement.step() ? Self.selection(from: statement, path: path) : nil
        }
        return try row?.get()
    }

    /// Removes the saved selection with `id`, durably.
    ///
    /// - Returns: `true` when a selection was removed, `false` when there was none with `id`.
    /// - Throws: ``SavedSelectionStoreError/sqlite(path:operation:code:message:)`` when SQLite fails.
    @discardableResult
    public func removeSelection(withID id: UUID) throws(SavedSelectionStoreError) -> Bool {
        try run { database throws(SQLite.Failure) in
            try database.writeTransaction { () throws(SQLite.Failure) in
                let statement = try database.prepare("DELETE FROM saved_selection WHERE id = ?1")
                try statement.bind(id.uuidString, at: 1)
                _ = try statement.step()
                return database.changes > 0
            }
        }
    }

    /// Checks the whole file thoroughly (`PRAGMA integrity_check`, slower than the quick check
    /// done on opening): every page, index and constraint.
    ///
    /// - Returns: the problems found, empty when the store is sound.
    /// - Throws: ``SavedSelectionStoreError/sqlite(path:operation:code:message:)`` when SQLite
    ///   fails, which for a badly damaged file may be the finding itself.
    public func integrityProblems() throws(SavedSelectionStoreError) -> [String] {
        let findings = try run { database throws(SQLite.Failure) in try database.texts("PRAGMA integrity_check") }
        return findings == ["ok"] ? [] : findings
    }

    /// Closes the store; later calls throw ``SavedSelectionStoreError/closed(path:)``. Closing
    /// twice does nothing. (Dropping the store closes it too.)
    public func close() throws(SavedSelectionStoreError) {
        do throws(SQLite.Failure) {
            try connection.close()
        } catch {
            throw Self.storeError(error, path: url.path)
        }
    }

    /// Runs `body` on the connection, turning SQLite failures into store errors.
    private func run<Result>(_ body: (SQLite.Database) throws(SQLite.Failure) -> Result)
        throws(SavedSelectionStoreError) -> Result
    {
        do throws(SQLite.Failure) {
            return try connection.withDatabase(body)
        } catch {
            throw Self.storeError(error, path: url.path)
        }
    }

    static func storeError(_ failure: SQLite.Failure, path: String) -> SavedSelectionStoreError {
        if failure.operation == SQLite.Failure.closedOperation { return .closed(path: path) }
        return .sqlite(path: path, operation: failure.operation, code: failure.code, message: failure.message)
    }
}

extension SavedSelectionStore: SavedSelectionKeeping {}

internal import CSQLite
import Synchronization
import TextNavigation

extension SQLite {
    /// An owning wrapper of one SQLite connection (`sqlite3 *`), closed by ``close()`` or, at the
    /// latest, in `deinit`.
    ///
    /// `Sendable`: the handle lives inside a lock (`Locked`), and every use of it goes through
    /// ``withDatabase(_:)``, so one thread at a time runs statements on the connection and a
    /// transaction is never interleaved with another thread's statements. (SQLite's own
    /// serialized mode would guard each call, not a whole transaction.)
    final class Connection: Sendable {
        /// The database file's path.
        let path: String
        private let handle: Locked<Handle?>

        /// The `sqlite3 *`, `Sendable` only so that it can live in the lock: it is dereferenced
        /// only while the mutex is held.
        private struct Handle: @unchecked Sendable {
            let pointer: OpaquePointer
        }

        /// Opens the database file at `path` for reading and writing, creating it when missing
        /// if `creates`.
        init(path: String, creates: Bool = true) throws(Failure) {
            var database: OpaquePointer?
            let flags =
                SQLITE_OPEN_READWRITE | (creates ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
            let code = sqlite3_open_v2(path, &database, flags, nil)
            guard code == SQLITE_OK, let database else {
                let failure = Failure(code: code, operation: "sqlite3_open_v2", database: database)
                sqlite3_close_v2(database)
                throw failure
            }
            self.path = path
            self.handle = Locked(Handle(pointer: database))
        }

        deinit {
            handle.withLock { database in
                if let database { sqlite3_close_v2(database.pointer) }
            }
        }

        /// Runs `body` with the open connection, holding the connection's lock throughout.
        ///
        /// - Throws: a ``Failure`` with `SQLITE_MISUSE` after ``close()``, or what `body` throws.
        func withDatabase<Result>(_ body: (Database) throws(Failure) -> Result) throws(Failure) -> Result {
            try handle.withLock { (database) throws(Failure) -> Result in
                guard let database else {
                    throw Failure(
                        code: SQLITE_MISUSE, operation: Failure.closedOperation, message: "the connection is closed")
                }
                return try body(Database(handle: database.pointer))
            }
        }

        /// Closes the connection; later uses fail. Closing twice does nothing.
        ///
        /// - Throws: a ``Failure`` when SQLite cannot close (a statement is still open); the
        ///   connection is then closed as soon as the last statement is finalized.
        func close() throws(Failure) {
            try handle.withLock { (database) throws(Failure) in
                guard let open = database else { return }
                database = nil
                try SQLite.check(sqlite3_close_v2(open.pointer), "sqlite3_close_v2", open.pointer)
            }
        }
    }

    /// A borrowed view of an open connection, valid only inside ``Connection/withDatabase(_:)``.
    /// Not `Sendable`: it is the locked connection.
    struct Database {
        let handle: OpaquePointer

        /// Runs one or more SQL statements that return no rows the caller needs.
        func execute(_ sql: String) throws(Failure) {
            var message: UnsafeMutablePointer<CChar>?
            let code = sqlite3_exec(handle, sql, nil, nil, &message)
            defer { sqlite3_free(message) }
            guard code == SQLITE_OK else {
                let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
                throw Failure(code: sqlite3_extended_errcode(handle), operation: sql, message: text)
            }
        }

        /// Prepares one SQL statement.
        func prepare(_ sql: String) throws(Failure) -> Statement {
            try Statement(sql: sql, database: handle)
        }

        /// Waits up to `milliseconds` for another connection's lock before failing with
        /// `SQLITE_BUSY`.
        func setBusyTimeout(milliseconds: Int32) throws(Failure) {
            try SQLite.check(sqlite3_busy_timeout(handle, milliseconds), "sqlite3_busy_timeout", handle)
        }

        /// Runs `body` in a `BEGIN IMMEDIATE` transaction (the write lock is taken up front, so
        /// the transaction never fails half-way with `SQLITE_BUSY`), committing when `body`
        /// returns and rolling back when it throws.
        func writeTransaction<Result>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
            try transaction("BEGIN IMMEDIATE", body)
        }

        /// Runs `body` in a `BEGIN DEFERRED` transaction: its reads see one state of the file,
        /// whatever other processes commit meanwhile.
        func readTransaction<Result>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
            try transaction("BEGIN DEFERRED", body)
        }

        private func transaction<Result>(_ begin: String, _ body: () throws(Failure) -> Result) throws(Failure)
            -> Result
        {
            try execute(begin)
            do {
                let result = try body()
                try execute("COMMIT")
                return result
            } catch {
                if sqlite3_get_autocommit(handle) == 0 {
                    try? execute("ROLLBACK")
                }
                throw error
            }
        }

        /// The first column of every row `sql` returns, as text (NULL as "").
        func texts(_ sql: String) throws(Failure) -> [String] {
            let statement = try prepare(sql)
            var values: [String] = []
            while try statement.step() { values.append(statement.text(0) ?? "") }
            return values
        }

        /// The first column of the first row `sql` returns, as an integer (0 when no row).
        func integer(_ sql: String) throws(Failure) -> Int {
            let statement = try prepare(sql)
            return try statement.step() ? statement.int(0) : 0
        }

        /// The number of rows the last INSERT, UPDATE or DELETE changed.
        var changes: Int { Int(sqlite3_changes(handle)) }
    }
}

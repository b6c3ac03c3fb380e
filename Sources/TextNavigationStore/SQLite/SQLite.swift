internal import CSQLite
import TextNavigation

/// The namespace of readaloud's owning wrappers around SQLite handles (the system libsqlite3,
/// through the `CSQLite` module).
///
/// One file per wrapped handle: `SQLite+Connection.swift` (a `sqlite3 *`) and
/// `SQLite+Statement.swift` (a `sqlite3_stmt *`). Result codes are judged in one place,
/// ``check(_:_:_:)``.
enum SQLite {
    /// The version of the SQLite library in use, such as "3.40.1".
    static var version: String { String(cString: sqlite3_libversion()) }

    /// Checks a result code: `SQLITE_OK`, `SQLITE_ROW` and `SQLITE_DONE` are success, anything
    /// else a ``Failure`` carrying the connection's error message.
    ///
    /// - Parameters:
    ///   - operation: the SQLite call or SQL that produced `code`, named in the error.
    ///   - database: the connection, for its error message; `nil` when there is none.
    static func check(_ code: Int32, _ operation: @autoclosure () -> String, _ database: OpaquePointer?)
        throws(Failure)
    {
        switch code {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return
        default: throw Failure(code: code, operation: operation(), database: database)
        }
    }

    /// A SQLite call failed.
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The extended result code, such as `SQLITE_BUSY_RECOVERY` (517).
        let code: Int32
        /// The SQLite call or SQL that failed.
        let operation: String
        /// SQLite's explanation: the connection's `sqlite3_errmsg` when it speaks of this
        /// failure, else `sqlite3_errstr` of the code.
        let message: String

        init(code: Int32, operation: String, message: String) {
            self.code = code
            self.operation = operation
            self.message = message
        }

        init(code: Int32, operation: String, database: OpaquePointer?) {
            var message = String(cString: sqlite3_errstr(code))
            if let database, sqlite3_extended_errcode(database) == code {
                message = String(cString: sqlite3_errmsg(database))
            }
            self.init(code: code, operation: operation, message: message)
        }

        /// The ``operation`` of a failure caused by using a connection after closing it.
        static let closedOperation = "use after close"

        /// The primary result code, such as `SQLITE_BUSY` (5) for `SQLITE_BUSY_RECOVERY`.
        var primaryCode: Int32 { code & 0xff }

        /// Whether the failure says the file is damaged or not a database at all, as opposed to
        /// busy, unreadable, full or closed.
        var isCorruption: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

        var description: String { "\(operation): \(message) (SQLite code \(code))" }
    }
}

internal import CSQLite
import TextNavigation

extension SQLite {
    /// An owning wrapper of one prepared statement (`sqlite3_stmt *`), finalized in `deinit`.
    ///
    /// Not `Sendable`: a statement has stepping state, and belongs to a connection used under
    /// that connection's lock. Create, use and drop it inside ``Connection/withDatabase(_:)``.
    final class Statement {
        private let handle: OpaquePointer
        private let database: OpaquePointer
        private let sql: String

        init(sql: String, database: OpaquePointer) throws(Failure) {
            var statement: OpaquePointer?
            let code = sqlite3_prepare_v2(database, sql, -1, &statement, nil)
            guard code == SQLITE_OK, let statement else {
                sqlite3_finalize(statement)
                throw Failure(code: code == SQLITE_OK ? SQLITE_MISUSE : code, operation: sql, database: database)
            }
            self.handle = statement
            self.database = database
            self.sql = sql
        }

        deinit { sqlite3_finalize(handle) }

        /// Binds `value` to the 1-based parameter `index`.
        func bind(_ value: String?, at index: Int32) throws(Failure) {
            let code: Int32
            if var value {
                // By byte count, not up to a NUL: a Swift string may contain NUL characters.
                code = value.withUTF8 { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) { bytes in
                        // A NULL pointer would bind SQL NULL, so empty text gets a real one.
                        guard let start = bytes.baseAddress, !bytes.isEmpty else {
                            return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
                        }
                        return sqlite3_bind_text(handle, index, start, Int32(bytes.count), csqlite_transient())
                    }
                }
            } else {
                code = sqlite3_bind_null(handle, index)
            }
            try SQLite.check(code, "bind ?\(index) of \(sql)", database)
        }

        /// Binds `value` to the 1-based parameter `index`.
        func bind(_ value: Int?, at index: Int32) throws(Failure) {
            let code = value.map { sqlite3_bind_int64(handle, index, Int64($0)) } ?? sqlite3_bind_null(handle, index)
            try SQLite.check(code, "bind ?\(index) of \(sql)", database)
        }

        /// Binds `value` to the 1-based parameter `index`.
        func bind(_ value: Double, at index: Int32) throws(Failure) {
            try SQLite.check(sqlite3_bind_double(handle, index, value), "bind ?\(index) of \(sql)", database)
        }

        /// Steps to the next row: `true` when there is one, `false` when the statement is done.
        func step() throws(Failure) -> Bool {
            let code = sqlite3_step(handle)
            if code == SQLITE_ROW { return true }
            if code == SQLITE_DONE { return false }
            throw Failure(code: code, operation: sql, database: database)
        }

        /// Whether column `index` (0-based) of the current row is NULL.
        func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

        /// Column `index` (0-based) of the current row as an integer.
        func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

        /// Column `index` (0-based) of the current row as a double.
        func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

        /// Column `index` (0-based) of the current row as text (UTF-8, NUL bytes kept), or `nil`
        /// when NULL.
        func text(_ index: Int32) -> String? {
            guard let bytes = sqlite3_column_text(handle, index) else { return nil }
            let count = Int(sqlite3_column_bytes(handle, index))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
    }
}

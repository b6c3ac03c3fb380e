import TextNavigation

/// What went wrong with a ``SavedSelectionStore``, where, and what to do about it.
public enum SavedSelectionStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store file at `path` is damaged or is not a SQLite database (`detail` says how). Its
    /// bytes were kept: the file was renamed to `movedTo` (its `-wal` and `-shm` companions
    /// alongside, as `movedTo-wal` and `movedTo-shm`). Opening the store again creates a new,
    /// empty store at `path`.
    case corrupt(path: String, movedTo: String, detail: String)
    /// The store file at `path` is damaged (`detail`), and renaming it aside failed
    /// (`renameFailure`); nothing was changed.
    case corruptAndNotMoved(path: String, detail: String, renameFailure: String)
    /// SQLite failed: `operation` (a call or SQL statement) on the store at `path`, with SQLite's
    /// extended result `code` and `message`.
    case sqlite(path: String, operation: String, code: Int32, message: String)
    /// The file at `path` is a SQLite database of another application (its `application_id` is
    /// `applicationID`); it was not touched.
    case notASelectionStore(path: String, applicationID: Int32)
    /// The store at `path` has format `version`, newer than this readaloud understands; it was
    /// not touched.
    case newerFormat(path: String, version: Int)
    /// The selection `id` cannot be saved, or read back from the store at `path`: `reason` says why.
    case invalidSelection(path: String, id: String, reason: String)
    /// The store's path names something other than a regular file (`kind`: a directory, a
    /// character device such as `/dev/null`, a pipe); it was not touched.
    case notARegularFile(path: String, kind: String)
    /// The file at `path` exists but cannot be looked at or opened: `reason` says why.
    case cannotOpen(path: String, reason: String)
    /// The directory for the store, `path`, could not be created: `reason` says why.
    case cannotCreateDirectory(path: String, reason: String)
    /// Neither `XDG_DATA_HOME` nor `HOME` names an absolute directory, so there is no default
    /// location for the store.
    case noDataDirectory
    /// The store at `path` was used after ``SavedSelectionStore/close()``.
    case closed(path: String)

    /// The path of the file or directory the error is about, or `nil` when there is none.
    public var path: String? {
        switch self {
        case .corrupt(let path, _, _), .corruptAndNotMoved(let path, _, _), .sqlite(let path, _, _, _),
            .notASelectionStore(let path, _), .newerFormat(let path, _), .invalidSelection(let path, _, _),
            .cannotCreateDirectory(let path, _), .closed(let path), .notARegularFile(let path, _),
            .cannotOpen(let path, _):
            path
        case .noDataDirectory:
            nil
        }
    }

    public var description: String {
        switch self {
        case .corrupt(let path, let movedTo, let detail):
            "The saved-selection store \(path) is damaged (\(detail)). It was moved aside to \(movedTo), "
                + "bytes intact; opening the store again starts a new, empty one. To recover saved "
                + "selections, run: sqlite3 '\(movedTo)' .recover"
        case .corruptAndNotMoved(let path, let detail, let renameFailure):
            "The saved-selection store \(path) is damaged (\(detail)), and moving it aside failed "
                + "(\(renameFailure)). Nothing was changed; move the file away by hand, or check the "
                + "directory's permissions."
        case .sqlite(let path, let operation, let code, let message):
            "SQLite failed on the saved-selection store \(path): \(message) (code \(code)) in `\(operation)`."
                + Self.advice(code: code)
        case .notASelectionStore(let path, let applicationID):
            "\(path) is a SQLite database of another application (application_id \(applicationID)), "
                + "not a readaloud saved-selection store; it was left alone. Choose another path."
        case .newerFormat(let path, let version):
            "The saved-selection store \(path) has format \(version), newer than this readaloud "
                + "understands (1); it was left alone. Use a newer readaloud."
        case .invalidSelection(let path, let id, let reason):
            "Saved selection \(id) in \(path) is invalid: \(reason)."
        case .notARegularFile(let path, let kind):
            "The saved-selection store \(path) is \(kind), not a regular file; it was left alone. "
                + "A store must be a regular file or not exist yet: choose another path."
        case .cannotOpen(let path, let reason):
            "Cannot open the saved-selection store \(path): \(reason)."
        case .cannotCreateDirectory(let path, let reason):
            "Cannot create the directory \(path) for the saved-selection store: \(reason). "
                + "Create it, or set XDG_DATA_HOME to a writable directory."
        case .noDataDirectory:
            "No place for the saved-selection store: neither XDG_DATA_HOME nor HOME is an absolute "
                + "path. Set one of them, or pass the store's path explicitly."
        case .closed(let path):
            "The saved-selection store \(path) was used after it was closed; open it again."
        }
    }

    private static func advice(code: Int32) -> String {
        switch code & 0xff {
        case 5, 6: " Another process held the store locked for too long (SQLITE_BUSY); try again."
        case 8: " The file or its directory is read-only; check permissions."
        case 13: " The disk is full; free space and try again."
        case 14: " The file cannot be opened; check that its directory exists and is writable."
        default: ""
        }
    }
}

import TextNavigation

/// What went wrong with a ``SavedSelectionStore``, where, and what to do about it: a code to act
/// on, the store's path, and the details of that code.
///
/// A struct with codes rather than an enum, so that codes can be added without breaking a
/// backend's `switch`: compare ``code`` with the codes of ``Code``.
public struct SavedSelectionStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The store file is damaged or is not a SQLite database (``SavedSelectionStoreError/detail``
        /// says how). Its bytes were kept: the file was renamed to
        /// ``SavedSelectionStoreError/movedTo`` (its `-wal` and `-shm` companions alongside).
        /// Opening the store again creates a new, empty store at its path.
        public static let corrupt = Code(rawValue: "corrupt")
        /// The store file is damaged (``SavedSelectionStoreError/detail``), and renaming it aside
        /// failed (``SavedSelectionStoreError/reason``); nothing was changed.
        public static let corruptAndNotMoved = Code(rawValue: "corruptAndNotMoved")
        /// SQLite failed: ``SavedSelectionStoreError/operation`` (a call or SQL statement), with
        /// SQLite's extended result ``SavedSelectionStoreError/sqliteCode`` and message
        /// (``SavedSelectionStoreError/reason``).
        public static let sqlite = Code(rawValue: "sqlite")
        /// The file is a SQLite database of another application (its `application_id` is
        /// ``SavedSelectionStoreError/applicationID``); it was not touched.
        public static let notASelectionStore = Code(rawValue: "notASelectionStore")
        /// The store has format ``SavedSelectionStoreError/version``, newer than this readaloud
        /// understands; it was not touched.
        public static let newerFormat = Code(rawValue: "newerFormat")
        /// The selection ``SavedSelectionStoreError/selectionID`` cannot be saved, or read back:
        /// ``SavedSelectionStoreError/reason`` says why.
        public static let invalidSelection = Code(rawValue: "invalidSelection")
        /// The store's path names something other than a regular file
        /// (``SavedSelectionStoreError/fileKind``: a directory, a character device such as
        /// `/dev/null`, a pipe); it was not touched.
        public static let notARegularFile = Code(rawValue: "notARegularFile")
        /// The file exists but cannot be looked at or opened: ``SavedSelectionStoreError/reason``
        /// says why.
        public static let cannotOpen = Code(rawValue: "cannotOpen")
        /// The directory for the store could not be created: ``SavedSelectionStoreError/reason``
        /// says why.
        public static let cannotCreateDirectory = Code(rawValue: "cannotCreateDirectory")
        /// Neither `XDG_DATA_HOME` nor `HOME` names an absolute directory, so there is no default
        /// location for the store.
        public static let noDataDirectory = Code(rawValue: "noDataDirectory")
        /// The store was used after ``SavedSelectionStore/close()``.
        public static let closed = Code(rawValue: "closed")

        public var description: String { rawValue }
    }

    /// What kind of failure it is.
    public let code: Code
    /// The path of the file or directory the error is about, or `nil` when there is none
    /// (``Code/noDataDirectory``).
    public let path: String?
    /// Why, in words: the system's or SQLite's explanation, what is wrong with a selection, why
    /// a damaged store could not be moved aside; else `nil`.
    public let reason: String?
    /// How a damaged store is damaged (``Code/corrupt``, ``Code/corruptAndNotMoved``), else `nil`.
    public let detail: String?
    /// Where a damaged store was moved to (``Code/corrupt``), else `nil`.
    public let movedTo: String?
    /// The SQLite call or SQL statement that failed (``Code/sqlite``), else `nil`.
    public let operation: String?
    /// SQLite's extended result code (``Code/sqlite``), else `nil`.
    public let sqliteCode: Int32?
    /// The other application's `application_id` (``Code/notASelectionStore``), else `nil`.
    public let applicationID: Int32?
    /// The store's newer format (``Code/newerFormat``), else `nil`.
    public let version: Int?
    /// The selection's identifier (``Code/invalidSelection``), else `nil`.
    public let selectionID: String?
    /// What the path names instead of a regular file (``Code/notARegularFile``), else `nil`.
    public let fileKind: String?

    /// An error of `code` with its details; those its code does not use are `nil`.
    public init(
        code: Code, path: String?, reason: String? = nil, detail: String? = nil, movedTo: String? = nil,
        operation: String? = nil, sqliteCode: Int32? = nil, applicationID: Int32? = nil, version: Int? = nil,
        selectionID: String? = nil, fileKind: String? = nil
    ) {
        self.code = code
        self.path = path
        self.reason = reason
        self.detail = detail
        self.movedTo = movedTo
        self.operation = operation
        self.sqliteCode = sqliteCode
        self.applicationID = applicationID
        self.version = version
        self.selectionID = selectionID
        self.fileKind = fileKind
    }

    /// The store at `path` is damaged (`detail`) and was moved to `movedTo`.
    public static func corrupt(path: String, movedTo: String, detail: String) -> Self {
        Self(code: .corrupt, path: path, detail: detail, movedTo: movedTo)
    }

    /// The store at `path` is damaged (`detail`), and moving it aside failed (`renameFailure`).
    public static func corruptAndNotMoved(path: String, detail: String, renameFailure: String) -> Self {
        Self(code: .corruptAndNotMoved, path: path, reason: renameFailure, detail: detail)
    }

    /// SQLite failed `operation` on the store at `path`, with result `code` and `message`.
    public static func sqlite(path: String, operation: String, code: Int32, message: String) -> Self {
        Self(code: .sqlite, path: path, reason: message, operation: operation, sqliteCode: code)
    }

    /// The file at `path` is a SQLite database of another application, `applicationID`.
    public static func notASelectionStore(path: String, applicationID: Int32) -> Self {
        Self(code: .notASelectionStore, path: path, applicationID: applicationID)
    }

    /// The store at `path` has a newer format, `version`.
    public static func newerFormat(path: String, version: Int) -> Self {
        Self(code: .newerFormat, path: path, version: version)
    }

    /// The selection `id` cannot be saved to, or read from, the store at `path`, for `reason`.
    public static func invalidSelection(path: String, id: String, reason: String) -> Self {
        Self(code: .invalidSelection, path: path, reason: reason, selectionID: id)
    }

    /// The store's `path` names `kind`, not a regular file.
    public static func notARegularFile(path: String, kind: String) -> Self {
        Self(code: .notARegularFile, path: path, fileKind: kind)
    }

    /// The file at `path` cannot be looked at or opened, for `reason`.
    public static func cannotOpen(path: String, reason: String) -> Self {
        Self(code: .cannotOpen, path: path, reason: reason)
    }

    /// The store's directory, `path`, could not be created, for `reason`.
    public static func cannotCreateDirectory(path: String, reason: String) -> Self {
        Self(code: .cannotCreateDirectory, path: path, reason: reason)
    }

    /// There is no default location for the store.
    public static let noDataDirectory = Self(code: .noDataDirectory, path: nil)

    /// The store at `path` was used after it was closed.
    public static func closed(path: String) -> Self {
        Self(code: .closed, path: path)
    }

    /// What is wrong, where, and what to do about it.
    public var description: String {
        let path = path ?? "(no path)"
        let reason = reason ?? "unknown reason"
        let detail = detail ?? "unknown damage"
        switch code {
        case .corrupt:
            let movedTo = movedTo ?? "(unknown)"
            return "The saved-selection store \(path) is damaged (\(detail)). It was moved aside to \(movedTo), "
                + "bytes intact; opening the store again starts a new, empty one. To recover saved "
                + "selections, run: sqlite3 '\(movedTo)' .recover"
        case .corruptAndNotMoved:
            return "The saved-selection store \(path) is damaged (\(detail)), and moving it aside failed "
                + "(\(reason)). Nothing was changed; move the file away by hand, or check the "
                + "directory's permissions."
        case .sqlite:
            let sqliteCode = sqliteCode ?? 1
            return "SQLite failed on the saved-selection store \(path): \(reason) (code \(sqliteCode)) in "
                + "`\(operation ?? "")`." + Self.advice(code: sqliteCode)
        case .notASelectionStore:
            return "\(path) is a SQLite database of another application (application_id \(applicationID ?? 0)), "
                + "not a readaloud saved-selection store; it was left alone. Choose another path."
        case .newerFormat:
            return "The saved-selection store \(path) has format \(version ?? 0), newer than this readaloud "
                + "understands (1); it was left alone. Use a newer readaloud."
        case .invalidSelection:
            return "Saved selection \(selectionID ?? "") in \(path) is invalid: \(reason)."
        case .notARegularFile:
            return "The saved-selection store \(path) is \(fileKind ?? "not a file"), not a regular file; it was "
                + "left alone. A store must be a regular file or not exist yet: choose another path."
        case .cannotOpen:
            return "Cannot open the saved-selection store \(path): \(reason)."
        case .cannotCreateDirectory:
            return "Cannot create the directory \(path) for the saved-selection store: \(reason). "
                + "Create it, or set XDG_DATA_HOME to a writable directory."
        case .noDataDirectory:
            return "No place for the saved-selection store: neither XDG_DATA_HOME nor HOME is an absolute "
                + "path. Set one of them, or pass the store's path explicitly."
        case .closed:
            return "The saved-selection store \(path) was used after it was closed; open it again."
        default:
            return "The saved-selection store \(path) cannot be used (\(code)): \(reason)."
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

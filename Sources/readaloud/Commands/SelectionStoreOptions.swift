import Foundation
import TextNavigation
import TextNavigationBooks
import TextNavigationStore

/// What `save`, `saved` and `unsave` share: the store option, opening the store, and the
/// book's identity in it.
enum SelectionStoreOptions {
    /// The book: a file only, since saved selections belong to a book file (standard input,
    /// `-`, is refused with a usage error).
    static let book = CommandSpec.Positional(
        name: "book", help: "A UTF-8 plain-text book file (not standard input: selections belong to a file).")

    static let store = CommandOption.text(
        "store", valueName: "PATH",
        help:
            "The saved-selections store (default: $XDG_DATA_HOME/readaloud/selections.sqlite, else ~/.local/share/readaloud/selections.sqlite)."
    )

    /// Opens the store named by `--store`, or the default one, creating it when missing.
    static func open(_ arguments: ParsedArguments) throws(CommandFailure) -> SavedSelectionStore {
        do {
            return try SavedSelectionStore(url: url(arguments))
        } catch {
            throw failure(error)
        }
    }

    /// Opens the store named by `--store`, or the default one, only when it exists (`saved`
    /// and `unsave` never create one): `nil` when there is none.
    static func openExisting(_ arguments: ParsedArguments) throws(CommandFailure) -> SavedSelectionStore? {
        do {
            return try SavedSelectionStore.existing(at: url(arguments))
        } catch {
            throw failure(error)
        }
    }

    private static func url(_ arguments: ParsedArguments) throws(SavedSelectionStoreError) -> URL {
        if let path = arguments[store] { return URL(fileURLWithPath: path) }
        return try SavedSelectionStore.defaultURL()
    }

    /// `error` as a one-line failure with its exit code (docs/cli.md lists them): 65 a damaged
    /// store or selection, 73 a path that cannot hold the store, 74 an I/O error, 75 a store
    /// locked too long, 78 no place for the default store.
    static func failure(_ error: SavedSelectionStoreError) -> CommandFailure {
        let code: ExitCode
        switch error.code {
        case .corrupt, .corruptAndNotMoved, .invalidSelection: code = .dataError
        case .notASelectionStore, .newerFormat, .notARegularFile, .cannotOpen, .cannotCreateDirectory:
            code = .cannotCreate
        case .noDataDirectory: code = .configuration
        case .sqlite:
            switch (error.sqliteCode ?? 0) & 0xff {
            case 5, 6: code = .temporaryFailure  // SQLITE_BUSY, SQLITE_LOCKED
            case 3, 8, 14, 23: code = .cannotCreate  // SQLITE_PERM, _READONLY, _CANTOPEN, _AUTH
            default: code = .ioError  // SQLITE_IOERR, SQLITE_FULL and the rest
            }
        default: code = .software  // used after close, and codes this build does not know
        }
        return CommandFailure("\(error)", exitCode: code)
    }

    /// The book file (plain text or EPUB) opened, and its identity; standard input cannot hold
    /// saved selections.
    static func book(_ arguments: ParsedArguments) throws(CommandFailure) -> (book: OpenedBook, identity: BookIdentity)
    {
        let path = arguments.positionals[0]
        guard path != "-" else {
            throw CommandFailure(
                UsageError("saved selections belong to a book file, not standard input", spec: arguments.spec))
        }
        let bytes = try BookInput.bytes(at: path)
        let locale = arguments[CommonOptions.locale]
        return (
            try OpenedBook.open(at: path, lossy: arguments[CommonOptions.lossy], locale: locale),
            BookIdentity(fingerprintOf: bytes)
        )
    }
}

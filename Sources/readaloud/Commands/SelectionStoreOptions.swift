import Foundation
import TextNavigation

/// What `save`, `saved` and `unsave` share: the store option, opening the store, and the
/// book's identity in it.
enum SelectionStoreOptions {
    static let store = CommandSpec.Option(
        name: "store", valueName: "PATH",
        help:
            "The saved-selections store (default: $XDG_DATA_HOME/readaloud/selections.sqlite, else ~/.local/share/readaloud/selections.sqlite)."
    )

    /// Opens the store named by `--store`, or the default one.
    static func open(_ arguments: ParsedArguments) throws(CommandFailure) -> SavedSelectionStore {
        do {
            if let path = arguments.value("store") { return try SavedSelectionStore(url: URL(fileURLWithPath: path)) }
            return try SavedSelectionStore()
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// The book's identity in the store: a fingerprint of its bytes (64-bit FNV-1a and the
    /// length), so selections follow the book when it is moved or copied.
    static func identity(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex + ":\(bytes.count)"
    }

    /// The book file (plain text or EPUB) opened, and its identity; standard input cannot hold
    /// saved selections.
    static func book(_ arguments: ParsedArguments) throws(CommandFailure) -> (book: OpenedBook, identity: String) {
        let path = arguments.positionals[0]
        guard path != "-" else {
            throw CommandFailure(
                UsageError("saved selections belong to a book file, not standard input", spec: arguments.spec))
        }
        let bytes = try BookInput.bytes(at: path)
        let locale = arguments.value("locale") ?? "en"
        return (try OpenedBook.open(at: path, lossy: arguments.flag("lossy"), locale: locale), identity(of: bytes))
    }
}

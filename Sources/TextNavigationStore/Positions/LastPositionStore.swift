import Foundation
import TextNavigation

/// Where the reader left each book: one small file a book, holding a ``Locator``'s JSON, in a
/// `positions` folder beside the saved-selections store (by default
/// `$XDG_DATA_HOME/readaloud/positions/`; with `--store PATH`, beside PATH).
///
/// A book is known by the same fingerprint of its bytes that its saved selections use, so the
/// place follows the book when it is moved. Files are replaced atomically after being synced,
/// so a crash leaves the old place or the new one, never a torn file.
public struct LastPositionStore: Sendable {
    /// The folder holding the files.
    public let directory: URL

    /// The store beside the saved-selections store at `selectionsStore`.
    public init(besideSelectionsStore selectionsStore: URL) {
        directory = selectionsStore.deletingLastPathComponent().appendingPathComponent("positions", isDirectory: true)
    }

    private func file(forBook book: BookIdentity) -> URL {
        let name = book.rawValue.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
        return directory.appendingPathComponent(name + ".json")
    }

    /// The locator saved for `book`, or `nil` when there is none or it cannot be read (a damaged
    /// file is ignored: the book opens at its start).
    public func locator(forBook book: BookIdentity) -> Locator? {
        guard let data = FileManager.default.contents(atPath: file(forBook: book).path) else { return nil }
        return try? Locator(json: String(decoding: data, as: UTF8.self))
    }

    /// Saves `locator` as the place to reopen `book` at.
    ///
    /// - Throws: the file system's error when the folder cannot be made or the file written.
    public func save(_ locator: Locator, forBook book: BookIdentity) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let target = file(forBook: book)
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(locator.json.utf8)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        let handle = try FileHandle(forWritingTo: temporary)
        try handle.synchronize()
        try handle.close()
        if rename(temporary.path, target.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
        }
    }
}

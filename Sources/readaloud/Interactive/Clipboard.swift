import Synchronization

/// Where the actions list's Copy puts text: the reader's own clipboard, which the reader then
/// also sends to the system's through the terminal (OSC 52, ``Terminal/setClipboard(_:)``)
/// when the terminal can take it.
///
/// `Sendable`: the text sits behind a mutex (Copy's handler is a `@Sendable` closure).
final class Clipboard: Sendable {
    private let storage = Mutex((text: "", isNew: false))

    /// The text copied last.
    var text: String { storage.withLock { $0.text } }

    /// Replaces the text.
    func copy(_ text: String) { storage.withLock { $0 = (text, true) } }

    /// The text copied since the last call, or `nil` when nothing was.
    func takeNewCopy() -> String? {
        storage.withLock { storage in
            defer { storage.isNew = false }
            return storage.isNew ? storage.text : nil
        }
    }
}

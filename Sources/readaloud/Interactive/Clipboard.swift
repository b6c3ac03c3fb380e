import Synchronization

/// Where the actions list's Copy puts text: the reader's own clipboard, as the terminal gives
/// a program no portable way to reach the system's.
///
/// `Sendable`: the text sits behind a mutex (Copy's handler is a `@Sendable` closure).
final class Clipboard: Sendable {
    private let storage = Mutex("")

    /// The text copied last.
    var text: String { storage.withLock { $0 } }

    /// Replaces the text.
    func copy(_ text: String) { storage.withLock { $0 = text } }
}

import Foundation
import Synchronization
import TextNavigation

/// The terminal reader's `--transcript FILE`: what read all presents, written as it is presented,
/// as the JSON Lines of `readaloud BOOK --format jsonl` (``EventFormatter``), one event a line
/// (no `start` line: a transcript holds every read all of the session, one after another).
///
/// `Sendable`: the file is written under a lock, from the player's queue.
final class ReadAllTranscript: Sendable {
    private let file: Mutex<FileHandle>

    /// Creates (or empties) the file at `path`.
    ///
    /// - Throws: ``CommandFailure`` (exit status 73) when the file cannot be written.
    init(path: String) throws(CommandFailure) {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw CommandFailure("--transcript: cannot write '\(path)'", exitCode: .cannotCreate)
        }
        file = Mutex(handle)
    }

    /// Writes `event`'s line.
    func write(_ event: ReadingEvent, in document: Document) {
        guard let line = EventFormatter.line(for: event, format: .jsonl, document: document) else { return }
        file.withLock { try? $0.write(contentsOf: Data((line + "\n").utf8)) }
    }

    deinit {
        file.withLock { try? $0.close() }
    }
}

/// Why a book's bytes could not be read as text.
public enum BookLoadingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input has no bytes (or only a byte-order mark).
    case empty
    /// The input holds a NUL byte, the mark of a binary file, at this byte offset.
    case binary(byteOffset: Int)
    /// The input is not valid UTF-8: the first bad sequence starts at this byte offset.
    case invalidUTF8(byteOffset: Int, reason: String)
    /// The input is larger than one UTF-16 buffer can address (2 GiB of code units).
    case tooLarge(byteCount: Int)
    /// The file at `path` could not be opened or read (it is missing, a directory, or not
    /// readable); `reason` is the system's explanation.
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .empty:
            "the file is empty"
        case .binary(let offset):
            "this looks like a binary file, not text (NUL byte at byte offset \(offset))"
        case .invalidUTF8(let offset, let reason):
            "invalid UTF-8 at byte offset \(offset): \(reason) (use --lossy to replace bad bytes with U+FFFD)"
        case .tooLarge(let count):
            "the file is too large (\(count) bytes; at most 2 GiB of text is supported)"
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        }
    }
}

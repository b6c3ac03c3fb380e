import TextNavigation

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
    /// The input starts with the byte-order mark of another encoding, `encoding` (`UTF-16LE`,
    /// `UTF-16BE`, `UTF-32LE` or `UTF-32BE`): it is text, but not UTF-8.
    case otherEncoding(String)
    /// A stream (standard input, a pipe, a device) gave more than `limit` bytes; it was not
    /// read further.
    case streamTooLarge(limit: Int)
    /// The file at `path` changed (was truncated, grew or was rewritten) while it was being read.
    case changedWhileReading(path: String)
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
            "invalid UTF-8 at byte offset \(offset): \(reason) (read it lossy to replace bad bytes with U+FFFD)"
        case .tooLarge(let count):
            "the file is too large (\(count) bytes; at most 2 GiB of text is supported)"
        case .otherEncoding(let encoding):
            "this is \(encoding) text (it starts with a \(encoding) byte-order mark), not UTF-8; "
                + "convert it to UTF-8 (for example: iconv -f \(encoding) -t UTF-8)"
        case .streamTooLarge(let limit):
            "the input goes on past \(limit >= 1 << 30 ? "\(limit >> 30) GiB" : "\(limit >> 20) MiB"), the most "
                + "read from a pipe, a device or standard input; save it to a file first"
        case .changedWhileReading(let path):
            "\(path) changed while it was being read (it was truncated, extended or rewritten); try again"
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        }
    }
}

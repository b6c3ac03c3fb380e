import TextNavigation

/// Why a book's bytes could not be read as text: a code to act on, and the details that say
/// where (the file, the byte offset) and why.
///
/// A struct with codes rather than an enum, so that codes can be added without breaking a
/// backend's `switch`: compare ``code`` with the codes of ``Code``.
public struct BookLoadingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The input has no bytes (or only a byte-order mark).
        public static let empty = Code(rawValue: "empty")
        /// The input holds a NUL byte, the mark of a binary file, at ``BookLoadingError/byteOffset``.
        public static let binary = Code(rawValue: "binary")
        /// The input is not valid UTF-8: the first bad sequence starts at
        /// ``BookLoadingError/byteOffset``; ``BookLoadingError/reason`` says what is wrong with it.
        public static let invalidUTF8 = Code(rawValue: "invalidUTF8")
        /// The input (``BookLoadingError/byteCount`` bytes) is larger than one UTF-16 buffer can
        /// address (2 GiB of code units).
        public static let tooLarge = Code(rawValue: "tooLarge")
        /// The input starts with the byte-order mark of another encoding,
        /// ``BookLoadingError/encoding``: it is text, but not UTF-8.
        public static let otherEncoding = Code(rawValue: "otherEncoding")
        /// A stream (standard input, a pipe, a device) gave more than ``BookLoadingError/limit``
        /// bytes; it was not read further.
        public static let streamTooLarge = Code(rawValue: "streamTooLarge")
        /// The file at ``BookLoadingError/path`` changed (was truncated, grew or was rewritten)
        /// while it was being read.
        public static let changedWhileReading = Code(rawValue: "changedWhileReading")
        /// The file at ``BookLoadingError/path`` could not be opened or read (it is missing, a
        /// directory, or not readable); ``BookLoadingError/reason`` is the system's explanation.
        public static let unreadable = Code(rawValue: "unreadable")

        public var description: String { rawValue }
    }

    /// What kind of failure it is.
    public let code: Code
    /// The file the error is about (``Code/changedWhileReading``, ``Code/unreadable``), else `nil`.
    public let path: String?
    /// The byte offset of the problem (``Code/binary``, ``Code/invalidUTF8``), else `nil`.
    public let byteOffset: Int?
    /// The input's size in bytes (``Code/tooLarge``), else `nil`.
    public let byteCount: Int?
    /// The most bytes read from a stream (``Code/streamTooLarge``), else `nil`.
    public let limit: Int?
    /// The encoding the input's byte-order mark names (``Code/otherEncoding``): `UTF-16LE`,
    /// `UTF-16BE`, `UTF-32LE` or `UTF-32BE`; else `nil`.
    public let encoding: String?
    /// Why, in words (``Code/invalidUTF8``'s bad sequence, ``Code/unreadable``'s system
    /// explanation), else `nil`.
    public let reason: String?

    /// An error of `code` with its details; those its code does not use are `nil`.
    public init(
        code: Code, path: String? = nil, byteOffset: Int? = nil, byteCount: Int? = nil, limit: Int? = nil,
        encoding: String? = nil, reason: String? = nil
    ) {
        self.code = code
        self.path = path
        self.byteOffset = byteOffset
        self.byteCount = byteCount
        self.limit = limit
        self.encoding = encoding
        self.reason = reason
    }

    /// The input has no bytes (or only a byte-order mark).
    public static let empty = BookLoadingError(code: .empty)

    /// The input holds a NUL byte at `byteOffset`.
    public static func binary(byteOffset: Int) -> BookLoadingError {
        BookLoadingError(code: .binary, byteOffset: byteOffset)
    }

    /// The input is not valid UTF-8 from `byteOffset` on, for `reason`.
    public static func invalidUTF8(byteOffset: Int, reason: String) -> BookLoadingError {
        BookLoadingError(code: .invalidUTF8, byteOffset: byteOffset, reason: reason)
    }

    /// The input, `byteCount` bytes, is too large for one UTF-16 buffer.
    public static func tooLarge(byteCount: Int) -> BookLoadingError {
        BookLoadingError(code: .tooLarge, byteCount: byteCount)
    }

    /// The input starts with the byte-order mark of `encoding`.
    public static func otherEncoding(_ encoding: String) -> BookLoadingError {
        BookLoadingError(code: .otherEncoding, encoding: encoding)
    }

    /// A stream gave more than `limit` bytes.
    public static func streamTooLarge(limit: Int) -> BookLoadingError {
        BookLoadingError(code: .streamTooLarge, limit: limit)
    }

    /// The file at `path` changed while it was being read.
    public static func changedWhileReading(path: String) -> BookLoadingError {
        BookLoadingError(code: .changedWhileReading, path: path)
    }

    /// The file at `path` could not be opened or read, for `reason`.
    public static func unreadable(path: String, reason: String) -> BookLoadingError {
        BookLoadingError(code: .unreadable, path: path, reason: reason)
    }

    /// One line that says what is wrong, where, and what to do about it when something can be
    /// done.
    public var description: String {
        let path = path ?? "the file"
        let reason = reason ?? "unknown reason"
        switch code {
        case .empty:
            return "the file is empty"
        case .binary:
            return "this looks like a binary file, not text (NUL byte at byte offset \(byteOffset ?? 0))"
        case .invalidUTF8:
            return
                "invalid UTF-8 at byte offset \(byteOffset ?? 0): \(reason) (read it lossy to replace bad bytes with U+FFFD)"
        case .tooLarge:
            return "the file is too large (\(byteCount ?? 0) bytes; at most 2 GiB of text is supported)"
        case .otherEncoding:
            let encoding = encoding ?? "another encoding's"
            return "this is \(encoding) text (it starts with a \(encoding) byte-order mark), not UTF-8; "
                + "convert it to UTF-8 (for example: iconv -f \(encoding) -t UTF-8)"
        case .streamTooLarge:
            let limit = limit ?? 0
            return "the input goes on past \(limit >= 1 << 30 ? "\(limit >> 30) GiB" : "\(limit >> 20) MiB"), the most "
                + "read from a pipe, a device or standard input; save it to a file first"
        case .changedWhileReading:
            return "\(path) changed while it was being read (it was truncated, extended or rewritten); try again"
        case .unreadable:
            return "cannot read \(path): \(reason)"
        default:
            return "the text cannot be read (\(code))"
        }
    }
}

import TextNavigation

/// Why a book could not be opened (``OpenedBook``): a code to act on, the book's name, and the
/// plain-text or EPUB reader's own error when one of them refused it.
///
/// A struct with codes rather than an enum, so that codes can be added without breaking a
/// backend's `switch`.
public struct BookOpenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The file could not be opened or read: missing, a directory, not permitted.
        public static let unreadable = Code(rawValue: "unreadable")
        /// The file changed (truncated, extended, rewritten) while it was read; trying again may
        /// work.
        public static let changedWhileReading = Code(rawValue: "changedWhileReading")
        /// The bytes are not plain text that can be read: binary, not UTF-8, empty, too large
        /// (a stream that went on too long too).
        public static let invalidText = Code(rawValue: "invalidText")
        /// The bytes are a ZIP archive, but not an EPUB that can be read.
        public static let invalidEPUB = Code(rawValue: "invalidEPUB")
        /// The book was read, but has nothing to read aloud (only white space).
        public static let noText = Code(rawValue: "noText")

        public var description: String { rawValue }
    }

    public let code: Code
    /// The book's path, or the name given for a stream or bytes.
    public let name: String
    /// The plain-text reader's error, when it refused the book.
    public let plainTextError: BookLoadingError?
    /// The EPUB reader's error, when it refused the book.
    public let epubError: EPUBError?

    public init(code: Code, name: String, plainTextError: BookLoadingError? = nil, epubError: EPUBError? = nil) {
        self.code = code
        self.name = name
        self.plainTextError = plainTextError
        self.epubError = epubError
    }

    /// The error for the plain-text reader's `error` on the book named `name`.
    public init(name: String, plainTextError error: BookLoadingError) {
        let code: Code =
            switch error.code {
            case .unreadable: .unreadable
            case .changedWhileReading: .changedWhileReading
            default: .invalidText
            }
        self.init(code: code, name: name, plainTextError: error)
    }

    /// The error for the EPUB reader's `error` on the book named `name`.
    public init(name: String, epubError error: EPUBError) {
        self.init(code: error.code == .noText ? .noText : .invalidEPUB, name: name, epubError: error)
    }

    /// One line that says what is wrong: the reader's own message, which names the file where it
    /// is about reading it, else prefixed with the book's name.
    public var description: String {
        if let plainTextError {
            switch plainTextError.code {
            case .unreadable, .changedWhileReading: return "\(plainTextError)"
            default: return "\(name): \(plainTextError)"
            }
        }
        if let epubError { return "\(name): \(epubError)" }
        return "\(name) has no text to read (only white space)"
    }
}

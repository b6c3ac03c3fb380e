import TextNavigation

/// Why an EPUB book could not be read: a code to act on, the archive entry it is about, and a
/// reason in words a reader can act on; the command line prints ``description`` and exits 65.
///
/// A struct with codes rather than an enum, so that codes can be added without breaking a
/// backend's `switch`: compare ``code`` with the codes of ``Code``.
public struct EPUBError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The file is not a ZIP archive libzip can open (empty, truncated, not a ZIP).
        public static let notAnArchive = Code(rawValue: "notAnArchive")
        /// An entry's name is unsafe or unusable: `..`, an absolute path, not UTF-8, a duplicate.
        public static let unsafeEntryName = Code(rawValue: "unsafeEntryName")
        /// An entry the book needs is missing (`META-INF/container.xml`, the package document, a
        /// spine item's content document).
        public static let missingEntry = Code(rawValue: "missingEntry")
        /// An entry inflates past a limit (``EPUBLimits``), or its data does not match its
        /// declared size or checksum.
        public static let limitExceeded = Code(rawValue: "limitExceeded")
        /// An entry could not be read from the archive (a corrupt or unsupported compression).
        public static let unreadableEntry = Code(rawValue: "unreadableEntry")
        /// An XML document is not well-formed (or breaks a parser limit).
        public static let malformedXML = Code(rawValue: "malformedXML")
        /// The container or package document is well-formed but does not describe a readable
        /// book.
        public static let invalidPackage = Code(rawValue: "invalidPackage")
        /// The book has no text to read.
        public static let noText = Code(rawValue: "noText")

        public var description: String { rawValue }
    }

    /// What kind of failure it is.
    public let code: Code
    /// The archive entry the error is about (its name in the ZIP), or `nil` when it is about the
    /// whole book (``Code/notAnArchive``, ``Code/invalidPackage``, ``Code/noText``).
    public let entryName: String?
    /// Why, in words; empty for ``Code/noText``.
    public let reason: String

    /// An error of `code` about the entry `entryName` (`nil` for the whole book), for `reason`.
    public init(code: Code, entryName: String? = nil, reason: String = "") {
        self.code = code
        self.entryName = entryName
        self.reason = reason
    }

    /// The file is not a ZIP archive libzip can open, for `reason`.
    public static func notAnArchive(reason: String) -> EPUBError {
        EPUBError(code: .notAnArchive, reason: reason)
    }

    /// The entry name `name` is unsafe or unusable, for `reason`.
    public static func unsafeEntryName(name: String, reason: String) -> EPUBError {
        EPUBError(code: .unsafeEntryName, entryName: name, reason: reason)
    }

    /// The entry `name`, which the book needs, is missing, for `reason`.
    public static func missingEntry(name: String, reason: String) -> EPUBError {
        EPUBError(code: .missingEntry, entryName: name, reason: reason)
    }

    /// The entry `name` goes past a limit, for `reason`.
    public static func limitExceeded(name: String, reason: String) -> EPUBError {
        EPUBError(code: .limitExceeded, entryName: name, reason: reason)
    }

    /// The entry `name` could not be read from the archive, for `reason`.
    public static func unreadableEntry(name: String, reason: String) -> EPUBError {
        EPUBError(code: .unreadableEntry, entryName: name, reason: reason)
    }

    /// The XML document `name` is not well-formed, for `reason`.
    public static func malformedXML(name: String, reason: String) -> EPUBError {
        EPUBError(code: .malformedXML, entryName: name, reason: reason)
    }

    /// The container or package document does not describe a readable book, for `reason`.
    public static func invalidPackage(reason: String) -> EPUBError {
        EPUBError(code: .invalidPackage, reason: reason)
    }

    /// The book has no text to read.
    public static let noText = EPUBError(code: .noText)

    /// One line that says what is wrong and where.
    public var description: String {
        let name = entryName ?? "the book"
        switch code {
        case .notAnArchive: return "not a readable EPUB (ZIP) file: \(reason)"
        case .unsafeEntryName: return "refused: entry name '\(name)' \(reason)"
        case .missingEntry: return "\(name) is missing: \(reason)"
        case .limitExceeded: return "refused: \(name) \(reason)"
        case .unreadableEntry: return "cannot read \(name) in the book: \(reason)"
        case .malformedXML: return "\(name) is not well-formed XML: \(reason)"
        case .invalidPackage: return "not a valid EPUB package: \(reason)"
        case .noText: return "the book has no text to read"
        default: return reason.isEmpty ? "cannot read the book (\(code))" : "cannot read \(name): \(reason)"
        }
    }
}

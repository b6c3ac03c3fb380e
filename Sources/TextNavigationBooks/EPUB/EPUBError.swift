import TextNavigation

/// Why an EPUB book could not be read. Each case says what is wrong in words a reader can act
/// on; the command line prints ``description`` and exits 65.
public enum EPUBError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not a ZIP archive libzip can open (empty, truncated, not a ZIP).
    case notAnArchive(reason: String)
    /// An entry's name is unsafe or unusable: `..`, an absolute path, not UTF-8, a duplicate.
    case unsafeEntryName(name: String, reason: String)
    /// An entry the book needs is missing (`META-INF/container.xml`, the package document, a
    /// spine item's content document).
    case missingEntry(name: String, reason: String)
    /// An entry inflates past a limit (``EPUBLimits``), or its data does not match its
    /// declared size or checksum.
    case limitExceeded(name: String, reason: String)
    /// An entry could not be read from the archive (a corrupt or unsupported compression).
    case unreadableEntry(name: String, reason: String)
    /// An XML document is not well-formed (or breaks a parser limit).
    case malformedXML(name: String, reason: String)
    /// The container or package document is well-formed but does not describe a readable book.
    case invalidPackage(reason: String)
    /// The book has no text to read.
    case noText

    public var description: String {
        switch self {
        case .notAnArchive(let reason): "not a readable EPUB (ZIP) file: \(reason)"
        case .unsafeEntryName(let name, let reason): "refused: entry name '\(name)' \(reason)"
        case .missingEntry(let name, let reason): "\(name) is missing: \(reason)"
        case .limitExceeded(let name, let reason): "refused: \(name) \(reason)"
        case .unreadableEntry(let name, let reason): "cannot read \(name) in the book: \(reason)"
        case .malformedXML(let name, let reason): "\(name) is not well-formed XML: \(reason)"
        case .invalidPackage(let reason): "not a valid EPUB package: \(reason)"
        case .noText: "the book has no text to read"
        }
    }
}

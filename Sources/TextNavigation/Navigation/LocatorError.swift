/// Why a stored locator could not be read or placed.
public enum LocatorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not a locator's JSON; says what was wrong.
    case malformed(String)
    /// The JSON is some other kind of object, or a locator version this build does not read.
    case foreign(String)
    /// Neither the position nor its surrounding text is in this document.
    case notFound

    public var description: String {
        switch self {
        case .malformed(let reason): "not a valid locator: \(reason)"
        case .foreign(let reason): "not a readaloud locator: \(reason)"
        case .notFound: "the locator's text is not in this document (is it another book?)"
        }
    }
}

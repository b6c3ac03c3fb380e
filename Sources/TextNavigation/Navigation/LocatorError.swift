/// Why a stored locator could not be read or placed: a code to act on, and a reason in words.
///
/// A struct with codes rather than an enum, so that codes can be added without breaking a
/// backend's `switch`: compare ``code`` with the codes of ``Code``.
public struct LocatorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The text is not a locator's JSON.
        public static let malformed = Code(rawValue: "malformed")
        /// The JSON is some other kind of object, or a locator version this build does not read.
        public static let foreign = Code(rawValue: "foreign")
        /// Neither the position nor its surrounding text is in this document.
        public static let notFound = Code(rawValue: "notFound")

        public var description: String { rawValue }
    }

    /// What kind of failure it is.
    public let code: Code
    /// What was wrong with the text (``Code/malformed``, ``Code/foreign``); empty for
    /// ``Code/notFound``.
    public let reason: String

    /// An error of `code`, for `reason`.
    public init(code: Code, reason: String = "") {
        self.code = code
        self.reason = reason
    }

    /// The text is not a locator's JSON, for `reason`.
    public static func malformed(_ reason: String) -> LocatorError {
        LocatorError(code: .malformed, reason: reason)
    }

    /// The JSON is not a locator this build reads, for `reason`.
    public static func foreign(_ reason: String) -> LocatorError {
        LocatorError(code: .foreign, reason: reason)
    }

    /// Neither the position nor its surrounding text is in this document.
    public static let notFound = LocatorError(code: .notFound)

    /// One line that says what is wrong, and for a locator not found, what it may mean.
    public var description: String {
        switch code {
        case .malformed: "not a valid locator: \(reason)"
        case .foreign: "not a readaloud locator: \(reason)"
        case .notFound: "the locator's text is not in this document (is it another book?)"
        default: reason.isEmpty ? "the locator cannot be used (\(code))" : "the locator cannot be used: \(reason)"
        }
    }
}

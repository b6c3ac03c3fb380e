/// A locale the library cannot tokenize or lay out text with: an id ICU rejects (`"en-"`), or
/// one whose rules ICU cannot load.
///
/// A struct with codes rather than an enum, so that codes can be added without breaking a
/// `switch` (as swift-system's `Errno` does).
public struct LocaleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The id is not a well-formed BCP-47 tag or ICU locale id.
        public static let invalid = Code(rawValue: "invalid")
        /// ICU could not open its rules for the locale (its data is missing, or memory ran out).
        public static let unavailable = Code(rawValue: "unavailable")
    }

    /// What went wrong.
    public let code: Code
    /// The locale id as given.
    public let locale: String
    /// ICU's name for its error, such as `U_ILLEGAL_ARGUMENT_ERROR`.
    public let reason: String

    /// The error for `locale` from ICU's `error`.
    init(locale: String, _ error: ICUError) {
        // U_ILLEGAL_ARGUMENT_ERROR: ICU rejected the id itself.
        code = error.code == 1 ? .invalid : .unavailable
        self.locale = locale
        reason = error.name
    }

    public var description: String {
        code == .invalid
            ? "'\(locale)' is not a valid locale id (\(reason))"
            : "ICU cannot load its rules for the locale '\(locale)' (\(reason))"
    }
}

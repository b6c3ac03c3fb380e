internal import CICU

/// The namespace of readaloud's owning wrappers around ICU handles.
///
/// Every ICU call goes through the `CICU` bridge (`cicu_` functions), so no versioned ICU symbol
/// and no ICU header reaches Swift. One file per wrapped handle: `ICU+BreakIterator.swift`,
/// `ICU+Bidi.swift`, and so on.
package enum ICU {
    /// The major version of the ICU library running (ICU's `u_getVersion`): the version whose
    /// rules every boundary follows, which decides the scans used (``FastPaths/running``).
    package static var majorVersion: Int { Int(cicu_version_major()) }

    /// Checks an ICU status code, the one place where statuses are judged: values above zero
    /// are errors; zero and negative values (warnings such as `U_USING_DEFAULT_WARNING`) are
    /// success.
    ///
    /// - Parameter operation: the ICU call that produced `status`, named in the error.
    /// - Throws: ``ICUError`` when `status` is an error.
    static func check(_ status: Int32, _ operation: StaticString) throws(ICUError) {
        if status > 0 {
            throw ICUError(operation: "\(operation)", code: status)
        }
    }
}

/// An ICU call failed (inside the library and its tools: the public API throws ``LocaleError``).
package struct ICUError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The ICU function that failed, such as `ubrk_open`.
    package let operation: String
    /// ICU's `UErrorCode` value.
    package let code: Int32

    /// ICU's name for the code, such as `U_ILLEGAL_ARGUMENT_ERROR`.
    package var name: String { String(cString: cicu_error_name(code)) }

    package var description: String { "\(operation) failed: \(name) (\(code))" }
}

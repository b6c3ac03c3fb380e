/// Why the bench could not measure: a message for the one `Error:` line, and what kind of
/// failure it is, for the command's exit code.
package struct BenchError: Error {
    package enum Kind: Sendable {
        /// A book that cannot be read as text (no text, not UTF-8).
        case unusableBook
        /// A file the bench writes (the synthetic book) cannot be created.
        case cannotCreate
        /// A condition that should not happen: ICU or `readaloud serve` failed.
        case failed
    }

    package let message: String
    package let kind: Kind

    init(_ message: String, kind: Kind = .failed) {
        self.message = message
        self.kind = kind
    }
}

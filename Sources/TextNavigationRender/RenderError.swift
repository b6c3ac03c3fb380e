/// A page that could not be drawn or written.
public struct RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The output file.
    public var path: String
    /// What went wrong, in Cairo's words.
    public var reason: String

    /// An error writing `path`, saying `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write \(path): \(reason)" }
}

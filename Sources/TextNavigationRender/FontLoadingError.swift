/// A font file that could not be used: missing, unreadable, not a font, or without the face
/// asked for.
public struct FontLoadingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The font asked for.
    public var font: FontFile
    /// What was wrong with it.
    public var reason: String

    /// An error for `font`, saying `reason`.
    public init(font: FontFile, reason: String) {
        self.font = font
        self.reason = reason
    }

    public var description: String { "cannot use the font \(font): \(reason)" }
}

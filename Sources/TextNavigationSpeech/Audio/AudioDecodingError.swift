/// Why an audio file could not be decoded, in words.
public struct AudioDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason: "not an audio file FFmpeg can read: Invalid data found when processing input".
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

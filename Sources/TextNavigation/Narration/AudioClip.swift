/// A stretch of recorded audio: a clip of a file of narration, as a Media Overlay's `audio`
/// element names it (`src`, `clipBegin`, `clipEnd`).
public struct AudioClip: Sendable, Hashable {
    /// The audio file, as the book names it (an EPUB's entry name in its container): what the
    /// engine that plays the clip loads.
    public let source: String
    /// Where the clip starts in the file, in milliseconds.
    public let begin: Int
    /// Where it ends, in milliseconds, or `nil` for the end of the file.
    public let end: Int?

    /// The clip of `source` from `begin` to `end` milliseconds (`nil`: to the file's end); a
    /// negative `begin` is 0, an `end` before `begin` is `begin`.
    public init(source: String, begin: Int, end: Int?) {
        self.source = source
        self.begin = max(0, begin)
        self.end = end.map { max($0, max(0, begin)) }
    }

    /// The clip's length in milliseconds, when its end is known.
    public var duration: Int? { end.map { $0 - begin } }
}

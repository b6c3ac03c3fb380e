/// An `<audio>` element of a content document: the element its fallback content is read as,
/// and the recording read-all plays in its place.
public struct EmbeddedAudio: Sendable, Hashable {
    /// The element (its index in the book's reading order) whose text is the audio's fallback
    /// content (or its label).
    public let element: Int
    /// The audio file's entry name in the container.
    public let source: String
}

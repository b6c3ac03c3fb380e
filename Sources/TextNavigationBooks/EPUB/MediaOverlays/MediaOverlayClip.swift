import TextNavigation

/// One `par` of an EPUB's Media Overlays: a fragment of the text and the clip of recorded
/// narration that reads it.
public struct MediaOverlayClip: Sendable, Hashable {
    /// The text the clip narrates: from the first character of the `text` element's target
    /// (its fragment's element, or the whole content document) to after its last.
    public let text: Range<ReadingPosition>
    /// The audio file's entry name in the container.
    public let audio: String
    /// Where the clip starts in the audio file (`clipBegin`), in milliseconds.
    public let begin: Int
    /// Where it ends (`clipEnd`), in milliseconds, or `nil` for the end of the file.
    public let end: Int?
    /// The structural semantics (`epub:type`) of the `par` and the `seq`s it is in: `note`,
    /// `pagebreak`, `sidebar`, `table`…, what a listener may choose to skip or escape.
    public let types: Set<String>
    /// The Media Overlay document's entry name.
    public let overlay: String

    /// The clip's length in milliseconds, when its end is given.
    public var duration: Int? { end.map { $0 - begin } }
}

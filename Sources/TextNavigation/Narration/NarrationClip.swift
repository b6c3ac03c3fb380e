/// A stretch of a document's text and the recorded audio that reads it: one `par` of an EPUB's
/// Media Overlays.
public struct NarrationClip: Sendable, Hashable {
    /// The text the audio reads, in reading positions (it may span elements).
    public let text: Range<ReadingPosition>
    /// The audio that reads it.
    public let audio: AudioClip
    /// The kinds of content its markup names (an EPUB `par`'s and its `seq`s' `epub:type`s):
    /// read-all passes by a narrated span all of whose clips are of a kind it skips.
    public let kinds: Set<ContentKind>

    public init(text: Range<ReadingPosition>, audio: AudioClip, kinds: Set<ContentKind> = []) {
        self.text = text
        self.audio = audio
        self.kinds = kinds
    }
}

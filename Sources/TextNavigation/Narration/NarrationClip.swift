/// A stretch of a document's text and the recorded audio that reads it: one `par` of an EPUB's
/// Media Overlays.
public struct NarrationClip: Sendable, Hashable {
    /// The text the audio reads, in reading positions (it may span elements).
    public let text: Range<ReadingPosition>
    /// The audio that reads it.
    public let audio: AudioClip

    public init(text: Range<ReadingPosition>, audio: AudioClip) {
        self.text = text
        self.audio = audio
    }
}

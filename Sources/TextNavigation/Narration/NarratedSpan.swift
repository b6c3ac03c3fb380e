/// The text of one element that recorded narration reads, and the audio to play for it: what
/// read-all makes one utterance of, played instead of synthesized speech.
///
/// A clip that reads several elements is cut at their edges, its audio shared among them in
/// proportion to the length of their text (the split is an estimate: nothing in the recording
/// marks where one element's text ends). Clips that read overlapping text (two clips of one
/// paragraph) make one span whose audio is both clips, in their order.
///
/// A class, so that an ``Utterance`` stays small; immutable, so `Sendable`.
public final class NarratedSpan: Sendable, Hashable, CustomStringConvertible {
    /// The element whose text the span is.
    public let element: Int
    /// The UTF-16 range of the text in the element.
    public let range: Range<Int>
    /// The audio to play, in order.
    public let audio: [AudioClip]
    /// The indices in ``Narration/clips`` of the clips the audio comes from, in order.
    public let clips: [Int]

    init(element: Int, range: Range<Int>, audio: [AudioClip], clips: [Int]) {
        self.element = element
        self.range = range
        self.audio = audio
        self.clips = clips
    }

    /// The length of the span's audio in milliseconds, when every clip's end is known.
    public var duration: Int? {
        audio.reduce(0 as Int?) { total, clip in total.flatMap { total in clip.duration.map { total + $0 } } }
    }

    public static func == (lhs: NarratedSpan, rhs: NarratedSpan) -> Bool {
        lhs.element == rhs.element && lhs.range == rhs.range && lhs.audio == rhs.audio && lhs.clips == rhs.clips
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(element)
        hasher.combine(range)
        hasher.combine(clips)
    }

    public var description: String { "NarratedSpan(element: \(element), range: \(range), clips: \(clips))" }
}

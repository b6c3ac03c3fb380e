/// Recorded narration of a document (an EPUB's Media Overlays): the clips of audio that read
/// its text, arranged as the spans of each element that read-all plays instead of synthesizing
/// them.
///
/// Give it to ``ReadingSession`` or ``ReadAloudPlayer``: in an element with narration, each
/// ``NarratedSpan`` is one utterance (its ``Utterance/narration``), and the text between spans
/// is read by the session's granularity as usual, so that nothing is skipped or read twice and
/// every clip is played once, in its place.
public struct Narration: Sendable {
    /// The clips, as given.
    public let clips: [NarrationClip]
    /// The spans of each element that has narration, sorted and not overlapping.
    private let spansByElement: [Int: [NarratedSpan]]

    /// Narration from `clips` of `document`'s text. A clip whose text is empty or outside the
    /// document is kept in ``clips`` but makes no span.
    public init(clips: [NarrationClip], in document: Document) {
        self.clips = clips
        var parts: [Int: [NarratedSpan]] = [:]
        let elements = document.elements
        for (index, clip) in clips.enumerated() {
            let lower = clip.text.lowerBound
            let upper = clip.text.upperBound
            guard lower.element >= 0, upper.element < elements.count, lower < upper else { continue }
            var pieces: [(element: Int, range: Range<Int>)] = []
            for element in lower.element...upper.element {
                let length = elements.textLength(at: element)
                let start = element == lower.element ? min(lower.offset, length) : 0
                let end = element == upper.element ? min(upper.offset, length) : length
                if start < end { pieces.append((element, start..<end)) }
            }
            let audio = Self.share(clip.audio, among: pieces.map(\.range.count))
            for (piece, clipAudio) in zip(pieces, audio) {
                parts[piece.element, default: []].append(
                    NarratedSpan(element: piece.element, range: piece.range, audio: [clipAudio], clips: [index]))
            }
        }
        spansByElement = parts.mapValues(Self.merged)
    }

    /// No narration.
    public init() {
        clips = []
        spansByElement = [:]
    }

    /// Whether there is no span to play.
    public var isEmpty: Bool { spansByElement.isEmpty }

    /// The spans of element `element`, in order.
    public func spans(in element: Int) -> [NarratedSpan] { spansByElement[element] ?? [] }

    /// Whether read-all skipping `kinds` passes `span` by: every clip of it is of a kind
    /// skipped (a `par` of a note, by its Media Overlay's semantics).
    public func passesBy(_ span: NarratedSpan, skipping kinds: Set<ContentKind>) -> Bool {
        !kinds.isEmpty && span.clips.allSatisfy { !clips[$0].kinds.isDisjoint(with: kinds) }
    }

    /// `clip` cut in pieces for texts of `lengths`, each getting a share of its time in
    /// proportion to its length (all of it to the first when the clip's end is unknown).
    private static func share(_ clip: AudioClip, among lengths: [Int]) -> [AudioClip] {
        guard lengths.count > 1 else { return lengths.isEmpty ? [] : [clip] }
        guard let duration = clip.duration else {
            return [clip] + lengths.dropFirst().map { _ in AudioClip(source: clip.source, begin: 0, end: 0) }
        }
        let total = lengths.reduce(0, +)
        var pieces: [AudioClip] = []
        var before = 0
        for length in lengths {
            let start = clip.begin + duration * before / total
            before += length
            pieces.append(AudioClip(source: clip.source, begin: start, end: clip.begin + duration * before / total))
        }
        return pieces
    }

    /// The spans of one element, sorted by start and merged where they overlap (the audio of
    /// merged spans in clip order).
    private static func merged(_ spans: [NarratedSpan]) -> [NarratedSpan] {
        let sorted = spans.enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }
        .map(\.element)
        var result: [NarratedSpan] = []
        for span in sorted {
            guard let last = result.last, span.range.lowerBound < last.range.upperBound else {
                result.append(span)
                continue
            }
            let pairs = zip(last.clips + span.clips, last.audio + span.audio).sorted { $0.0 < $1.0 }
            result[result.count - 1] = NarratedSpan(
                element: span.element,
                range: last.range.lowerBound..<max(last.range.upperBound, span.range.upperBound),
                audio: pairs.map(\.1), clips: pairs.map(\.0))
        }
        return result
    }
}

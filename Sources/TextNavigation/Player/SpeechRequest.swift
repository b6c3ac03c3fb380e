/// What a ``ReadAloudPlayer`` asks its ``SpeechEngine`` to speak: an utterance (or the rest of
/// one, from a word, on resuming) or an announcement.
public struct SpeechRequest: Sendable {
    /// The text to speak.
    public let text: String
    /// The UTF-16 range of ``text`` in its element (`0..<text.utf16.count` for an
    /// announcement).
    public let range: Range<Int>
    /// The words of ``text`` the engine reports as it reaches them, in the element's UTF-16
    /// offsets, clipped to ``range``: word `i` of ``SpeechEngineReport/word(_:milliseconds:)``
    /// is `words[i]`. Empty for an announcement, and for an engine whose ``SpeechEngine/wordTiming``
    /// is ``WordTiming/none``.
    public let words: [Range<Int>]
    /// The element the text is from, or `nil` for an announcement.
    public let element: Int?
    /// The language of the text (its element's), or `nil` for the book's: an undetermined
    /// language (`und`, `root` or empty, as an EPUB element whose markup gives none) is the
    /// book's, so that the listener's default voice (``SpeechSettings/language``) reads it.
    public let language: String?
    /// The importance of an announcement, or `nil` for the text being read.
    public let priority: AnnouncementPriority?
    /// The reading event spoken: the utterance, or the event an announcement says (a page
    /// turn, a heading, a print page).
    public let event: ReadingEvent?
    /// The voice, rate, pitch and volume to speak with.
    public let settings: SpeechSettings
    /// Recorded narration to play instead of synthesizing ``text`` (an utterance's
    /// ``Utterance/narration``), in order; empty for text to synthesize. An engine that plays
    /// no recordings synthesizes the text.
    public let audio: [AudioClip]
    /// How far into ``audio`` to start, in milliseconds (resuming in the middle of a clip).
    public let audioOffset: Int
    /// How stretches of ``text`` are said where not as written (ruby readings, lexicon
    /// entries, a skipped heading number), in the element's UTF-16 offsets inside ``range``,
    /// sorted and not overlapping. The text and its words stay as they are.
    public let pronunciations: [Pronunciation]

    /// A request to speak `text`; see the properties.
    public init(
        text: String, range: Range<Int>? = nil, words: [Range<Int>] = [], element: Int? = nil,
        language: String? = nil, priority: AnnouncementPriority? = nil, event: ReadingEvent? = nil,
        settings: SpeechSettings = SpeechSettings(), audio: [AudioClip] = [], audioOffset: Int = 0,
        pronunciations: [Pronunciation] = []
    ) {
        self.text = text
        self.range = range ?? 0..<text.utf16.count
        self.words = words
        self.element = element
        self.language = language.flatMap { SpeechSettings.isUndetermined($0) ? nil : $0 }
        self.priority = priority
        self.event = event
        self.settings = settings
        self.audio = audio
        self.audioOffset = max(0, audioOffset)
        let range = self.range
        self.pronunciations = pronunciations.filter {
            range.contains($0.range.lowerBound) && $0.range.upperBound <= range.upperBound
        }
    }
}

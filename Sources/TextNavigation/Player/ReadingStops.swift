/// When a ``ReadAloudPlayer`` stops or pauses by itself: at the end of a chapter, after a
/// sleep timer's time at the end of a sentence, or after every utterance.
public struct ReadingStops: Sendable, Hashable {
    /// Reading ends before this element (the next chapter's first,
    /// ``ChapterList/elements(ofChapter:)``), as at the document's end; `nil` reads on.
    public var endElement: Int?
    /// After this long (from when the stops are set), reading stops at the end of the next
    /// sentence heard: a sleep timer (``ReadAloudPlayer/Event/sleepTimerEnded``).
    public var sleepAfter: Duration?
    /// Whether the player pauses after each utterance, for a learner to repeat it or a
    /// note-taker to write; ``ReadAloudPlayer/resume()`` reads the next.
    public var pausesAfterEachUtterance: Bool

    public init(endElement: Int? = nil, sleepAfter: Duration? = nil, pausesAfterEachUtterance: Bool = false) {
        self.endElement = endElement
        self.sleepAfter = sleepAfter
        self.pausesAfterEachUtterance = pausesAfterEachUtterance
    }
}

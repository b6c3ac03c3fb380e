extension ReadAloudPlayer {
    /// What the player tells its observer, in order, as reading goes.
    public enum Event: Sendable, Hashable {
        /// `event` is being presented: an utterance starts being spoken, an announcement (page
        /// turn, heading, custom content, print page) starts, or reading reached its
        /// ``ReadingEvent/end``.
        case reading(ReadingEvent)
        /// The word `range` (offsets in the element) of `utterance` is being heard,
        /// `milliseconds` into the utterance's audio; `estimated` when the engine did not mark
        /// it (its time is the player's estimate).
        case word(Utterance, range: Range<Int>, milliseconds: Int, estimated: Bool)
        /// Clip `index` of the recorded narration of `utterance` (its ``Utterance/narration``) is
        /// being heard, `milliseconds` into the narration's audio: the utterance's text is what
        /// the listener hears now.
        case clip(Utterance, index: Int, milliseconds: Int)
        /// `utterance` was spoken to its end.
        case utteranceFinished(Utterance)
        /// An announcement was spoken whole (`spokenWhole`), or cut off (by a pause, a stop or
        /// a skip).
        case announcementFinished(Announcement, spokenWhole: Bool)
        /// The engine cannot speak (why): the player has stopped.
        case failed(String)
        /// The sleep timer ran out (``ReadingStops/sleepAfter``): the player stopped at the end of
        /// a sentence; ``heardLocator`` is where to go on.
        case sleepTimerEnded
    }
}

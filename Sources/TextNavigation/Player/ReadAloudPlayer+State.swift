extension ReadAloudPlayer {
    /// What the player is doing (Readium's `PublicationSpeechSynthesizer.State`).
    public enum State: Sendable, Hashable {
        /// Not reading: not started yet, stopped, at the end of the book, or after an engine
        /// failure.
        case stopped
        /// Reading `utterance`: `word` is the word being spoken (offsets in the element), `nil`
        /// before the first word is heard, for an engine that reports no words, and while an
        /// announcement before the utterance (a page turn) is spoken.
        case playing(Utterance, word: Range<Int>?)
        /// Paused in `utterance`, at `word` (where ``ReadAloudPlayer/resume()`` goes on), or at
        /// its start when `word` is `nil`.
        case paused(Utterance, word: Range<Int>?)
    }
}

/// How a ``SpeechEngine`` lets the player know which word is being spoken.
public enum WordTiming: Sendable, Hashable {
    /// The engine speaks nothing a listener follows word by word (text output, a client that
    /// is sent the utterances): requests have no words, and no word is reported.
    case none
    /// The engine reports each word as its audio is heard (espeak-ng's and most
    /// speech-dispatcher modules' SSML marks). A word it skips is reported with the next one
    /// it reaches, marked estimated.
    case marked
    /// The engine gives no word marks (speech-dispatcher's generic and piper modules): the
    /// player times the words from the rate and their lengths, and marks every one estimated.
    /// An engine may turn to it once it finds it gives no marks (``SpeechEngine/wordTiming`` is
    /// read at each utterance).
    case estimated
}

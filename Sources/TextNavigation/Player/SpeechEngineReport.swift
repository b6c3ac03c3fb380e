/// What a ``SpeechEngine`` reports about the request it is speaking.
public enum SpeechEngineReport: Sendable, Hashable {
    /// Word `index` of the request's ``SpeechRequest/words`` is being heard, `milliseconds`
    /// into the request's audio.
    case word(_ index: Int, milliseconds: Int)
    /// Clip `index` of the request's recorded ``SpeechRequest/audio`` is being heard,
    /// `milliseconds` into the request's audio (counted from the start of its first clip, so a
    /// request resumed at ``SpeechRequest/audioOffset`` starts there).
    case clip(_ index: Int, milliseconds: Int)
    /// The request was spoken to its end.
    case finished
    /// The engine cannot speak (why); it speaks nothing more.
    case failed(String)
}

/// How speech sounds: the voice, rate, pitch and volume, in the scales readaloud's options use
/// (each engine converts them to its own), and the book's language, which ``voice`` speaks.
public struct SpeechSettings: Sendable, Hashable {
    /// The voice for text in the book's language, or `nil` for the engine's voice for that
    /// language.
    public var voice: String?
    /// Words per minute, 80 to 450 (espeak-ng's scale; 175 is its normal rate).
    public var rate: Int
    /// 0 to 100, 50 normal (espeak-ng's scale).
    public var pitch: Int
    /// 0 to 100 percent of full volume.
    public var volume: Int
    /// The book's language (a locale id or BCP 47 tag), which ``voice`` speaks; text in
    /// another language gets the engine's voice for it.
    public var language: String

    /// Settings with the engine's normal rate, pitch and full volume unless said otherwise.
    public init(voice: String? = nil, rate: Int = 175, pitch: Int = 50, volume: Int = 100, language: String = "en") {
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.language = language
    }

    /// The language part of a locale id or BCP 47 tag, lower case: "ja_JP" and "ja-JP" give "ja".
    public static func languageCode(of locale: String) -> String {
        String(locale.prefix { $0 != "_" && $0 != "-" && $0 != "@" && $0 != "." }).lowercased()
    }

    /// Whether `locale` names no language: `und` (BCP 47's undetermined), ICU's `root`, or
    /// empty.
    public static func isUndetermined(_ locale: String) -> Bool {
        let code = languageCode(of: locale)
        return code.isEmpty || code == "und" || code == "root"
    }

    /// Whether `locale` is in the book's language (so ``voice`` speaks it); `nil` counts as the
    /// book's.
    public func isBookLanguage(_ locale: String?) -> Bool {
        guard let locale else { return true }
        return Self.languageCode(of: locale) == Self.languageCode(of: language)
    }
}

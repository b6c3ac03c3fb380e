/// How speech sounds, from `--voice`, `--rate`, `--pitch` and `--volume`, in the scales the
/// options use; each engine converts them to its own.
struct SpeechSettings: Sendable, Equatable {
    /// The voice for text in the book's language (`--voice`), or `nil` for the engine's voice
    /// for that language.
    var voice: String?
    /// Words per minute, 80 to 450 (espeak-ng's scale; 175 is its normal rate).
    var rate = 175
    /// 0 to 100, 50 normal (espeak-ng's scale).
    var pitch = 50
    /// 0 to 100 percent of full volume.
    var volume = 100
    /// The book's language (`--locale`), which `voice` speaks.
    var language = "en"

    /// The language part of a locale id or BCP 47 tag, lower case: "ja_JP" and "ja-JP" give "ja".
    static func languageCode(of locale: String) -> String {
        String(locale.prefix { $0 != "_" && $0 != "-" && $0 != "@" && $0 != "." }).lowercased()
    }

    /// Whether `locale` is in the book's language (so `voice` speaks it).
    func isBookLanguage(_ locale: String?) -> Bool {
        guard let locale else { return true }
        return Self.languageCode(of: locale) == Self.languageCode(of: language)
    }
}

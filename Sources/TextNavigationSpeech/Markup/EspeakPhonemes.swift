import TextNavigation

/// IPA written as espeak-ng's phoneme mnemonics, which is how espeak-ng takes phonemes
/// (`[[tS'ES@]]`): espeak-ng ignores SSML's `<phoneme>`. The table covers English's phonemes
/// and the common symbols of other European languages, as espeak-ng's phoneme tables name
/// them; IPA with a symbol outside it gives `nil`, and the text is read as written.
enum EspeakPhonemes {
    /// Pairs first: diphthongs whose mnemonics are not the sum of their parts.
    private static let pairs: [String: String] = ["əʊ": "oU", "ɪə": "i@", "ɛə": "e@"]

    /// Symbols by code point, so that a tie bar or a mark is a symbol of its own.
    private static let symbols: [Unicode.Scalar: String] = [
        "i": "i", "ɪ": "I", "e": "e", "ɛ": "E", "æ": "a", "a": "a", "ɑ": "A", "ɒ": "0", "ɔ": "O", "o": "o",
        "ʊ": "U", "u": "u", "ʌ": "V", "ə": "@", "ɜ": "3", "ɚ": "3", "ɝ": "3", "ɐ": "a#", "y": "y", "ø": "Y",
        "œ": "W", "ɨ": "i#", "ʉ": "u#", "ɯ": "u-", "ɤ": "o-",
        "p": "p", "b": "b", "t": "t", "d": "d", "k": "k", "g": "g", "ɡ": "g", "f": "f", "v": "v", "s": "s",
        "z": "z", "h": "h", "m": "m", "n": "n", "l": "l", "r": "r", "w": "w", "j": "j", "θ": "T", "ð": "D",
        "ʃ": "S", "ʒ": "Z", "ŋ": "N", "ɹ": "r", "ɾ": "*", "ʔ": "?", "x": "x", "ç": "C", "ɲ": "n^", "ʎ": "l^",
        "ʁ": "R", "ʀ": "R", "χ": "X", "β": "B", "ɣ": "Q", "ɬ": "l#", "ɫ": "l", "c": "c", "ɟ": "J", "q": "q",
        "ˈ": "'", "ˌ": ",", "ː": ":", "ˑ": "", ".": "", "\u{0361}": "", "\u{035C}": "", " ": " ", "ʰ": "",
        "\u{0303}": "~", "\u{0329}": "",
    ]

    /// The mnemonics of `phonemes` written in `alphabet`: as they are for
    /// ``PhoneticAlphabet/espeak``, converted from IPA, else `nil`.
    static func mnemonics(_ phonemes: String, alphabet: PhoneticAlphabet) -> String? {
        if alphabet == .espeak { return phonemes.contains("]]") ? nil : phonemes }
        guard alphabet == .ipa else { return nil }
        var result = ""
        let characters = Array(phonemes.trimmingSlashes.unicodeScalars)
        var index = 0
        while index < characters.count {
            if index + 1 < characters.count,
                let pair = pairs[String(String.UnicodeScalarView(characters[index...index + 1]))]
            {
                result += pair
                index += 2
                continue
            }
            guard let symbol = symbols[characters[index]] else { return nil }
            result += symbol
            index += 1
        }
        return result.contains(where: { !$0.isWhitespace }) ? result : nil
    }
}

extension String {
    /// The text without `/` or `[` `]` around it, as IPA is often written.
    fileprivate var trimmingSlashes: Substring {
        var text = Substring(self)
        while let first = text.first, "/[ ".contains(first) { text = text.dropFirst() }
        while let last = text.last, "/] ".contains(last) { text = text.dropLast() }
        return text
    }
}

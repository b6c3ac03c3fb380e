import TextNavigation

/// An utterance as SSML for a speech engine: a `<mark name="wN"/>` before each word, so the
/// engine reports each word as it reaches it; its ``Pronunciation``s (ruby readings and
/// lexicon entries as `<sub alias="…">`, phonemes as the engine takes them, silence as marks
/// alone), so the engine says what the book and the listener ask; and text escaped for XML,
/// so `<` and `&` are spoken as written.
///
/// Both engines readaloud speaks through (espeak-ng and speech-dispatcher) take this markup and
/// report its marks, so word highlighting does not depend on how an engine counts characters.
public struct SpeechMarkup: Sendable, Equatable {
    /// How phonemes are written for the engine.
    public enum PhonemeNotation: Sendable, Equatable {
        /// SSML's `<phoneme alphabet="…" ph="…">text</phoneme>` (speech-dispatcher hands it to
        /// its module; one that ignores it reads the text).
        case ssml
        /// espeak-ng's `[[mnemonics]]`, IPA converted (``EspeakPhonemes``), for espeak-ng
        /// driven with phoneme input on; `[[` in the text is broken up so it is read as text.
        case espeak
    }

    /// The SSML text, a `<speak>` element.
    let ssml: String
    /// The range in the element of the word each mark names: mark `wN` is `words[N]`.
    let words: [Range<Int>]
    /// The language of the text (a BCP 47 tag or ICU locale id), or `nil` when not known.
    let language: String?

    /// The markup for `text`, which is the element's text in `range`.
    ///
    /// - Parameters:
    ///   - words: the element's word ranges, sorted; those that meet `range` get a mark each
    ///     (clipped to it).
    ///   - pronunciations: how stretches are said, sorted and not overlapping; those wholly
    ///     inside `range` are used (a word that starts inside one gets its mark just before
    ///     it, which is spoken as one piece).
    ///   - phonemes: how phonemes are written for the engine.
    init(
        text: String, range: Range<Int>, words: [Range<Int>], pronunciations: [Pronunciation] = [],
        phonemes: PhonemeNotation = .ssml, language: String? = nil
    ) {
        let units = Array(text.utf16)
        let end = range.lowerBound + units.count
        var marked: [Range<Int>] = []
        for word in words where word.upperBound > range.lowerBound && word.lowerBound < end {
            marked.append(max(word.lowerBound, range.lowerBound)..<min(word.upperBound, end))
        }
        let used = pronunciations.filter { $0.range.lowerBound >= range.lowerBound && $0.range.upperBound <= end }
        // No xml:lang: the engine is told the language (and picks the voice) through its API,
        // so that SSML does not override a voice chosen with --voice.
        var ssml = "<speak>"
        func slice(_ offsets: Range<Int>) -> String {
            let slice = units[(offsets.lowerBound - range.lowerBound)..<(offsets.upperBound - range.lowerBound)]
            return Self.escaped(String(decoding: slice, as: UTF16.self), breakingPhonemes: phonemes == .espeak)
        }
        func append(_ offsets: Range<Int>) {
            if !offsets.isEmpty { ssml += slice(offsets) }
        }
        var cursor = range.lowerBound
        var nextWord = 0
        var nextPronunciation = 0
        while cursor < end {
            let wordStart = nextWord < marked.count ? marked[nextWord].lowerBound : end
            let spokenStart = nextPronunciation < used.count ? used[nextPronunciation].range.lowerBound : end
            if nextPronunciation < used.count, spokenStart < cursor {
                nextPronunciation += 1  // overlaps one already spoken
            } else if nextPronunciation < used.count, spokenStart <= wordStart {
                let pronunciation = used[nextPronunciation]
                append(cursor..<spokenStart)
                while nextWord < marked.count, marked[nextWord].lowerBound < pronunciation.range.upperBound {
                    ssml += "<mark name=\"w\(nextWord)\"/>"
                    nextWord += 1
                }
                ssml += Self.said(pronunciation.spoken, text: slice(pronunciation.range), phonemes: phonemes)
                cursor = pronunciation.range.upperBound
                nextPronunciation += 1
            } else if nextWord < marked.count {
                append(cursor..<wordStart)
                ssml += "<mark name=\"w\(nextWord)\"/>"
                nextWord += 1
                cursor = wordStart
            } else {
                append(cursor..<end)
                cursor = end
            }
        }
        ssml += "</speak>"
        self.ssml = ssml
        self.words = marked
        self.language = language
    }

    /// The markup that says `text` (escaped already) as `spoken`.
    private static func said(_ spoken: Pronunciation.Spoken, text: String, phonemes: PhonemeNotation) -> String {
        switch spoken {
        case .text(let other):
            return "<sub alias=\"\(escaped(other))\">\(text)</sub>"
        case .silence:
            return ""
        case .phonemes(let written, let alphabet):
            switch phonemes {
            case .ssml:
                return
                    "<phoneme alphabet=\"\(escaped(alphabet.rawValue))\" ph=\"\(escaped(written))\">\(text)</phoneme>"
            case .espeak:
                // espeak-ng reads [[…]] before XML's entities: the mnemonics go in as they are.
                guard let mnemonics = EspeakPhonemes.mnemonics(written, alphabet: alphabet),
                    !mnemonics.contains(where: { "<>&".contains($0) })
                else { return text }
                return " [[\(mnemonics)]] "
            }
        }
    }

    /// Plain `text` with no marks, such as an announcement.
    init(announcement text: String, language: String? = nil) {
        self.init(text: text, range: 0..<text.utf16.count, words: [], language: language)
    }

    /// `text` escaped as XML (`String.xmlEscaped`); with `breakingPhonemes`, `[[` as `[ [`
    /// (espeak-ng would read what follows as phonemes).
    static func escaped(_ text: String, breakingPhonemes: Bool = false) -> String {
        if breakingPhonemes, text.contains("[[") {
            var broken = text
            while broken.contains("[[") { broken = broken.replacing("[[", with: "[ [") }
            return escaped(broken)
        }
        return text.xmlEscaped
    }
}

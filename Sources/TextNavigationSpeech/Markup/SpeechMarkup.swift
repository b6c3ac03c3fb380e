import TextNavigation

/// An utterance as SSML for a speech engine: a `<mark name="wN"/>` before each word, so the
/// engine reports each word as it reaches it; ruby readings as `<sub alias="…">`, so the engine
/// says the reading the book gives; and text escaped for XML, so `<` and `&` are spoken as
/// written.
///
/// Both engines readaloud speaks through (espeak-ng and speech-dispatcher) take this markup and
/// report its marks, so word highlighting does not depend on how an engine counts characters.
public struct SpeechMarkup: Sendable, Equatable {
    /// A pronunciation for a stretch of text: a ruby reading (`山路` read `やまみち`).
    public struct Reading: Sendable, Equatable {
        /// The range of the base text, in the element's UTF-16 offsets.
        public var range: Range<Int>
        /// How the base text is read.
        public var reading: String

        public init(range: Range<Int>, reading: String) {
            self.range = range
            self.reading = reading
        }
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
    ///   - readings: pronunciations, sorted; those wholly inside `range` are used (a word that
    ///     starts inside a reading's base gets its mark just before the base, which is spoken
    ///     as one piece).
    init(text: String, range: Range<Int>, words: [Range<Int>], readings: [Reading] = [], language: String? = nil) {
        let units = Array(text.utf16)
        let end = range.lowerBound + units.count
        var marked: [Range<Int>] = []
        for word in words where word.upperBound > range.lowerBound && word.lowerBound < end {
            marked.append(max(word.lowerBound, range.lowerBound)..<min(word.upperBound, end))
        }
        let used = readings.filter { $0.range.lowerBound >= range.lowerBound && $0.range.upperBound <= end }
        // No xml:lang: the engine is told the language (and picks the voice) through its API,
        // so that SSML does not override a voice chosen with --voice.
        var ssml = "<speak>"
        func append(_ offsets: Range<Int>) {
            guard !offsets.isEmpty else { return }
            let slice = units[(offsets.lowerBound - range.lowerBound)..<(offsets.upperBound - range.lowerBound)]
            ssml += Self.escaped(String(decoding: slice, as: UTF16.self))
        }
        var cursor = range.lowerBound
        var nextWord = 0
        var nextReading = 0
        while cursor < end {
            let wordStart = nextWord < marked.count ? marked[nextWord].lowerBound : end
            let readingStart = nextReading < used.count ? used[nextReading].range.lowerBound : end
            if nextReading < used.count, readingStart < cursor {
                nextReading += 1  // overlaps a reading already spoken
            } else if nextReading < used.count, readingStart <= wordStart {
                let reading = used[nextReading]
                append(cursor..<readingStart)
                while nextWord < marked.count, marked[nextWord].lowerBound < reading.range.upperBound {
                    ssml += "<mark name=\"w\(nextWord)\"/>"
                    nextWord += 1
                }
                ssml += "<sub alias=\"\(Self.escaped(reading.reading))\">"
                append(reading.range)
                ssml += "</sub>"
                cursor = reading.range.upperBound
                nextReading += 1
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

    /// Plain `text` with no marks, such as an announcement.
    init(announcement text: String, language: String? = nil) {
        self.init(text: text, range: 0..<text.utf16.count, words: [], language: language)
    }

    /// `text` with XML's special characters escaped, and the control characters XML forbids
    /// as spaces.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    result += " "
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

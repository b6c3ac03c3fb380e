/// A sentence of a chapter that was spoken, with an id and its clip of the chapter's audio,
/// and with `--sync word` its words, each with an id and a clip: what a synchronized EPUB
/// marks in its text and plays in its Media Overlays, whether it writes the text itself
/// (``OverlayChapter``) or keeps an EPUB's own documents (``KeptEPUB``).
struct SpokenStretch {
    /// A stretch of one element's text and its clip.
    struct Part {
        var id: String
        /// The element (index in the book's document) and the UTF-16 range in its text.
        var element: Int
        var range: Range<Int>
        /// Its audio, in samples of the chapter's audio.
        var begin: Int
        var end: Int
    }

    /// The sentence.
    var sentence: Part
    /// Its words, with `--sync word` (those with audio of their own).
    var words: [Part]
    /// Whether the overlay plays the words (`--sync word` and the engine gave word marks).
    var byWord: Bool

    /// The clips an overlay plays for it: its words, or the sentence.
    var clips: [Part] { byWord ? words : [sentence] }

    /// The spoken stretches of `timing` (a chapter), in reading order, sentence ids `prefix`
    /// "s1", "s2"..., words' the sentence's and "w1", "w2"...; `length` gives an element's text
    /// length. Text without audio of its own (its clip would be empty at the millisecond)
    /// gets no stretch.
    static func stretches(
        of timing: ChapterTiming, sync: SyncGranularity, prefix: String, length: (Int) -> Int
    ) -> [SpokenStretch] {
        var result: [SpokenStretch] = []
        let ordered = timing.sentences.enumerated().sorted {
            ($0.element.element, $0.element.start) < ($1.element.element, $1.element.start)
        }
        var cursor = (element: -1, offset: 0)
        for (index, sentence) in ordered {
            if cursor.element != sentence.element { cursor = (sentence.element, 0) }
            let range = max(cursor.offset, sentence.start)..<min(length(sentence.element), sentence.end)
            let rate = timing.sampleRate
            // The sentence's clip starts where it is heard, at its first word's sound: its audio
            // starts with espeak-ng's pause before the sentence.
            let heard = min(max(sentence.words.first?.begin ?? sentence.begin, sentence.begin), sentence.finish)
            guard !range.isEmpty, OverlayChapter.seconds(heard, rate) != OverlayChapter.seconds(sentence.finish, rate)
            else { continue }
            let id = "\(prefix)s\(index + 1)"
            var stretch = SpokenStretch(
                sentence: Part(id: id, element: sentence.element, range: range, begin: heard, end: sentence.finish),
                words: [], byWord: sync == .word && !sentence.words.isEmpty)
            if stretch.byWord { stretch.words = words(of: sentence, in: range, id: id, rate: rate) }
            result.append(stretch)
            cursor.offset = range.upperBound
        }
        return result
    }

    /// The words of `sentence` (within `range`) with audio of their own.
    private static func words(of sentence: ChapterTiming.Sentence, in range: Range<Int>, id: String, rate: Int)
        -> [Part]
    {
        var parts: [Part] = []
        var cursor = range.lowerBound
        for (index, word) in sentence.words.enumerated() {
            let wordRange = max(cursor, word.start)..<min(range.upperBound, word.end)
            guard !wordRange.isEmpty else { continue }
            let end = index + 1 < sentence.words.count ? sentence.words[index + 1].begin : sentence.finish
            // A word the engine gave no time of its own (its mark and the next one's at the same
            // millisecond) stays in its sentence's text, unmarked: a clip cannot be empty.
            guard OverlayChapter.seconds(end, rate) != OverlayChapter.seconds(word.begin, rate) else { continue }
            parts.append(
                Part(id: "\(id)w\(index + 1)", element: sentence.element, range: wordRange, begin: word.begin, end: end)
            )
            cursor = wordRange.upperBound
        }
        return parts
    }
}

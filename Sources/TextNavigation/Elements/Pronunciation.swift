/// How speech says a stretch of an element's text, in place of the text as written: a ruby
/// reading, an EPUB's `ssml:ph` or PLS lexicon entry, a listener's lexicon entry, or silence
/// (a skipped heading number). Only speech changes: the text, its offsets, highlights and
/// locators stay the book's.
public struct Pronunciation: Sendable, Hashable {
    /// What is spoken for the range.
    public enum Spoken: Sendable, Hashable {
        /// Other text, read as the engine reads text (`Chesher` for `Cheshire`, a ruby reading).
        case text(String)
        /// Phonemes in a phonetic alphabet (`ˈtʃɛʃə` in IPA). An engine that cannot say them
        /// reads the text as written.
        case phonemes(String, alphabet: PhoneticAlphabet)
        /// Nothing: the range is passed over in speech (its words are still highlighted).
        case silence
    }

    /// The range of the text said so, in the element's UTF-16 offsets.
    public var range: Range<Int>
    /// What is said instead.
    public var spoken: Spoken

    /// `range` of the text, said as `spoken`.
    public init(range: Range<Int>, spoken: Spoken) {
        self.range = range
        self.spoken = spoken
    }

    /// The pronunciations of several sources in one list, in text order: where two overlap,
    /// the one from the earlier layer is kept (a book's inline `ssml:ph` before a lexicon's
    /// entry, say), and within a layer the one that starts first. Empty ranges are dropped.
    public static func layered(_ layers: [[Pronunciation]]) -> [Pronunciation] {
        var kept: [Pronunciation] = []
        for layer in layers {
            for candidate in layer where !candidate.range.isEmpty {
                let index = kept.partitionIndex { $0.range.upperBound > candidate.range.lowerBound }
                if index < kept.count, kept[index].range.lowerBound < candidate.range.upperBound { continue }
                kept.insert(candidate, at: index)
            }
        }
        return kept
    }
}

/// A phonetic alphabet that phonemes are written in (PLS's and SSML's `alphabet`).
public struct PhoneticAlphabet: RawRepresentable, Sendable, Hashable {
    /// The alphabet's name as PLS and SSML write it, lowercased.
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue.lowercased() }

    /// The International Phonetic Alphabet, the one SSML engines are asked to know.
    public static let ipa = PhoneticAlphabet(rawValue: "ipa")
    /// espeak-ng's own phoneme mnemonics (`tS'ES@`), handed to espeak-ng as they are.
    public static let espeak = PhoneticAlphabet(rawValue: "x-espeak")
}

extension Array {
    /// The first index whose element satisfies `isAfter`, for an array where every element
    /// that does comes after every element that does not (a binary search).
    fileprivate func partitionIndex(where isAfter: (Element) -> Bool) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

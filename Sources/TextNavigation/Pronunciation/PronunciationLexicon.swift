/// Words, phrases and regular expressions with how to say them, per language: a listener's own
/// lexicon (``init(text:onProblem:entryLimit:)``) or a book's PLS lexicon. Speech asks it for the
/// ``Pronunciation``s in each utterance; the text and its offsets never change.
///
/// Matching:
/// - A word entry matches whole words: the text around it is no letter, mark or digit, except
///   in scripts written without spaces (Han, kana, Thai…), where it matches anywhere. An entry
///   written in lowercase matches any case (`dinah` matches `Dinah` and `DINAH`); one with a
///   capital matches exactly (`US` does not match `us`). The longest entry wins where several
///   start at one place.
/// - A pattern entry is an ICU regular expression; its replacement may use `$1`…`$9` for its
///   groups. Each search runs under ICU's time limit (``patternTimeLimit``): a pattern that runs
///   out (catastrophic backtracking) is turned off for the rest of the session, reported once
///   through `onProblem`, and the utterance is spoken without it.
/// - Word entries win over patterns that overlap them.
/// - An entry of a language (`en`) applies to text in it and its regional variants (`en-GB`,
///   `en_US`); an entry of no language to every text.
///
/// `Sendable`: compiled patterns are used under a lock.
public final class PronunciationLexicon: Sendable {
    /// One entry: what to match, in which language, and how to say it.
    public struct Entry: Sendable, Hashable {
        /// What an entry matches.
        public enum Match: Sendable, Hashable {
            /// A word or phrase, as written.
            case word(String)
            /// An ICU regular expression.
            case pattern(String)
        }

        /// What the entry matches.
        public var match: Match
        /// How the match is said; a ``Pronunciation/Spoken/text(_:)`` of a pattern may use
        /// `$1`…`$9`.
        public var spoken: Pronunciation.Spoken
        /// The language (a BCP 47 tag or ICU locale id) of the text it applies to, or `nil` for
        /// every language.
        public var language: String?

        public init(match: Match, spoken: Pronunciation.Spoken, language: String? = nil) {
            self.match = match
            self.spoken = spoken
            self.language = language
        }
    }

    /// ICU's limit on each pattern search, in its steps (about a millisecond each).
    public static let patternTimeLimit = 50

    /// The entries, in the order given.
    public let entries: [Entry]
    private let sections: [Section]
    /// Each pattern entry's compiled expression (by entry index), `nil` once it has timed out.
    private let patterns: Locked<[Int: ICU.Regex]>
    private let onProblem: (@Sendable (String) -> Void)?

    /// The entries of one language, as tables.
    private struct Section: Sendable {
        let language: String?
        /// Word entries written without capitals, by their case-folded text.
        let caseless: WordTable
        /// Word entries with a capital, by their text.
        let exact: WordTable
        /// Pattern entries' indices, in order.
        let patterns: [Int]
    }

    /// A lexicon of `entries`.
    ///
    /// - Parameters:
    ///   - entries: the entries, in order.
    ///   - onProblem: told (once per pattern) when a pattern is turned off for running out of
    ///     time.
    /// - Throws: ``PronunciationLexiconError/badPattern(_:reason:line:)`` for a pattern ICU
    ///   rejects.
    public init(entries: [Entry], onProblem: (@Sendable (String) -> Void)? = nil) throws(PronunciationLexiconError) {
        var compiled: [Int: ICU.Regex] = [:]
        var byLanguage: [String?: [Int]] = [:]
        var languageOrder: [String?] = []
        for (index, entry) in entries.enumerated() {
            let language = entry.language.map(Self.languageKey)
            if byLanguage[language] == nil { languageOrder.append(language) }
            byLanguage[language, default: []].append(index)
            guard case .pattern(let pattern) = entry.match else { continue }
            do {
                compiled[index] = try ICU.Regex(pattern: pattern, ignoringCase: false)
            } catch {
                throw .badPattern(pattern, reason: error.reason, line: nil)
            }
        }
        sections = languageOrder.map { language in
            var caseless: [(units: [UInt16], entry: Int)] = []
            var exact: [(units: [UInt16], entry: Int)] = []
            var patterns: [Int] = []
            for index in byLanguage[language] ?? [] {
                switch entries[index].match {
                case .word(let word) where word.contains(where: \.isUppercase):
                    exact.append((Array(word.utf16), index))
                case .word(let word):
                    caseless.append((Self.folded(Array(word.utf16)), index))
                case .pattern:
                    patterns.append(index)
                }
            }
            return Section(
                language: language, caseless: WordTable(caseless), exact: WordTable(exact), patterns: patterns)
        }
        self.entries = entries
        self.patterns = Locked(compiled)
        self.onProblem = onProblem
    }

    /// Whether the lexicon has no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// The pronunciations the lexicon gives `text` in `language` (`nil`: only the entries of
    /// every language apply), in text order, with ranges in `text`'s UTF-16 offsets.
    public func pronunciations(in text: String, language: String?) -> [Pronunciation] {
        let units = Array(text.utf16)
        guard !units.isEmpty else { return [] }
        let key = language.map(Self.languageKey)
        let applying = sections.filter { section in
            guard let wanted = section.language else { return true }
            guard let key else { return false }
            return key == wanted || key.hasPrefix(wanted + "-")
        }
        guard !applying.isEmpty else { return [] }
        let words = wordPronunciations(in: units, sections: applying)
        let matched = patternPronunciations(in: units, sections: applying)
        return Pronunciation.layered([words, matched])
    }

    /// The word entries' matches, longest first at each word start, left to right.
    private func wordPronunciations(in units: [UInt16], sections: [Section]) -> [Pronunciation] {
        let hasWords = sections.contains { !$0.caseless.isEmpty || !$0.exact.isEmpty }
        guard hasWords else { return [] }
        let folded = Self.folded(units)
        var found: [Pronunciation] = []
        var offset = 0
        while offset < units.count {
            guard WordBoundaries.startsWord(units, at: offset) else {
                offset += 1
                continue
            }
            var best: (entry: Int, end: Int)?
            for section in sections {
                let candidates =
                    section.exact.prefixes(of: units, at: offset) + section.caseless.prefixes(of: folded, at: offset)
                for candidate in candidates
                where WordBoundaries.endsWord(units, at: candidate.end) && candidate.end > (best?.end ?? offset) {
                    best = candidate
                }
            }
            if let best {
                found.append(Pronunciation(range: offset..<best.end, spoken: entries[best.entry].spoken))
                offset = best.end
            } else {
                offset += 1
            }
        }
        return found
    }

    /// The pattern entries' matches, in entry order (an earlier entry's match wins an overlap).
    private func patternPronunciations(in units: [UInt16], sections: [Section]) -> [Pronunciation] {
        let indices = sections.flatMap(\.patterns).sorted()
        guard !indices.isEmpty else { return [] }
        var layers: [[Pronunciation]] = []
        var timedOut: [Int] = []
        patterns.withLock { patterns in
            for index in indices {
                guard let regex = patterns[index] else { continue }
                let matches = regex.matches(in: units, timeLimit: Self.patternTimeLimit)
                if matches.timedOut {
                    patterns[index] = nil
                    timedOut.append(index)
                    continue
                }
                layers.append(
                    matches.ranges.compactMap { groups in
                        guard let range = groups[0], !range.isEmpty else { return nil }
                        return Pronunciation(
                            range: range, spoken: Self.expanded(entries[index].spoken, groups: groups, in: units))
                    })
            }
        }
        for index in timedOut {
            if case .pattern(let pattern) = entries[index].match {
                onProblem?(
                    "the pronunciation pattern \(pattern) ran out of time (over \(Self.patternTimeLimit) ICU steps) and is turned off"
                )
            }
        }
        return Pronunciation.layered(layers)
    }

    /// `spoken` with `$1`…`$9` replaced by the text of the match's groups (`\$` is a dollar).
    private static func expanded(_ spoken: Pronunciation.Spoken, groups: [Range<Int>?], in units: [UInt16])
        -> Pronunciation.Spoken
    {
        guard case .text(let replacement) = spoken, replacement.contains("$") else { return spoken }
        var result = ""
        var characters = replacement.makeIterator()
        while let character = characters.next() {
            if character == "\\" {
                if let next = characters.next() { result.append(next) }
            } else if character == "$", let next = characters.next() {
                if let digit = next.wholeNumberValue, digit < groups.count, let range = groups[digit] {
                    result += String(decoding: units[range], as: UTF16.self)
                } else if next.wholeNumberValue == nil {
                    result += "$\(next)"
                }
            } else {
                result.append(character)
            }
        }
        return .text(result)
    }

    /// A language tag as entries are compared: lowercased, `_` as `-`.
    private static func languageKey(_ language: String) -> String {
        String(language.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    private static func folded(_ units: [UInt16]) -> [UInt16] {
        units.withUnsafeBufferPointer { ICU.Properties.folded($0, ignoringCase: true, ignoringDiacritics: false) }
    }
}

import Synchronization

/// What every tokenizer of one locale shares: the canonical ICU ids, the extra sentence
/// abbreviations, and the pools of idle word and sentence iterators.
///
/// A book makes one tokenizer per paragraph, so this is worked out once per locale identifier
/// and process (``named(_:)``), not once per tokenizer: a tokenizer pays one dictionary lookup
/// for it, and building a cache borrows an iterator without looking anything up.
///
/// `Sendable`: immutable, and its pools are `Sendable`.
final class TokenizerLocale: Sendable {
    /// The ICU locale id ("ja_JP" for "ja-JP").
    let locale: String
    /// The ICU locale id of sentence iterators: `locale` with abbreviation suppression
    /// (`@ss=standard`).
    let sentenceLocale: String
    /// Abbreviations after which a sentence does not end beyond ICU's own list
    /// (``UnitBuilder/extraAbbreviations(forLocale:)``).
    let abbreviations: [[UInt16]]
    /// The abbreviations after which ICU's sentence iterator holds a break back.
    let sentenceExceptions: SentenceExceptions
    /// The scans its tokenizers use: ``FastPaths/running``, without ``FastPaths/words`` where
    /// the locale's word rules are not those ``SimpleWords`` follows.
    let fastPaths: FastPaths
    /// Whether word segments may come from ``SimpleWords``.
    var scansWords: Bool { fastPaths.contains(.words) }
    /// Whether cluster boundaries may come from ``CharacterBoundaries``' simple units.
    var scansCharacters: Bool { fastPaths.contains(.characters) }
    /// ``sentenceExceptions`` when sentence segments may come from ``SimpleSentences``, else
    /// `nil` (ICU's iterator alone).
    var sentenceScan: SentenceExceptions? { fastPaths.contains(.sentences) ? sentenceExceptions : nil }
    /// Idle word iterators.
    let words: ICU.BreakIterator.Pool
    /// Idle sentence iterators (with abbreviation suppression).
    let sentences: ICU.BreakIterator.Pool

    private init(_ icuLocale: ICU.Locale) {
        let canonical = icuLocale.identifier
        locale = canonical
        // Without abbreviation suppression when ICU cannot add the keyword (an id too long for
        // it): sentences then also break after abbreviations.
        sentenceLocale = ((try? icuLocale.setting("ss", to: "standard")) ?? icuLocale).identifier
        abbreviations = UnitBuilder.extraAbbreviations(forLocale: canonical)
        fastPaths = FastPaths.running.subtracting(SimpleWords.applies(toLocale: canonical) ? [] : .words)
        sentenceExceptions = SentenceExceptions(locale: icuLocale)
        words = ICU.BreakIterator.pool(kind: .word, locale: canonical)
        sentences = ICU.BreakIterator.pool(kind: .sentence, locale: sentenceLocale)
    }

    /// Locales already worked out, by the identifier they were asked for with (or, for
    /// ``shared(_:)``, by their canonical id).
    private static let known = Locked<[String: TokenizerLocale]>([:])

    /// The shared locale for a BCP-47 tag ("ja-JP") or ICU locale id ("th", "ja@lw=phrase").
    ///
    /// - Throws: ``ICUError`` when `identifier` is malformed (not remembered, so it throws
    ///   again).
    /// - Complexity: a lock and a dictionary lookup once the identifier has been seen.
    static func named(_ identifier: String) throws(ICUError) -> TokenizerLocale {
        if let hit = known.withLock({ $0[identifier] }) { return hit }
        return remember(TokenizerLocale(try ICU.Locale(identifier)), as: identifier)
    }

    /// The shared locale for `locale`, which ICU has already accepted: no failure.
    static func shared(_ locale: ICU.Locale) -> TokenizerLocale {
        if let hit = known.withLock({ $0[locale.identifier] }) { return hit }
        return remember(TokenizerLocale(locale), as: locale.identifier)
    }

    /// Keeps `made` under `key`, unless another task kept one first (which it returns).
    private static func remember(_ made: TokenizerLocale, as key: String) -> TokenizerLocale {
        known.withLock { known in
            if let existing = known[key] { return existing }
            known[key] = made
            return made
        }
    }
}

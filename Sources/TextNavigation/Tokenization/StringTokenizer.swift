import Synchronization

/// The default tokenizer: ICU's locale-aware rules over a ``TextStorage`` (the analogue of
/// UIKit's `UITextInputStringTokenizer`).
///
/// - Characters are extended grapheme clusters (UAX #29 through ICU, with a fast path for Latin
///   text).
/// - The Swift scans that decide boundaries without ICU run only on the ICU versions they were
///   verified against (`FastPaths.running`); elsewhere every boundary is ICU's.
/// - Words are ICU word segments whose rule status is not "none": white space and
///   punctuation-only runs are gaps. Japanese, Chinese and Thai words come from ICU's
///   dictionaries.
/// - Sentences are ICU sentences (suppressing breaks after common abbreviations, ICU's
///   `@ss=standard`, and in English after a few titles CLDR's list lacks, such as "Dr.") without
///   their leading and trailing white space.
/// - Paragraphs are the text between hard paragraph breaks (LF, CR, CR LF, VT, FF, NEL, U+2029).
/// - Lines come from a ``LineUnitSource`` (a layout) when one is given; without one, lines are
///   the text between hard line breaks (paragraph breaks and U+2028).
/// - The document is the whole text.
/// - A backend's own tokenizer (``customTokenizer``: MeCab, a dictionary of its own) may give
///   the words, sentences or paragraphs instead (``customGranularities``); everything else
///   (navigation, read-all, selection, the four queries) then uses its units.
///
/// Unit boundaries are computed once per granularity, on first use, and cached: after that a
/// query is a binary search.
///
/// `Sendable`: each granularity's cache is set once, atomically (`OnceSlot`), and read
/// without a lock; the ICU character iterator and the writing directions live behind a
/// lock (`Locked`). Any number of tasks may share one tokenizer. The first query of a granularity
/// computes its units without holding a lock (two tasks racing may both compute them; the
/// first result stored wins).
public final class StringTokenizer: TextTokenizer {
    /// The text.
    public let storage: TextStorage
    /// The ICU locale id in use ("ja_JP" for "ja-JP").
    public let locale: String
    /// Where line units come from; `nil` for hard line breaks.
    public let lineSource: (any LineUnitSource)?
    /// The backend's tokenizer for ``customGranularities``, or `nil` for ICU's alone.
    public var customTokenizer: (any TextTokenizer)? { custom?.tokenizer }
    /// The granularities whose units come from ``customTokenizer`` (empty without one).
    public var customGranularities: Set<TextGranularity> { custom?.granularities ?? [] }

    /// What all tokenizers of the locale share: ids, abbreviations, iterator pools.
    let shared: TokenizerLocale
    private let state: Locked<State>
    let words = OnceSlot<CachedUnits>()
    let sentences = OnceSlot<CachedUnits>()
    private let paragraphs = OnceSlot<CachedUnits>()
    /// Lines between hard line breaks, for a tokenizer without a line source.
    private let hardLines = OnceSlot<CachedUnits>()
    /// The backend's tokenizer and what it gives, or `nil` (one reference, so a tokenizer
    /// without one costs a word).
    let custom: CustomUnits?

    /// One granularity's units, boxed once so that a ``OnceSlot`` publishes them with one
    /// pointer-sized atomic.
    final class CachedUnits: Sendable {
        let units: TextUnits
        init(_ units: TextUnits) { self.units = units }
    }

    private struct State {
        var characters: CharacterBoundaries
        var directions: [WritingDirection]?
    }

    /// A tokenizer over `storage` for `locale`, a BCP-47 tag ("ja-JP") or ICU locale id
    /// ("th", "ja@lw=phrase").
    ///
    /// - Parameters:
    ///   - storage: the text.
    ///   - locale: the locale of ICU's rules (and of the characters' writing direction).
    ///   - lineSource: where line units come from; `nil` for hard line breaks.
    ///   - customTokenizer: a backend's own tokenizer over the same text, whose units of
    ///     `customGranularities` replace ICU's; `nil` for ICU's alone.
    ///   - customGranularities: which units come from `customTokenizer`: any of word, sentence
    ///     and paragraph (characters are always grapheme clusters, lines always come from
    ///     `lineSource`; others are ignored).
    /// - Throws: ``LocaleError`` when `locale` is malformed.
    /// - Complexity: O(1): the locale is worked out once per process; no ICU iterator is made.
    ///   A custom tokenizer's units are found on the first query of their granularity, by
    ///   walking its boundaries (see ``customTokenizer``), and cached.
    public convenience init(
        storage: TextStorage, locale: String = "en", lineSource: (any LineUnitSource)? = nil,
        customTokenizer: (any TextTokenizer)? = nil, customGranularities: Set<TextGranularity> = [.word]
    ) throws(LocaleError) {
        let shared: TokenizerLocale
        do { shared = try TokenizerLocale.named(locale) } catch { throw LocaleError(locale: locale, error) }
        self.init(
            storage: storage, shared: shared, lineSource: lineSource,
            custom: customTokenizer.flatMap { CustomUnits(tokenizer: $0, granularities: customGranularities) })
    }

    /// A tokenizer over `storage` for `locale`, which ICU has already accepted (such as
    /// ``ICU/Locale/root``, the fallback for a locale ICU rejects): no failure.
    convenience init(
        storage: TextStorage, locale: ICU.Locale, lineSource: (any LineUnitSource)? = nil, custom: CustomUnits? = nil
    ) {
        self.init(storage: storage, shared: TokenizerLocale.shared(locale), lineSource: lineSource, custom: custom)
    }

    /// A tokenizer over `storage` with `shared`'s locale (one resolved already, for passes that
    /// make many tokenizers of one locale).
    init(
        storage: TextStorage, shared: TokenizerLocale, lineSource: (any LineUnitSource)? = nil,
        custom: CustomUnits? = nil
    ) {
        self.storage = storage
        self.shared = shared
        self.locale = shared.locale
        self.lineSource = lineSource
        self.custom = custom
        self.state = Locked(
            State(
                characters: CharacterBoundaries(storage: storage, locale: shared.locale, scans: shared.scansCharacters))
        )
    }

    /// A tokenizer over a copy of `string`.
    public convenience init(_ string: String, locale: String = "en") throws(LocaleError) {
        try self.init(storage: TextStorage(string), locale: locale)
    }

    /// The length of the text in UTF-16 code units.
    public var length: Int { storage.count }

    /// The units of `granularity`, in order (character units are computed afresh each call; the
    /// others come from the cache).
    ///
    /// - Complexity: O(n) on the first call for a granularity, O(1) after.
    public func units(for granularity: TextGranularity) -> TextUnits {
        switch granularity {
        case .character:
            return state.withLock { $0.characters.units() }
        case .document:
            return TextUnits([0..<length])
        case .line:
            if let lineSource { return lineSource.lineUnits }
            return withUnits(.line) { $0 }
        case .paragraph, .word, .sentence:
            return withUnits(granularity) { $0 }
        }
    }

    /// The units read aloud at `granularity`, by "read all" (``ReadingSession``) and printed by
    /// `readaloud units`: ``units(for:)``, except that a text with no word but some text that
    /// is not white space (a line of asterisks; a row of emoji, which ICU's word rules give no
    /// word status) is read by its sentences, so that nothing is dropped and no utterance is
    /// longer than a sentence.
    ///
    /// - Complexity: as ``units(for:)``.
    public func readingUnits(for granularity: TextGranularity) -> TextUnits {
        let found = units(for: granularity)
        return granularity == .word && found.count == 0 ? units(for: .sentence) : found
    }

    /// `body`'s answer over the units of `granularity` (not character or document), computed
    /// and cached on first use; with the cache set, no lock is taken and the units are not
    /// copied.
    @inline(__always)
    func withUnits<R>(_ granularity: TextGranularity, _ body: (TextUnits) -> R) -> R {
        switch granularity {
        case .word:
            if let answer = words.withValue({ body($0.units) }) { return answer }
            return body(words.store(CachedUnits(computeWords())).units)
        case .sentence:
            if let answer = sentences.withValue({ body($0.units) }) { return answer }
            return body(sentences.store(CachedUnits(computeSentences())).units)
        case .paragraph:
            if let answer = paragraphs.withValue({ body($0.units) }) { return answer }
            return body(
                paragraphs.store(
                    CachedUnits(
                        customUnits(.paragraph)
                            ?? UnitBuilder.hardBreakUnits(of: storage, includeLineSeparator: false))
                ).units)
        case .line:
            if let lineSource { return body(lineSource.lineUnits) }
            if let answer = hardLines.withValue({ body($0.units) }) { return answer }
            return body(hardLines.store(CachedUnits(Self.hardLineUnits(of: storage))).units)
        case .character:
            return body(units(for: .character))
        case .document:
            return body(TextUnits([0..<length]))
        }
    }

    /// The units of `granularity` from the custom tokenizer, or `nil` when ICU's are used.
    private func customUnits(_ granularity: TextGranularity) -> TextUnits? {
        guard let custom, custom.granularities.contains(granularity) else { return nil }
        return custom.units(for: granularity, length: length) { isCharacterBoundary($0) }
    }

    private func computeWords() -> TextUnits {
        if let units = customUnits(.word) { return units }
        return
            (try? shared.words.borrowing { iterator throws(ICUError) in
                try UnitBuilder.words(
                    of: storage, iterator: iterator, scans: shared.scansWords, scansCharacters: shared.scansCharacters)
            }) ?? TextUnits()
    }

    private func computeSentences() -> TextUnits {
        if let units = customUnits(.sentence) { return units }
        return
            (try? shared.sentences.borrowing { iterator throws(ICUError) in
                try UnitBuilder.sentences(
                    of: storage, iterator: iterator, abbreviations: shared.abbreviations,
                    exceptions: shared.sentenceScan, scansCharacters: shared.scansCharacters
                ) { self.isCharacterBoundary($0) }
            }) ?? TextUnits()
    }

    /// Whether `offset` is an extended grapheme cluster boundary; `false` outside `0...length`.
    public func isCharacterBoundary(_ offset: Int) -> Bool {
        guard offset >= 0, offset <= length else { return false }
        if shared.scansCharacters, offset > 0, offset < length,
            let fast = CharacterBoundaries.fastBoundary(storage[offset - 1], storage[offset])
        {
            return fast
        }
        return state.withLock { $0.characters.isBoundary(offset) }
    }

    /// The next cluster boundary after `offset`, or `nil` at the end.
    public func characterBoundary(after offset: Int) -> Int? {
        if shared.scansCharacters, offset >= 0, offset + 1 < length,
            let fast = CharacterBoundaries.fastBoundary(storage[offset], storage[offset + 1]), fast
        {
            return offset + 1
        }
        return state.withLock { $0.characters.boundary(after: offset) }
    }

    /// The previous cluster boundary before `offset`, or `nil` at the start.
    public func characterBoundary(before offset: Int) -> Int? {
        if shared.scansCharacters, offset >= 2, offset <= length,
            let fast = CharacterBoundaries.fastBoundary(storage[offset - 2], storage[offset - 1]), fast
        {
            return offset - 1
        }
        return state.withLock { $0.characters.boundary(before: offset) }
    }

    /// The base writing direction of the paragraph holding `offset`: that of its first strong
    /// character (UAX #9 rules P2 and P3), left to right when it has none.
    public func writingDirection(at offset: Int) -> WritingDirection {
        let paragraphs = units(for: .paragraph)
        guard paragraphs.count > 0 else { return .leftToRight }
        var directions = state.withLock { $0.directions }
        if directions == nil {
            let computed = (0..<paragraphs.count).map {
                ICU.Properties.firstStrongDirection(in: storage, range: paragraphs[$0]) ?? .leftToRight
            }
            state.withLock { $0.directions = computed }
            directions = computed
        }
        let index = min(paragraphs.firstIndex(endingAtOrAfter: offset), paragraphs.count - 1)
        return directions![index]
    }
}

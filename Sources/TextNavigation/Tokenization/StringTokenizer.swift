import Synchronization

/// The default tokenizer: ICU's locale-aware rules over a ``TextStorage`` (the analogue of
/// UIKit's `UITextInputStringTokenizer`).
///
/// - Characters are extended grapheme clusters (UAX #29 through ICU, with a fast path for Latin
///   text).
/// - Words are ICU word segments whose rule status is not "none": white space and
///   punctuation-only runs are gaps. Japanese, Chinese and Thai words come from ICU's
///   dictionaries.
/// - Sentences are ICU sentences (suppressing breaks after common abbreviations, ICU's
///   `@ss=standard`, and in English after a few titles CLDR's list lacks, such as "Dr.") without
///   their leading and trailing white space.
/// - Paragraphs are the text between hard paragraph breaks (LF, CR, CR LF, VT, FF, NEL, U+2029).
/// - Lines come from a ``LineSegmentSource`` (a layout) when one is given; without one, lines are
///   the text between hard line breaks (paragraph breaks and U+2028).
/// - The document is the whole text.
///
/// Unit boundaries are computed once per granularity, on first use, and cached: after that a
/// query is a binary search.
///
/// `Sendable`: ICU iterators and caches live behind a `Mutex`; any number of tasks may share one
/// tokenizer. Long computations (the first query of a granularity over a long text) hold the
/// lock, so tasks that want to tokenize different texts in parallel use different tokenizers.
public final class StringTokenizer: TextTokenizer {
    /// The text.
    public let storage: TextStorage
    /// The ICU locale id in use ("ja_JP" for "ja-JP").
    public let locale: String
    /// Where line units come from; `nil` for hard line breaks.
    public let lineSource: (any LineSegmentSource)?

    private let sentenceLocale: String
    private let state: Mutex<State>

    private struct State {
        var characters: CharacterBoundaries
        var segments: [TextGranularity: TextSegments] = [:]
        var directions: [WritingDirection]?
    }

    /// A tokenizer over `storage` for `locale`, a BCP-47 tag ("ja-JP") or ICU locale id
    /// ("th", "ja@lw=phrase").
    ///
    /// - Throws: ``ICUError`` when `locale` is malformed.
    public init(storage: TextStorage, locale: String = "en", lineSource: (any LineSegmentSource)? = nil)
        throws(ICUError)
    {
        self.storage = storage
        let canonical = try ICU.Locale.canonical(locale)
        self.locale = canonical
        self.sentenceLocale = try ICU.Locale.setting("ss", to: "standard", in: canonical)
        self.lineSource = lineSource
        self.state = Mutex(State(characters: CharacterBoundaries(storage: storage, locale: canonical)))
    }

    /// A tokenizer over a copy of `string`.
    public convenience init(_ string: String, locale: String = "en") throws(ICUError) {
        try self.init(storage: TextStorage(string), locale: locale)
    }

    /// The length of the text in UTF-16 code units.
    public var length: Int { storage.count }

    /// The units of `granularity`, in order (character units are computed afresh each call; the
    /// others come from the cache).
    ///
    /// - Complexity: O(n) on the first call for a granularity, O(1) after.
    public func segments(for granularity: TextGranularity) -> TextSegments {
        switch granularity {
        case .character:
            return state.withLock { $0.characters.segments() }
        case .document:
            return TextSegments([0..<length])
        case .line:
            if let lineSource { return lineSource.lineSegments() }
            return cached(.line) { SegmentBuilder.hardBreakUnits(of: storage, includeLineSeparator: true) }
        case .paragraph:
            return cached(.paragraph) { SegmentBuilder.hardBreakUnits(of: storage, includeLineSeparator: false) }
        case .word:
            return cached(.word) {
                (try? ICU.BreakIterator.borrowing(kind: .word, locale: locale) { iterator throws(ICUError) in
                    try SegmentBuilder.words(of: storage, iterator: iterator)
                }) ?? TextSegments()
            }
        case .sentence:
            return cached(.sentence) {
                (try? ICU.BreakIterator.borrowing(kind: .sentence, locale: sentenceLocale) { iterator throws(ICUError) in
                    try SegmentBuilder.sentences(
                        of: storage, iterator: iterator,
                        abbreviations: SegmentBuilder.extraAbbreviations(forLocale: locale)
                    ) { self.isCharacterBoundary($0) }
                }) ?? TextSegments()
            }
        }
    }

    /// The cached units of `granularity`, computed outside the lock on first use (two tasks
    /// racing may both compute them; the first result stored wins).
    private func cached(_ granularity: TextGranularity, compute: () -> TextSegments) -> TextSegments {
        if let hit = state.withLock({ $0.segments[granularity] }) { return hit }
        let computed = compute()
        return state.withLock { state in
            if let existing = state.segments[granularity] { return existing }
            state.segments[granularity] = computed
            return computed
        }
    }

    /// Whether `offset` is an extended grapheme cluster boundary; `false` outside `0...length`.
    public func isCharacterBoundary(_ offset: Int) -> Bool {
        guard offset >= 0, offset <= length else { return false }
        if offset > 0, offset < length,
            let fast = CharacterBoundaries.fastBoundary(storage[offset - 1], storage[offset])
        {
            return fast
        }
        return state.withLock { $0.characters.isBoundary(offset) }
    }

    /// The next cluster boundary after `offset`, or `nil` at the end.
    public func characterBoundary(after offset: Int) -> Int? {
        if offset >= 0, offset + 1 < length,
            let fast = CharacterBoundaries.fastBoundary(storage[offset], storage[offset + 1]), fast
        {
            return offset + 1
        }
        return state.withLock { $0.characters.boundary(after: offset) }
    }

    /// The previous cluster boundary before `offset`, or `nil` at the start.
    public func characterBoundary(before offset: Int) -> Int? {
        if offset >= 2, offset <= length,
            let fast = CharacterBoundaries.fastBoundary(storage[offset - 2], storage[offset - 1]), fast
        {
            return offset - 1
        }
        return state.withLock { $0.characters.boundary(before: offset) }
    }

    /// The base writing direction of the paragraph holding `offset`: that of its first strong
    /// character (UAX #9 rules P2 and P3), left to right when it has none.
    public func writingDirection(at offset: Int) -> WritingDirection {
        let paragraphs = segments(for: .paragraph)
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

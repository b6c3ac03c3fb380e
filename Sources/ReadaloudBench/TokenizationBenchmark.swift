import TextNavigation

/// Raw ICU baselines for `readaloud bench`: the work a client calling ICU's break iterators
/// directly would do over the same UTF-16 text, so the bench can print the library's speed as
/// a ratio of ICU's, measured in the same run.
///
/// Every baseline goes through the ``ICU`` wrappers (and so the `CICU` bridge): one iterator,
/// opened once and reused with `ubrk_setText`, and nothing kept but a count. No result is
/// cached between calls.
enum TokenizationBenchmark {
    /// The ICU break iterator kind behind `granularity`, or `nil` for paragraphs and the
    /// document, which ICU has no iterator for.
    private static func kind(of granularity: TextGranularity) -> ICU.BreakKind? {
        switch granularity {
        case .character: .character
        case .word: .word
        case .sentence: .sentence
        case .line: .line
        case .paragraph, .document: nil
        }
    }

    /// An iterator of `granularity` for `locale` (a BCP-47 tag or ICU id), with the options the
    /// tokenizer uses (abbreviation suppression for sentences).
    private static func iterator(_ granularity: TextGranularity, locale: String) throws(ICUError)
        -> ICU.BreakIterator?
    {
        guard let kind = kind(of: granularity) else { return nil }
        var canonical = try ICU.Locale.canonical(locale)
        if kind == .sentence { canonical = try ICU.Locale.setting("ss", to: "standard", in: canonical) }
        return try ICU.BreakIterator(kind: kind, locale: canonical)
    }

    /// Iterates every boundary of `granularity` over each of `texts` in turn, with one ICU
    /// iterator pointed at each text (`ubrk_setText`, then `ubrk_next` to the end), and counts
    /// what the tokenizer counts: for words, the segments whose rule status is not "none"
    /// (`ubrk_getRuleStatus` at each boundary, as a client must to tell words from the spaces
    /// and punctuation between them); for the other granularities, every boundary.
    ///
    /// - Returns: how many words (boundaries) ICU found after each text's start; `nil` for
    ///   granularities ICU has no iterator for (paragraph, document).
    /// - Throws: ``ICUError`` when the locale is malformed or ICU cannot open the iterator.
    /// - Complexity: O(n) in the total length of `texts`.
    static func icuBoundaryCount(
        in texts: [TextStorage], granularity: TextGranularity, locale: String
    ) throws(ICUError) -> Int? {
        guard let iterator = try iterator(granularity, locale: locale) else { return nil }
        var count = 0
        if granularity == .word {
            for text in texts {
                try iterator.setText(text)
                while iterator.next() != ICU.BreakIterator.done {
                    if iterator.ruleStatus >= UnitBuilder.wordNoneLimit { count += 1 }
                }
            }
            return count
        }
        for text in texts {
            try iterator.setText(text)
            while iterator.next() != ICU.BreakIterator.done { count += 1 }
        }
        return count
    }

    /// Finds the ICU segment of `granularity` around each of `offsets` in `text` with one
    /// iterator reused for every query (`ubrk_following`, the rule status, `ubrk_preceding`),
    /// the way a client without boundary caches answers "the word (sentence) here".
    ///
    /// - Returns: a checksum of the segments found (so the work cannot be optimized away);
    ///   `nil` for granularities ICU has no iterator for. Offsets outside `0..<text.count` are
    ///   skipped.
    /// - Throws: ``ICUError`` when the locale is malformed or ICU cannot open the iterator.
    /// - Complexity: each query costs what ICU's random access costs: a cache lookup, or a
    ///   backup to a safe point and a forward scan.
    static func icuEnclosingSegments(
        in text: TextStorage, at offsets: [Int], granularity: TextGranularity, locale: String
    ) throws(ICUError) -> Int? {
        guard let iterator = try iterator(granularity, locale: locale) else { return nil }
        try iterator.setText(text)
        var checksum = 0
        for offset in offsets where offset >= 0 && offset < text.count {
            let end = iterator.following(offset)
            let status = Int(iterator.ruleStatus)
            let start = iterator.preceding(end == ICU.BreakIterator.done ? text.count : end)
            checksum &+= end &+ start &+ status
        }
        return checksum
    }
}

/// Builds the units of one granularity over a text, the work behind every boundary cache.
package enum UnitBuilder {
    /// ICU's first word rule status that is not "none" (`UBRK_WORD_NONE_LIMIT`): numbers,
    /// letters, kana and ideographs have statuses from here up; spaces and punctuation below.
    package static let wordNoneLimit: Int32 = 100

    /// Word units: ICU word segments whose rule status is not "none".
    ///
    /// ICU's word rules can break inside a grapheme cluster (after a Prepend character such as
    /// U+0605, which joins the character after it); such an edge moves to the start of its
    /// cluster, and a unit left empty is dropped, so no word edge falls inside a cluster.
    ///
    /// With `scans` (the locale's word rules are those ``SimpleWords`` follows), ICU's segments
    /// come from ``SimpleWords`` where it takes the text, else from ICU's iterator. With
    /// `scansCharacters`, cluster edges come from ``CharacterBoundaries``' simple units where
    /// they decide, else from ICU.
    ///
    /// - Complexity: O(n): a scan, or one pass of ICU's word iterator, as a run of one paragraph
    ///   (``words(ofRun:span:iterator:scans:scansCharacters:)``).
    static func words(
        of storage: TextStorage, iterator: ICU.BreakIterator, scans: Bool,
        scansCharacters: Bool = FastPaths.running.contains(.characters)
    ) throws(ICUError) -> TextUnits {
        try words(
            ofRun: [storage.bufferRange], span: storage, iterator: iterator, scans: scans,
            scansCharacters: scansCharacters)?.first ?? TextUnits()
    }

    /// Sentence units: ICU sentences without their leading and trailing white space; a
    /// sentence of white space alone is a gap. As for words, an ICU boundary inside a grapheme
    /// cluster moves to the start of the cluster.
    /// `isCharacterBoundary` keeps a trimmed start off the inside of a cluster (a space that
    /// carries a combining mark is not trimmed). A break after one of `abbreviations` (UTF-16,
    /// final full stop included, standing as a word of its own) is dropped, as ICU drops breaks
    /// after the abbreviations of its own list.
    ///
    /// With `exceptions` (ICU's abbreviations for the iterator's locale), ICU's sentences come
    /// from ``SimpleSentences`` where it pays (ICU's iterator is then asked only after
    /// abbreviations), else from a pass of ICU's iterator. `scansCharacters` as for words.
    ///
    /// - Complexity: O(n): a scan of the text, or one pass of ICU's sentence iterator (a run of
    ///   one paragraph, ``sentences(ofRun:span:iterator:abbreviations:exceptions:scansCharacters:isCharacterBoundary:)``).
    static func sentences(
        of storage: TextStorage, iterator: ICU.BreakIterator, abbreviations: [[UInt16]] = [],
        exceptions: SentenceExceptions? = nil, scansCharacters: Bool = FastPaths.running.contains(.characters),
        isCharacterBoundary: (Int) -> Bool
    ) throws(ICUError) -> TextUnits {
        try sentences(
            ofRun: [storage.bufferRange], span: storage, iterator: iterator, abbreviations: abbreviations,
            exceptions: exceptions, scansCharacters: scansCharacters
        ) { isCharacterBoundary($1) }?.first ?? TextUnits()
    }

    /// ICU's iterator asked whether offsets of a text are boundaries, pointed at the text on the
    /// first question only (a scan may ask none).
    private struct BoundaryQuestions {
        let iterator: ICU.BreakIterator
        let text: TextStorage
        /// Why the iterator could not be pointed at the text (every answer is then `false`).
        private(set) var failure: ICUError?
        private var pointed = false

        init(iterator: ICU.BreakIterator, text: TextStorage) {
            self.iterator = iterator
            self.text = text
        }

        /// Whether `offset` is a boundary of the text, as the iterator says.
        mutating func isBoundary(_ offset: Int) -> Bool {
            if !pointed {
                _ = iterator.pointed(at: text, failure: &failure)
                pointed = true
            }
            return failure == nil && iterator.isBoundary(offset)
        }
    }

    // MARK: Runs of paragraphs

    /// The word units of each of `paragraphs` (their ranges in `span`'s buffer, back to back one
    /// paragraph separator apart, `span` from the first one's start to the last one's end), from
    /// one pass over `span` (a scan or ICU's, as for one text): what ``words(of:iterator:scans:scansCharacters:)``
    /// gives for each paragraph alone, or `nil` when a segment crosses a separator.
    ///
    /// - Complexity: O(n) in `span`'s length.
    static func words(
        ofRun paragraphs: [Range<Int>], span: TextStorage, iterator: ICU.BreakIterator, scans: Bool,
        scansCharacters: Bool = FastPaths.running.contains(.characters)
    ) throws(ICUError) -> [TextUnits]? {
        try span.withUTF16 { units throws(ICUError) in
            try RunUnits.build(
                span: span, units: units, table: CharacterBoundaries.simpleUnits.entries, paragraphs: paragraphs,
                scansCharacters: scansCharacters
            ) { run throws(ICUError) in
                if !scans || !SimpleWords.segments(of: units, { starts, ends in run.addWords(starts, ends) }) {
                    try addWords(of: iterator, span: span, paragraphs: paragraphs.count, to: &run)
                }
            }
        }
    }

    /// Adds ICU's word segments (status not "none") of each of `run`'s paragraphs, with
    /// `iterator` pointed at each in turn, as a client pointing ICU at each paragraph would (over
    /// the whole span, ICU would look past each paragraph's end for nothing); then points it at
    /// `span`.
    private static func addWords(
        of iterator: ICU.BreakIterator, span: TextStorage, paragraphs: Int, to run: inout RunUnits
    ) throws(ICUError) {
        let base = span.bufferRange.lowerBound
        for paragraph in 0..<paragraphs {
            let range = run.paragraphRange(paragraph)
            try iterator.setText(
                TextStorage(buffer: span.buffer, range: (base + range.lowerBound)..<(base + range.upperBound)))
            iterator.forEachSegment(withStatuses: true) { start, end, status in
                if status >= wordNoneLimit { run.addWord(range.lowerBound + start, range.lowerBound + end) }
            }
        }
        try iterator.setText(span)
    }

    /// The sentence units of each of `paragraphs` (laid out as for
    /// ``words(ofRun:span:iterator:scans:scansCharacters:)``) from one pass over `span`: what
    /// ``sentences(of:iterator:abbreviations:exceptions:scansCharacters:isCharacterBoundary:)`` gives for each
    /// paragraph alone, or `nil` when a segment crosses a separator.
    /// `isCharacterBoundary(paragraph, offset)` tells cluster boundaries within a paragraph.
    /// ICU's sentences come from ``SimpleSentences`` where it pays for the span, as for one text.
    ///
    /// - Complexity: O(n) in `span`'s length.
    static func sentences(
        ofRun paragraphs: [Range<Int>], span: TextStorage, iterator: ICU.BreakIterator, abbreviations: [[UInt16]],
        exceptions: SentenceExceptions? = nil, scansCharacters: Bool = FastPaths.running.contains(.characters),
        isCharacterBoundary: (Int, Int) -> Bool
    ) throws(ICUError) -> [TextUnits]? {
        let scanning = exceptions.flatMap { exceptions in
            span.withUTF16 { SimpleSentences.pays(for: $0, exceptions: exceptions) } ? exceptions : nil
        }
        var questions = BoundaryQuestions(iterator: iterator, text: span)
        if scanning == nil { try iterator.setText(span) }
        let results: [TextUnits]? = span.withUTF16 { units in
            RunUnits.build(
                span: span, units: units, table: CharacterBoundaries.simpleUnits.entries, paragraphs: paragraphs,
                scansCharacters: scansCharacters
            ) { run in
                if let scanning {
                    SimpleSentences.segments(
                        ofSurveyed: units, exceptions: scanning, isBoundary: { questions.isBoundary($0) }
                    ) { starts, ends in
                        run.addSentences(
                            starts, ends, abbreviations: abbreviations, isCharacterBoundary: isCharacterBoundary)
                    }
                } else {
                    iterator.forEachSegment(withStatuses: false) { start, end, _ in
                        run.addSentence(
                            start, end, abbreviations: abbreviations, isCharacterBoundary: isCharacterBoundary)
                    }
                }
            }
        }
        if let failure = questions.failure { throw failure }
        return results
    }

    /// Abbreviations after which a sentence does not end, beyond ICU's own list for the locale
    /// (CLDR 42's English list has "Mr.", "Mt.", "Capt.", "Col.", "Rev.", "Prof." and "Sgt.", but
    /// not "Dr.", "St." or "Messrs."): titles that stand before a name. Empty for languages other
    /// than English.
    static func extraAbbreviations(forLocale locale: String) -> [[UInt16]] {
        let language = locale.prefix { $0 != "_" && $0 != "@" }
        return language == "en" ? englishTitles : []
    }

    /// The English titles of ``extraAbbreviations(forLocale:)``, made once.
    private static let englishTitles: [[UInt16]] = ["Dr.", "Gen.", "Lt.", "Hon.", "St.", "Messrs."].map {
        Array($0.utf16)
    }

    /// Whether `range`, without its trailing white space (which must hold no paragraph break),
    /// ends with one of `abbreviations` that does not follow a letter.
    static func endsWithAbbreviation(
        _ range: Range<Int>, _ units: UnsafeBufferPointer<UInt16>, _ abbreviations: [[UInt16]]
    ) -> Bool {
        var end = range.upperBound
        while end > range.lowerBound, UnicodeClasses.isWhiteSpace(units[end - 1]) {
            if UnicodeClasses.isParagraphSeparator(units[end - 1]) { return false }
            end -= 1
        }
        return abbreviations.contains { abbreviation in
            let start = end - abbreviation.count
            guard start >= range.lowerBound, units[start..<end].elementsEqual(abbreviation) else { return false }
            return start == 0 || Unicode.Scalar(units[start - 1]).map { !$0.properties.isAlphabetic } ?? false
        }
    }

    /// Units between hard breaks: paragraphs (`includeLineSeparator` false) or hard lines.
    /// Separators are gaps, and so are the empty stretches between two separators.
    static func hardBreakUnits(of storage: TextStorage, includeLineSeparator: Bool) -> TextUnits {
        var found = TextUnits()
        storage.withUTF16 { units in
            var start = 0
            for offset in units.indices {
                let unit = units[offset]
                let isBreak =
                    includeLineSeparator
                    ? UnicodeClasses.isLineSeparator(unit) : UnicodeClasses.isParagraphSeparator(unit)
                if isBreak {
                    found.append(start..<offset)
                    start = offset + 1
                }
            }
            found.append(start..<units.count)
        }
        return found
    }

    /// `range` without white space at either end (empty when it is all white space).
    ///
    /// Trimming the end stops at a cluster boundary: a white-space code unit starts a cluster,
    /// except LF after CR (white space too) and a space after a Prepend character (U+0605), whose
    /// cluster the end then leaves whole. Trimming the start can stop before a combining mark
    /// that belongs to the last space; then the start steps back to that space.
    static func trimmed(
        _ range: Range<Int>, _ units: UnsafeBufferPointer<UInt16>, _ isCharacterBoundary: (Int) -> Bool
    ) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, UnicodeClasses.isWhiteSpace(units[lower]) { lower += 1 }
        while upper > lower, UnicodeClasses.isWhiteSpace(units[upper - 1]) { upper -= 1 }
        while upper < range.upperBound, upper > lower, !isCharacterBoundary(upper) { upper -= 1 }
        if lower > range.lowerBound, lower < upper, units[lower] >= 0x300, !isCharacterBoundary(lower) {
            lower -= 1
        }
        return lower..<upper
    }
}

/// Builds the units of one granularity over a text, the work behind every boundary cache.
enum SegmentBuilder {
    /// ICU's first word rule status that is not "none" (`UBRK_WORD_NONE_LIMIT`): numbers,
    /// letters, kana and ideographs have statuses from here up; spaces and punctuation below.
    static let wordNoneLimit: Int32 = 100

    /// Word units: ICU word segments whose rule status is not "none".
    ///
    /// - Complexity: O(n), one pass of ICU's word iterator.
    static func words(of storage: TextStorage, iterator: ICU.BreakIterator) throws(ICUError) -> TextSegments {
        try iterator.setText(storage)
        var segments = TextSegments()
        segments.reserveCapacity(storage.count / 6)
        var start = 0
        iterator.forEachBatch(after: 0, withStatuses: true) { boundaries, statuses in
            for index in boundaries.indices {
                let end = Int(boundaries[index])
                if statuses[index] >= wordNoneLimit { segments.append(start..<end) }
                start = end
            }
        }
        return segments
    }

    /// Sentence units: ICU sentences without their leading and trailing white space; a
    /// sentence of white space alone is a gap.
    /// `isCharacterBoundary` keeps a trimmed start off the inside of a cluster (a space that
    /// carries a combining mark is not trimmed). A break after one of `abbreviations` (UTF-16,
    /// final full stop included, standing as a word of its own) is dropped, as ICU drops breaks
    /// after the abbreviations of its own list.
    static func sentences(
        of storage: TextStorage, iterator: ICU.BreakIterator, abbreviations: [[UInt16]] = [],
        isCharacterBoundary: (Int) -> Bool
    ) throws(ICUError) -> TextSegments {
        try iterator.setText(storage)
        var segments = TextSegments()
        var start = 0
        storage.withUTF16 { units in
            iterator.forEachBatch(after: 0, withStatuses: false) { boundaries, _ in
                for boundary in boundaries {
                    let end = Int(boundary)
                    if end < units.count, endsWithAbbreviation(start..<end, units, abbreviations) { continue }
                    segments.append(trimmed(start..<end, units, isCharacterBoundary))
                    start = end
                }
            }
        }
        return segments
    }

    /// Abbreviations after which a sentence does not end, beyond ICU's own list for the locale
    /// (CLDR 42's English list has "Mr." and "Prof." but not "Dr."): titles that stand before a
    /// name. Empty for languages other than English.
    static func extraAbbreviations(forLocale locale: String) -> [[UInt16]] {
        let language = locale.prefix { $0 != "_" && $0 != "@" }
        guard language == "en" else { return [] }
        return ["Dr.", "Gen.", "Lt.", "Hon."].map { Array($0.utf16) }
    }

    /// Whether `range`, without its trailing white space (which must hold no paragraph break),
    /// ends with one of `abbreviations` that does not follow a letter.
    private static func endsWithAbbreviation(
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
    static func hardBreakUnits(of storage: TextStorage, includeLineSeparator: Bool) -> TextSegments {
        var segments = TextSegments()
        storage.withUTF16 { units in
            var start = 0
            for offset in units.indices {
                let unit = units[offset]
                let isBreak =
                    includeLineSeparator
                    ? UnicodeClasses.isLineSeparator(unit) : UnicodeClasses.isParagraphSeparator(unit)
                if isBreak {
                    segments.append(start..<offset)
                    start = offset + 1
                }
            }
            segments.append(start..<units.count)
        }
        return segments
    }

    /// `range` without white space at either end (empty when it is all white space).
    ///
    /// Trimming the end always stops at a cluster boundary (a white-space code unit starts a
    /// cluster, except LF after CR, which is white space too). Trimming the start can stop before
    /// a combining mark that belongs to the last space; then the start steps back to that space.
    static func trimmed(
        _ range: Range<Int>, _ units: UnsafeBufferPointer<UInt16>, _ isCharacterBoundary: (Int) -> Bool
    ) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, UnicodeClasses.isWhiteSpace(units[lower]) { lower += 1 }
        while upper > lower, UnicodeClasses.isWhiteSpace(units[upper - 1]) { upper -= 1 }
        if lower > range.lowerBound, lower < upper, units[lower] >= 0x300, !isCharacterBoundary(lower) {
            lower -= 1
        }
        return lower..<upper
    }
}

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
    /// carries a combining mark is not trimmed).
    static func sentences(
        of storage: TextStorage, iterator: ICU.BreakIterator, isCharacterBoundary: (Int) -> Bool
    ) throws(ICUError) -> TextSegments {
        try iterator.setText(storage)
        var segments = TextSegments()
        var start = 0
        storage.withUTF16 { units in
            iterator.forEachBatch(after: 0, withStatuses: false) { boundaries, _ in
                for boundary in boundaries {
                    segments.append(trimmed(start..<Int(boundary), units, isCharacterBoundary))
                    start = Int(boundary)
                }
            }
        }
        return segments
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

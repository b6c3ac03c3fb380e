/// Builds the units of one granularity over a text, the work behind every boundary cache.
enum SegmentBuilder {
    /// ICU's first word rule status that is not "none" (`UBRK_WORD_NONE_LIMIT`): numbers,
    /// letters, kana and ideographs have statuses from here up; spaces and punctuation below.
    static let wordNoneLimit: Int32 = 100

    /// Word units: ICU word segments whose rule status is not "none".
    ///
    /// ICU's word rules can break inside a grapheme cluster (after a Prepend character such as
    /// U+0605, which joins the character after it); such an edge moves to the start of its
    /// cluster, and a unit left empty is dropped, so no word edge falls inside a cluster.
    ///
    /// With `scans` (the locale's word rules are those ``SimpleWords`` follows), ICU's segments
    /// come from ``SimpleWords`` where it takes the text, else from ICU's iterator.
    ///
    /// - Complexity: O(n): a scan, or one pass of ICU's word iterator (rule statuses filtered
    ///   in C, a batch at a time); the unit array is allocated once for a paragraph's worth.
    static func words(of storage: TextStorage, iterator: ICU.BreakIterator, scans: Bool) throws(ICUError)
        -> TextSegments
    {
        var failure: ICUError?
        let found = CharacterBoundaries.withSimpleUnits { table in
            storage.withUTF16 { units in
                var words = WordUnits(storage: storage, units: units, table: table)
                wordSegments(of: units, scans: scans, icu: { iterator.pointed(at: storage, failure: &failure) }) {
                    starts, ends in words.add(starts, ends)
                }
                return words.takeOutput().segments
            }
        }
        if let failure { throw failure }
        return found
    }

    /// Hands `body` ICU's word segments of `units` (status not "none") in batches: from
    /// ``SimpleWords`` when `scans` and it takes the text, else from the iterator `icu()` gives,
    /// pointed at the text (none when it gives `nil`).
    private static func wordSegments(
        of units: UnsafeBufferPointer<UInt16>, scans: Bool, icu: () -> ICU.BreakIterator?,
        _ body: (UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<Int32>) -> Void
    ) {
        if scans, SimpleWords.segments(of: units, body) { return }
        icu()?.forEachSegmentBatch(minimumStatus: wordNoneLimit, body)
    }

    /// Word units from ICU's word segments of one text, fed a batch at a time: the work of
    /// ``words(of:iterator:)`` after ICU, shared with the batch over a run of paragraphs.
    struct WordUnits {
        private var clusters: ClusterStarts
        private var output = Accumulator()

        /// Units of `storage` (whose code units are `units`), with ``CharacterBoundaries``'
        /// table of simple units, added to `output` (the units of a run's earlier paragraphs).
        init(
            storage: TextStorage, units: UnsafeBufferPointer<UInt16>, table: UnsafeBufferPointer<UInt64>,
            output: Accumulator = Accumulator()
        ) {
            clusters = ClusterStarts(storage: storage, units: units, table: table)
            self.output = output
            self.output.startText()
        }

        /// Adds ICU's next word segments (offsets in the text, ascending, already filtered by
        /// rule status); rewrites the batch in place.
        mutating func add(_ starts: UnsafeMutableBufferPointer<Int32>, _ ends: UnsafeMutableBufferPointer<Int32>) {
            var kept = 0
            var lastEnd = output.lastEnd
            for index in starts.indices {
                let start = clusters[starts[index]]
                let end = clusters[ends[index]]
                if end > start, start >= lastEnd {
                    starts[kept] = start
                    ends[kept] = end
                    kept += 1
                    lastEnd = end
                }
            }
            output.append(starts, ends, count: kept)
        }

        /// The accumulator, with this text's units after those it was given, taken out.
        mutating func takeOutput() -> Accumulator { output.take() }
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
    /// abbreviations), else from a pass of ICU's iterator.
    ///
    /// - Complexity: O(n): a scan of the text, or one pass of ICU's sentence iterator, a batch of
    ///   sentences per C call.
    static func sentences(
        of storage: TextStorage, iterator: ICU.BreakIterator, abbreviations: [[UInt16]] = [],
        exceptions: SentenceExceptions? = nil, isCharacterBoundary: (Int) -> Bool
    ) throws(ICUError) -> TextSegments {
        var questions = BoundaryQuestions(iterator: iterator, text: storage)
        let scanned: TextSegments? = CharacterBoundaries.withSimpleUnits { table in
            storage.withUTF16 { units -> TextSegments? in
                guard let exceptions, SimpleSentences.pays(for: units, exceptions: exceptions) else { return nil }
                var sentences = SentenceUnits(
                    storage: storage, units: units, table: table, abbreviations: abbreviations)
                SimpleSentences.segments(
                    ofSurveyed: units, exceptions: exceptions, isBoundary: { questions.isBoundary($0) },
                    { starts, ends in sentences.add(starts, ends, isCharacterBoundary) })
                return sentences.takeOutput().segments
            }
        }
        if let failure = questions.failure { throw failure }
        if let scanned { return scanned }
        try iterator.setText(storage)
        return CharacterBoundaries.withSimpleUnits { table in
            storage.withUTF16 { units in
                var sentences = SentenceUnits(
                    storage: storage, units: units, table: table, abbreviations: abbreviations)
                iterator.forEachSegmentBatch(minimumStatus: nil) { starts, ends in
                    sentences.add(starts, ends, isCharacterBoundary)
                }
                return sentences.takeOutput().segments
            }
        }
    }

    /// Sentence units from ICU's sentence segments of one text, fed a batch at a time: the work
    /// of ``sentences(of:iterator:abbreviations:isCharacterBoundary:)`` after ICU, shared with
    /// the batch over a run of paragraphs.
    struct SentenceUnits {
        private let units: UnsafeBufferPointer<UInt16>
        private let abbreviations: [[UInt16]]
        private var clusters: ClusterStarts
        private var output = Accumulator()
        /// The start of a sentence that goes on past an abbreviation.
        private var continued: Int32?

        /// Units of `storage` (whose code units are `units`), with ``CharacterBoundaries``'
        /// table of simple units.
        init(
            storage: TextStorage, units: UnsafeBufferPointer<UInt16>, table: UnsafeBufferPointer<UInt64>,
            abbreviations: [[UInt16]], output: Accumulator = Accumulator()
        ) {
            self.units = units
            self.abbreviations = abbreviations
            clusters = ClusterStarts(storage: storage, units: units, table: table)
            self.output = output
            self.output.startText()
        }

        /// Adds ICU's next sentence segments (offsets in the text, ascending, every segment);
        /// rewrites the batch in place.
        mutating func add(
            _ starts: UnsafeMutableBufferPointer<Int32>, _ ends: UnsafeMutableBufferPointer<Int32>,
            _ isCharacterBoundary: (Int) -> Bool
        ) {
            var kept = 0
            var lastEnd = output.lastEnd
            for index in starts.indices {
                let start = continued ?? starts[index]
                let end = ends[index]
                if !abbreviations.isEmpty, Int(end) < units.count,
                    endsWithAbbreviation(Int(start)..<Int(end), units, abbreviations)
                {
                    continued = start
                    continue
                }
                continued = nil
                let unit = trimmed(Int(clusters[start])..<Int(clusters[end]), units, isCharacterBoundary)
                if !unit.isEmpty, unit.lowerBound >= lastEnd {
                    starts[kept] = Int32(truncatingIfNeeded: unit.lowerBound)
                    ends[kept] = Int32(truncatingIfNeeded: unit.upperBound)
                    kept += 1
                    lastEnd = ends[kept - 1]
                }
            }
            output.append(starts, ends, count: kept)
        }

        /// The accumulator, with this text's units after those it was given, taken out.
        mutating func takeOutput() -> Accumulator { output.take() }
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

    /// The word units of each of `paragraphs`, texts back to back in `span`'s buffer one
    /// paragraph separator apart (`span` from the first one's start to the last one's end),
    /// from one pass of ICU's word iterator over `span`: what ``words(of:iterator:)`` gives for
    /// each paragraph alone, or `nil` when an ICU segment crosses a separator.
    ///
    /// - Complexity: O(n) in `span`'s length.
    static func words(ofRun paragraphs: [TextStorage], span: TextStorage, iterator: ICU.BreakIterator, scans: Bool)
        throws(ICUError) -> [TextSegments]?
    {
        var failure: ICUError?
        let results: [TextSegments]? = CharacterBoundaries.withSimpleUnits { table in
            span.withUTF16 { spanUnits in
                var run = RunOutput(paragraphs: paragraphs.count)
                // Not optional: mutating an optional captured by the callbacks copies it.
                var current = WordUnits(
                    storage: span, units: UnsafeBufferPointer(rebasing: spanUnits[0..<0]), table: table)
                let split = splitRun(
                    paragraphs, span: span,
                    segments: { body in
                        wordSegments(
                            of: spanUnits, scans: scans, icu: { iterator.pointed(at: span, failure: &failure) }, body)
                    },
                    begin: { index, range in
                        current = WordUnits(
                            storage: paragraphs[index], units: UnsafeBufferPointer(rebasing: spanUnits[range]),
                            table: table, output: run.take())
                    },
                    add: { _, starts, ends in current.add(starts, ends) },
                    finish: { run.give(current.takeOutput()) })
                return split ? run.segments : nil
            }
        }
        if let failure { throw failure }
        return results
    }

    /// The sentence units of each of `paragraphs` (laid out as for
    /// ``words(ofRun:span:iterator:)``) from one pass of ICU's sentence iterator over `span`:
    /// what ``sentences(of:iterator:abbreviations:isCharacterBoundary:)`` gives for each
    /// paragraph alone, or `nil` when an ICU segment crosses a separator.
    /// `isCharacterBoundary(paragraph, offset)` tells cluster boundaries within a paragraph.
    /// ICU's sentences come from ``SimpleSentences`` where it pays for the span, as for one text.
    ///
    /// - Complexity: O(n) in `span`'s length.
    static func sentences(
        ofRun paragraphs: [TextStorage], span: TextStorage, iterator: ICU.BreakIterator, abbreviations: [[UInt16]],
        exceptions: SentenceExceptions? = nil, isCharacterBoundary: (Int, Int) -> Bool
    ) throws(ICUError) -> [TextSegments]? {
        let scanning = exceptions.flatMap { exceptions in
            span.withUTF16 { SimpleSentences.pays(for: $0, exceptions: exceptions) } ? exceptions : nil
        }
        var questions = BoundaryQuestions(iterator: iterator, text: span)
        if scanning == nil { try iterator.setText(span) }
        let results: [TextSegments]? = CharacterBoundaries.withSimpleUnits { table in
            span.withUTF16 { spanUnits in
                var run = RunOutput(paragraphs: paragraphs.count)
                // Not optional: mutating an optional captured by the callbacks copies it.
                var current = SentenceUnits(
                    storage: span, units: UnsafeBufferPointer(rebasing: spanUnits[0..<0]), table: table,
                    abbreviations: [])
                let split = splitRun(
                    paragraphs, span: span,
                    segments: { body in
                        guard let scanning else { return iterator.forEachSegmentBatch(minimumStatus: nil, body) }
                        SimpleSentences.segments(
                            ofSurveyed: spanUnits, exceptions: scanning, isBoundary: { questions.isBoundary($0) }, body)
                    },
                    begin: { index, range in
                        current = SentenceUnits(
                            storage: paragraphs[index], units: UnsafeBufferPointer(rebasing: spanUnits[range]),
                            table: table, abbreviations: abbreviations, output: run.take())
                    },
                    add: { index, starts, ends in current.add(starts, ends) { isCharacterBoundary(index, $0) } },
                    finish: { run.give(current.takeOutput()) })
                return split ? run.segments : nil
            }
        }
        if let failure = questions.failure { throw failure }
        return results
    }

    /// Hands ICU's segments over `span` (in batches from `segments`) to the paragraphs they
    /// belong to, in each paragraph's own offsets: `begin(index, range)` opens paragraph `index` (`range` its units in
    /// `span`), `add(index, starts, ends)` gives it a batch of its segments, `finish()` closes
    /// it; every paragraph is opened and closed once, in order, even without segments.
    ///
    /// A segment belongs to the paragraph it starts in (the separator after a paragraph counts
    /// as its own) and is cut at the paragraph's end, so the segment that takes the separator
    /// in ends where the paragraph ends, as ICU's last segment of the paragraph alone does.
    ///
    /// - Returns: `false` when a segment goes on past the separator after its paragraph (ICU
    ///   did not break after it), and then the paragraphs' units are not to be used.
    private static func splitRun(
        _ paragraphs: [TextStorage], span: TextStorage,
        segments: ((UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<Int32>) -> Void) -> Void,
        begin: (Int, Range<Int>) -> Void,
        add: (Int, UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<Int32>) -> Void,
        finish: () -> Void
    ) -> Bool {
        let base = span.bufferRange.lowerBound
        var paragraph = 0
        var range = (paragraphs[0].bufferRange.lowerBound - base)..<(paragraphs[0].bufferRange.upperBound - base)
        begin(0, range)
        var crossed = false
        // The callbacks reach the batches through an escaping copy of `segments`: splitRun alone
        // calls them, one at a time.
        withoutActuallyEscaping(segments) { segments in
            segments { starts, ends in
                guard !crossed else { return }
                var groupStart = 0
                for index in starts.indices {
                    let start = Int(starts[index])
                    if start > range.upperBound {
                        if index > groupStart {
                            add(
                                paragraph, UnsafeMutableBufferPointer(rebasing: starts[groupStart..<index]),
                                UnsafeMutableBufferPointer(rebasing: ends[groupStart..<index]))
                        }
                        groupStart = index
                        while start > range.upperBound, paragraph + 1 < paragraphs.count {
                            finish()
                            paragraph += 1
                            let next = paragraphs[paragraph].bufferRange
                            range = (next.lowerBound - base)..<(next.upperBound - base)
                            begin(paragraph, range)
                        }
                    }
                    let end = Int(ends[index])
                    if end > range.upperBound + 1 || start > range.upperBound {
                        crossed = true
                        return
                    }
                    starts[index] = Int32(truncatingIfNeeded: start - range.lowerBound)
                    ends[index] = Int32(truncatingIfNeeded: min(end, range.upperBound) - range.lowerBound)
                }
                if starts.count > groupStart {
                    add(
                        paragraph, UnsafeMutableBufferPointer(rebasing: starts[groupStart...]),
                        UnsafeMutableBufferPointer(rebasing: ends[groupStart...]))
                }
            }
        }
        guard !crossed else { return false }
        finish()
        while paragraph + 1 < paragraphs.count {
            paragraph += 1
            let next = paragraphs[paragraph].bufferRange
            begin(paragraph, (next.lowerBound - base)..<(next.upperBound - base))
            finish()
        }
        return true
    }

    /// Unit edges gathered a batch at a time, for one text or for the paragraphs of a run one
    /// after another (each in its own offsets, all in one array): a text of fewer than 1,024
    /// units alone gets an array of exactly its size, one allocation.
    struct Accumulator {
        private var bounds: [Int32] = []
        /// Where the current text's edges start in `bounds`.
        private var textStart = 0

        /// Starts the next text: its units come after those gathered so far.
        mutating func startText() { textStart = bounds.count }

        /// This accumulator, moved out (an empty one left in its place, so the units are not
        /// copied when added to again).
        mutating func take() -> Accumulator {
            let taken = self
            self = Accumulator()
            return taken
        }

        /// The end of the current text's last unit, 0 before its first.
        var lastEnd: Int32 { bounds.count > textStart ? bounds[bounds.count - 1] : 0 }

        /// How many units have been gathered, over all texts.
        var unitCount: Int { bounds.count >> 1 }

        /// Appends the first `count` units of a batch.
        mutating func append(
            _ starts: UnsafeMutableBufferPointer<Int32>, _ ends: UnsafeMutableBufferPointer<Int32>, count: Int
        ) {
            guard count > 0 else { return }
            if bounds.isEmpty {
                bounds = [Int32](unsafeUninitializedCapacity: count * 2) { buffer, initialized in
                    for index in 0..<count {
                        buffer[index << 1] = starts[index]
                        buffer[index << 1 | 1] = ends[index]
                    }
                    initialized = count * 2
                }
                return
            }
            let needed = bounds.count + count * 2
            if needed > bounds.capacity { bounds.reserveCapacity(max(needed, bounds.capacity * 2)) }
            for index in 0..<count {
                bounds.append(starts[index])
                bounds.append(ends[index])
            }
        }

        /// The current text's units (of a text alone: all of them).
        var segments: TextSegments {
            textStart == 0
                ? TextSegments(validBounds: bounds)
                : TextSegments(sharing: bounds, first: textStart >> 1, count: (bounds.count - textStart) >> 1)
        }

        /// Every text's edges.
        var allBounds: [Int32] { bounds }
    }

    /// The units of a run's paragraphs in one accumulator, lent to each paragraph's builder in
    /// turn: every paragraph's units share one array (one allocation a run, not a paragraph).
    private struct RunOutput {
        private var accumulator: Accumulator?
        /// The index of each paragraph's first unit, and after the last, the number of units.
        private var firsts: [Int] = [0]

        init(paragraphs: Int) {
            accumulator = Accumulator()
            firsts.reserveCapacity(paragraphs + 1)
        }

        /// Takes the accumulator out for the next paragraph's builder.
        mutating func take() -> Accumulator { accumulator.take() ?? Accumulator() }

        /// Puts it back with the paragraph's units added.
        mutating func give(_ returned: Accumulator) {
            firsts.append(returned.unitCount)
            accumulator = returned
        }

        /// Each paragraph's units, given back so far.
        var segments: [TextSegments] {
            let bounds = accumulator?.allBounds ?? []
            return (0..<(firsts.count - 1)).map {
                TextSegments(sharing: bounds, first: firsts[$0], count: firsts[$0 + 1] - firsts[$0])
            }
        }
    }

    /// Abbreviations after which a sentence does not end, beyond ICU's own list for the locale
    /// (CLDR 42's English list has "Mr." and "Prof." but not "Dr."): titles that stand before a
    /// name. Empty for languages other than English.
    static func extraAbbreviations(forLocale locale: String) -> [[UInt16]] {
        let language = locale.prefix { $0 != "_" && $0 != "@" }
        return language == "en" ? englishTitles : []
    }

    /// The English titles of ``extraAbbreviations(forLocale:)``, made once.
    private static let englishTitles: [[UInt16]] = ["Dr.", "Gen.", "Lt.", "Hon."].map { Array($0.utf16) }

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

/// The start of the grapheme cluster holding each offset asked for: where a word or sentence
/// edge that ICU put inside a cluster moves to. ICU's character iterator is opened only for an
/// offset the fast path cannot decide.
private struct ClusterStarts {
    let storage: TextStorage
    /// The code units of `storage`.
    let units: UnsafeBufferPointer<UInt16>
    /// ``CharacterBoundaries``' table of simple units.
    let table: UnsafeBufferPointer<UInt64>
    private var boundaries: CharacterBoundaries?

    init(storage: TextStorage, units: UnsafeBufferPointer<UInt16>, table: UnsafeBufferPointer<UInt64>) {
        self.storage = storage
        self.units = units
        self.table = table
    }

    /// `offset` itself when it is a cluster boundary (or outside the text), otherwise the start
    /// of its cluster.
    subscript(offset: Int32) -> Int32 {
        @inline(__always) mutating get {
            let position = Int(offset)
            guard position > 0, position < units.count else { return offset }
            let before = units[position - 1]
            let after = units[position]
            if CharacterBoundaries.isSimple(before, table), CharacterBoundaries.isSimple(after, table),
                !(before == 0x0D && after == 0x0A)
            {
                return offset
            }
            return Int32(truncatingIfNeeded: slowStart(position))
        }
    }

    private mutating func slowStart(_ offset: Int) -> Int {
        let clusters = boundaries ?? CharacterBoundaries(storage: storage, locale: "")
        boundaries = clusters
        return clusters.isBoundary(offset) ? offset : clusters.boundary(before: offset) ?? 0
    }
}

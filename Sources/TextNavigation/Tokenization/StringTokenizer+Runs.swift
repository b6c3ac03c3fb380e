extension StringTokenizer {
    /// Computes and caches the word or sentence units of each of `tokenizers` that has none
    /// yet, with one pass over each run of paragraphs among them (a scan, ``SimpleWords`` or
    /// ``SimpleSentences``, where it takes the run, else ICU's iterator), where the
    /// per-tokenizer path sets up a pass and allocates once per paragraph.
    ///
    /// A run is a sequence of tokenizers (in the order given) of one locale whose texts lie back
    /// to back in one buffer, each one U+2029 PARAGRAPH SEPARATOR after the one before (as
    /// `PlainTextBook` lays its paragraphs out). After a paragraph separator every break rule
    /// breaks (WB3a, SB4), and ICU starts each segment afresh, so ICU's segments over the run
    /// are each paragraph's own segments moved by its offset, and each paragraph's units are
    /// then made from them by the same code as ``units(for:)`` (grapheme-edge snapping,
    /// trimming, the extra English titles). (ICU's word iterator is pointed at each paragraph in
    /// turn within the run's one loop: over the whole run, its look-ahead past each paragraph's
    /// end would be thrown away and done again.) Tokenizers outside any run of two or more, and
    /// any run ICU did not break as expected, get their units one by one, as ``units(for:)``
    /// does.
    ///
    /// Other granularities are left alone.
    ///
    /// - Complexity: O(n) in the total length of the texts; one pass for each run.
    static func prepareUnits(_ granularity: TextGranularity, of tokenizers: [StringTokenizer]) {
        guard granularity == .word || granularity == .sentence else { return }
        var runStart = 0
        while runStart < tokenizers.count {
            let first = tokenizers[runStart]
            guard !first.hasUnits(granularity) else {
                runStart += 1
                continue
            }
            var runEnd = runStart + 1
            while runEnd < tokenizers.count, tokenizers[runEnd].continuesRun(after: tokenizers[runEnd - 1]),
                !tokenizers[runEnd].hasUnits(granularity)
            {
                runEnd += 1
            }
            let run = tokenizers[runStart..<runEnd]
            if run.count < 2 || !prepareRun(granularity, of: run) {
                for tokenizer in run { _ = tokenizer.withUnits(granularity) { $0.count } }
            }
            runStart = runEnd
        }
    }

    /// Whether the units of `granularity` (word or sentence) are cached.
    func hasUnits(_ granularity: TextGranularity) -> Bool {
        granularity == .word ? words.value != nil : sentences.value != nil
    }

    /// Whether this tokenizer's text comes right after `previous`'s in the same buffer, one
    /// paragraph separator apart, and is tokenized by the same locale, both by ICU alone.
    private func continuesRun(after previous: StringTokenizer) -> Bool {
        let separator = previous.storage.bufferRange.upperBound
        return shared === previous.shared && custom == nil && previous.custom == nil
            && storage.buffer === previous.storage.buffer
            && storage.bufferRange.lowerBound == separator + 1 && storage.buffer.units[separator] == 0x2029
    }

    /// Runs one pass over `run` (a run, see ``prepareUnits(_:of:)``) and stores each
    /// tokenizer's units; `false`, storing nothing, when ICU fails or a segment crosses a
    /// separator.
    private static func prepareRun(_ granularity: TextGranularity, of run: ArraySlice<StringTokenizer>) -> Bool {
        let first = run[run.startIndex]
        let span = TextStorage(
            buffer: first.storage.buffer,
            range: first.storage.bufferRange.lowerBound..<run[run.endIndex - 1].storage.bufferRange.upperBound)
        let shared = first.shared
        let paragraphs = run.map { $0.storage.bufferRange }
        let results: [TextUnits]?
        if granularity == .word {
            results = try? shared.words.borrowing { iterator throws(ICUError) in
                try UnitBuilder.words(
                    ofRun: paragraphs, span: span, iterator: iterator, scans: shared.scansWords,
                    scansCharacters: shared.scansCharacters)
            }
        } else {
            results = try? shared.sentences.borrowing { iterator throws(ICUError) in
                try UnitBuilder.sentences(
                    ofRun: paragraphs, span: span, iterator: iterator, abbreviations: shared.abbreviations,
                    exceptions: shared.sentenceScan, scansCharacters: shared.scansCharacters
                ) { paragraph, offset in run[run.startIndex + paragraph].isCharacterBoundary(offset) }
            }
        }
        guard let found = results ?? nil else { return false }
        for (tokenizer, units) in zip(run, found) {
            if granularity == .word {
                _ = tokenizer.words.store(CachedUnits(units))
            } else {
                _ = tokenizer.sentences.store(CachedUnits(units))
            }
        }
        return true
    }
}

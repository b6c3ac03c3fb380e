/// The line units of a text laid out in terminal cells (``CellMetrics`` at text scale 1), found
/// without shaping: the line fitter (``LineFitter``) over the cell measure (``CellMeasure``),
/// keeping where lines start and end and nothing else (no cluster frames, line rects or bidi
/// runs), so pagination and line units cost about one pass over the text.
///
/// The lines are those ``TextLayout`` makes for the same text, locale and width (the same fitter
/// over its shaped text, at ICU's opportunities), which the tests check over real books at
/// several widths. Cells are whole, so the fitter takes its shortcuts, and opportunities are
/// decided by ``LocalLineBreaks`` where its rules can, and by one forward pass of ICU's iterator
/// where they cannot (in locales with line break keywords, `ja@lb=strict`, `ja@lw=phrase`, which
/// the local rules do not follow, everywhere), run only as far as a line end needs and never
/// backed up: ICU's random access (`ubrk_preceding`) backs up to a point its reverse rules call
/// safe and iterates again, and in Thai (a dictionary script) or text of mixed directions that
/// point can be the paragraph's start, which made each line's end cost the paragraph's length.
///
/// Not `Sendable`: a value used for one computation.
struct LineBreaker {
    /// The text.
    let storage: TextStorage
    /// The canonical ICU locale id whose line break rules are used.
    let locale: String
    /// The width lines are fitted to, in cells (negative and NaN widths are taken as 0).
    let width: Double
    /// How opportunities are found: ``Access/automatic`` but in tests of each way.
    var access = Access.automatic
    /// A line break iterator of ``locale`` to point at the text when ICU is needed, instead of
    /// one borrowed from the pool for the call: a pass over many texts keeps one (``LinePass``).
    var iterator: ICU.BreakIterator?
    /// The scans used: ``FastPaths/running`` but when compared with ICU alone
    /// (``FastPathComparison``). ``FastPaths/lines`` lets ``LocalLineBreaks`` decide,
    /// ``FastPaths/characters`` lets simple units decide cluster boundaries.
    var fastPaths = FastPaths.running

    /// How break opportunities are found.
    enum Access {
        /// ``LocalLineBreaks`` where its rules apply (locales without line break keywords) and
        /// decide, else ICU's forward pass.
        case automatic
        /// ICU's forward pass alone.
        case forward
    }

    init(storage: TextStorage, locale: String, width: Double) {
        self.storage = storage
        self.locale = locale
        self.width = width > 0 ? width : 0
    }

    /// The line units: each line without its hard break, empty lines left out (what
    /// ``TextLayout/lineUnits`` gives for the same text, locale and width).
    ///
    /// ICU is not asked at all while no line overflows (a paragraph shorter than the width),
    /// and a forward pass stops at the last opportunity a line end needs.
    ///
    /// - Throws: ``ICUError`` when a line overflows and ICU cannot open a line break iterator
    ///   for the locale.
    /// - Complexity: O(n) in the text's length.
    func lineUnits() throws(ICUError) -> TextUnits {
        var calls = ICUCalls()
        return try lineUnits(counting: &calls)
    }

    /// ``lineUnits()``, adding to `calls` the calls it made to ICU's line break iterator.
    func lineUnits(counting calls: inout ICUCalls) throws(ICUError) -> TextUnits {
        var all = TextUnits()
        try forEachBatch(of: .max, counting: &calls) { all = $0 }
        return all
    }

    /// The line units of ``lineUnits()``, given to `body` in order a batch of at most `size`
    /// at a time (the last may be empty), so that the lines of a long text can be used without
    /// holding them all (at width 1, a line a character).
    func forEachBatch(of size: Int, _ body: (TextUnits) -> Void) throws(ICUError) {
        var calls = ICUCalls()
        try forEachBatch(of: size, counting: &calls, body)
    }

    private func forEachBatch(of size: Int, counting calls: inout ICUCalls, _ body: (TextUnits) -> Void)
        throws(ICUError)
    {
        try storage.withUTF16 { units throws(ICUError) in
            try withoutActuallyEscaping(body) { body throws(ICUError) in
                try forEachBatch(of: size, in: units, counting: &calls, body)
            }
        }
    }

    private func forEachBatch(
        of size: Int, in units: UnsafeBufferPointer<UInt16>, counting calls: inout ICUCalls,
        _ body: @escaping (TextUnits) -> Void
    ) throws(ICUError) {
        let usesLocalRules =
            access == .automatic && fastPaths.contains(.lines) && LocalLineBreaks.applies(toLocale: locale)
        let batch = max(size, 1)
        var segments = TextUnits()
        // About one line per width of text (cells are at least a unit wide, most a unit long).
        segments.reserveCapacity(min(units.count / max(Int(min(width, 1e6)), 1) + 2, 1 << 16, batch))
        let measure = CellMeasure(
            units: units, storage: storage, locale: locale, scansCharacters: fastPaths.contains(.characters))
        var fitter = LineFitter(
            units: units, measure: measure, locale: locale, width: width, usesLocalRules: usesLocalRules
        ) { line in
            segments.append(Self.content(of: line, in: units))
            if segments.count >= batch {
                body(segments)
                segments = TextUnits()
                segments.reserveCapacity(batch)
            }
        }
        if fitter.fit() { return body(segments) }
        func fit(with iterator: ICU.BreakIterator) {
            if (try? iterator.setText(storage)) == nil {
                // As TextShaping does: only the hard breaks and the end.
                fitter.opportunities = ICUOpportunities(
                    list: TextShaping.hardBreaks(in: storage).map { Int32($0.offset) })
            } else {
                fitter.opportunities = ICUOpportunities(iterator: iterator)
            }
            _ = fitter.fit()
            body(segments)
            calls.forward += fitter.opportunities?.calls.forward ?? 0
            calls.backward += fitter.opportunities?.calls.backward ?? 0
        }
        if let iterator { return fit(with: iterator) }
        try ICU.BreakIterator.borrowing(kind: .line, locale: locale) { iterator throws(ICUError) in
            fit(with: iterator)
        }
    }

    /// `line` (a line from the fitter) without its hard break: a line unit.
    private static func content(of line: Range<Int>, in units: UnsafeBufferPointer<UInt16>) -> Range<Int> {
        var end = line.upperBound
        if end > line.lowerBound, UnicodeClasses.isLineSeparator(units[end - 1]) {
            end -= 1
            if units[end] == 0x0A, end > line.lowerBound, units[end - 1] == 0x0D { end -= 1 }
        }
        return line.lowerBound..<end
    }
}

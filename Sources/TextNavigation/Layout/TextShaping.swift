/// The width-independent half of a layout: grapheme clusters with their advances, ICU's line
/// break opportunities and the paragraphs with their base directions.
///
/// Computed once per text, locale and font model, and shared by every layout of that text
/// (``TextLayout/withWidth(_:)``, ``TextLayout/withTextScale(_:)``), so a width or text-size
/// change only re-fits lines.
///
/// `Sendable`: every property is a `let` of value type, written once in `init`.
final class TextShaping: Sendable {
    /// The text.
    let storage: TextStorage
    /// The canonical ICU locale id clusters and opportunities were found with.
    let locale: String
    /// Cluster boundaries: 0, the end of each cluster, ascending (clusters + 1 values).
    let boundaries: [Int32]
    /// The advance of each cluster at text scale 1.
    let advances: [Double]
    /// Whether each cluster hangs at a line's end: white space (other than no-break spaces) and
    /// hard breaks.
    let hangs: [Bool]
    /// ICU's line break opportunities after offset 0, the end of the text included.
    let opportunities: [LineBreakOpportunity]
    /// The offsets of ``opportunities``, as the line fitter takes them.
    let opportunityOffsets: [Int32]
    /// Paragraphs: each runs to just after a paragraph separator (or the end of the text).
    let paragraphs: [Range<Int>]
    /// The base direction of each paragraph: that of its first strong character, left to
    /// right when it has none (UAX #9 rules P2 and P3, as the tokenizer decides it).
    let directions: [WritingDirection]
    /// Whether each paragraph holds a code unit from U+0590 up, where every right-to-left and
    /// bidi control character lives; paragraphs without one are one left-to-right run.
    let needsBidi: [Bool]

    /// The number of clusters.
    var clusterCount: Int { advances.count }

    /// Measures `storage`'s clusters with `metrics` and finds its break opportunities with
    /// `lineBreaker` (an ICU line break iterator, which this call points at the text). Should
    /// ICU fail to take the text, the only opportunities are the hard breaks' and the end's.
    ///
    /// - Complexity: O(n) in the text's length.
    init(
        storage: TextStorage, locale: String, metrics: any FontMetrics,
        lineBreaker: ICU.BreakIterator?
    ) {
        self.storage = storage
        self.locale = locale
        let clusters = Self.clusters(of: storage, locale: locale, metrics: metrics)
        boundaries = clusters.boundaries
        advances = clusters.advances
        hangs = clusters.hangs
        let opportunities = Self.opportunities(in: storage, lineBreaker: lineBreaker)
        self.opportunities = opportunities
        opportunityOffsets = opportunities.map { Int32($0.offset) }
        let paragraphs = Self.paragraphs(of: storage)
        self.paragraphs = paragraphs.ranges
        directions = paragraphs.directions
        needsBidi = paragraphs.needsBidi
    }

    /// `storage`'s cluster boundaries, each cluster's advance with `metrics` (each paragraph's
    /// clusters measured as one run) and whether it hangs.
    private static func clusters(of storage: TextStorage, locale: String, metrics: any FontMetrics) -> (
        boundaries: [Int32], advances: [Double], hangs: [Bool]
    ) {
        var boundaries: [Int32] = [0]
        var advances: [Double] = []
        var hangs: [Bool] = []
        boundaries.reserveCapacity(storage.count + 1)
        advances.reserveCapacity(storage.count)
        hangs.reserveCapacity(storage.count)
        var run: [Range<Int>] = []
        func measureRun() {
            advances.append(contentsOf: runAdvances(run, storage: storage, metrics: metrics))
            run.removeAll(keepingCapacity: true)
        }
        var start = 0
        CharacterBoundaries(storage: storage, locale: locale).forEachBoundary { end in
            boundaries.append(Int32(end))
            run.append(start..<end)
            hangs.append(Self.hangs(start..<end, storage))
            if UnicodeClasses.isParagraphSeparator(storage[end - 1]) { measureRun() }
            start = end
        }
        measureRun()
        return (boundaries, advances, hangs)
    }

    /// The advances of `run`'s clusters from `metrics`, shaped together; a backend's answer of
    /// the wrong length is replaced by each cluster's own advance, and negative or NaN values
    /// by 0.
    static func runAdvances(_ run: [Range<Int>], storage: TextStorage, metrics: any FontMetrics)
        -> [Double]
    {
        guard !run.isEmpty else { return [] }
        var advances = metrics.advances(of: run, in: storage)
        if advances.count != run.count { advances = run.map { metrics.advance(of: $0, in: storage) } }
        return advances.map { $0 >= 0 && $0.isFinite ? $0 : 0 }
    }

    /// ICU's line break opportunities in `storage` from `lineBreaker` (pointed at the text
    /// here), or the hard breaks' and the end's when there is none or it cannot take the text.
    private static func opportunities(in storage: TextStorage, lineBreaker: ICU.BreakIterator?)
        -> [LineBreakOpportunity]
    {
        guard let lineBreaker, (try? lineBreaker.setText(storage)) != nil else { return hardBreaks(in: storage) }
        var opportunities: [LineBreakOpportunity] = []
        lineBreaker.forEachBatch(after: 0, withStatuses: true) { offsets, statuses in
            for index in offsets.indices {
                // UBRK_LINE_HARD ..< UBRK_LINE_HARD_LIMIT marks a mandatory break.
                let isMandatory = statuses[index] >= 100 && statuses[index] < 200
                opportunities.append(LineBreakOpportunity(offset: Int(offsets[index]), isMandatory: isMandatory))
            }
        }
        return opportunities
    }

    /// `storage`'s paragraphs, each one's base direction and whether it needs the bidi algorithm.
    private static func paragraphs(of storage: TextStorage) -> (
        ranges: [Range<Int>], directions: [WritingDirection], needsBidi: [Bool]
    ) {
        var paragraphs: [Range<Int>] = []
        var directions: [WritingDirection] = []
        var needsBidi: [Bool] = []
        storage.withUTF16 { units in
            var start = 0
            var offset = 0
            var sawHighUnit = false
            func close(at end: Int) {
                paragraphs.append(start..<end)
                let direction =
                    sawHighUnit
                    ? ICU.Properties.firstStrongDirection(in: storage, range: start..<end) : nil
                directions.append(direction ?? .leftToRight)
                needsBidi.append(sawHighUnit)
                start = end
                sawHighUnit = false
            }
            while offset < units.count {
                let unit = units[offset]
                offset += 1
                if unit >= 0x590 { sawHighUnit = true }
                if UnicodeClasses.isParagraphSeparator(unit) {
                    if unit == 0x0D, offset < units.count, units[offset] == 0x0A { offset += 1 }
                    close(at: offset)
                }
            }
            if start < units.count || paragraphs.isEmpty { close(at: units.count) }
        }
        return (paragraphs, directions, needsBidi)
    }

    /// The index of the cluster starting at `offset`, or of the one holding it.
    ///
    /// - Complexity: O(log n).
    func clusterIndex(startingAtOrBefore offset: Int) -> Int {
        Self.clusterIndex(startingAtOrBefore: offset, in: boundaries)
    }

    /// The index of the cluster starting at `offset`, or of the one holding it, in `boundaries`
    /// (cluster boundaries, as ``boundaries``).
    ///
    /// - Complexity: O(log n).
    static func clusterIndex(startingAtOrBefore offset: Int, in boundaries: [Int32]) -> Int {
        var low = 0
        var high = boundaries.count
        while low < high {
            let middle = (low + high) >> 1
            if Int(boundaries[middle]) <= offset { low = middle + 1 } else { high = middle }
        }
        return max(low - 1, 0)
    }

    /// The offsets after each hard line break, and the end: the fallback opportunities.
    static func hardBreaks(in storage: TextStorage) -> [LineBreakOpportunity] {
        var result: [LineBreakOpportunity] = []
        storage.withUTF16 { units in
            for offset in units.indices where UnicodeClasses.isLineSeparator(units[offset]) {
                if units[offset] == 0x0D, offset + 1 < units.count, units[offset + 1] == 0x0A {
                    continue
                }
                result.append(LineBreakOpportunity(offset: offset + 1, isMandatory: true))
            }
        }
        if result.last?.offset != storage.count, !storage.isEmpty {
            result.append(LineBreakOpportunity(offset: storage.count, isMandatory: false))
        }
        return result
    }

    /// Whether the cluster `range` hangs at a line's end: all white space, but not a no-break
    /// space (U+00A0, U+2007, U+202F), which holds its place like a letter.
    static func hangs(_ range: Range<Int>, _ storage: TextStorage) -> Bool {
        for offset in range {
            let unit = storage[offset]
            if !UnicodeClasses.isWhiteSpace(unit) || unit == 0xA0 || unit == 0x2007 || unit == 0x202F {
                return false
            }
        }
        return true
    }

    /// The advances of the clusters of `lines` (the fitter's, top to bottom) with each line's
    /// clusters measured again as one run, as a renderer shapes a line: a paragraph's shaping
    /// kerns or joins a line's last cluster with the next line's first, which the line drawn
    /// alone does not. For the cell model, whose clusters never interact, ``advances`` as they
    /// are.
    ///
    /// - Complexity: O(n) in the text's length, plus the font model's measuring.
    func advances(ofLines lines: [Range<Int>], metrics: any FontMetrics) -> [Double] {
        guard !(metrics is CellMetrics), lines.count > 1 else { return advances }
        var result = advances
        var cluster = 0
        for line in lines {
            let first = cluster
            while cluster < clusterCount, Int(boundaries[cluster]) < line.upperBound { cluster += 1 }
            guard cluster > first else { continue }
            let run = (first..<cluster).map { Int(boundaries[$0])..<Int(boundaries[$0 + 1]) }
            result.replaceSubrange(first..<cluster, with: Self.runAdvances(run, storage: storage, metrics: metrics))
        }
        return result
    }
}

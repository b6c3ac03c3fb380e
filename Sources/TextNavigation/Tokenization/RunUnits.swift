/// The word or sentence units of a run of paragraphs, built from one pass of segments over the
/// whole run: the work after a scan or ICU's iterator, for many paragraphs or one text (a run of
/// one paragraph).
///
/// The paragraphs lie back to back in the span's code units, each one paragraph separator after
/// the one before. A segment belongs to the paragraph it starts in (the separator after a
/// paragraph counts as its own) and is cut at the paragraph's end, so the segment that takes the
/// separator in ends where the paragraph ends, as the last segment of the paragraph alone does.
/// A segment that goes on past that separator (ICU did not break there) marks the run
/// ``crossed``: its units are then not to be used. Each paragraph's units are in its own offsets.
///
/// An edge that falls inside a grapheme cluster (ICU's word rules break after a Prepend character
/// such as U+0605, which joins the character after it) moves to the start of the cluster, and a
/// unit left empty, or overlapping the unit before, is dropped. The two code units around an edge
/// decide almost every edge (``CharacterBoundaries``' simple units); ICU's character iterator is
/// asked, over the paragraph alone, only for the others.
///
/// This is the one place where unit edges are written.
struct RunUnits {
    /// The span's text and code units.
    private let span: TextStorage
    private let units: UnsafeBufferPointer<UInt16>
    /// ``CharacterBoundaries``' table of simple units.
    private let table: UnsafeBufferPointer<UInt64>
    /// Whether the simple units decide cluster edges where they can (else ICU decides them all).
    private let scansCharacters: Bool
    /// Each paragraph's first code unit in span offsets, then the span's length + 1.
    private let starts: [Int]
    /// The edges written so far, every paragraph's in turn: `edgeCount` of them, in room for
    /// two per code unit of the span (units are non-empty and do not overlap, so no run has
    /// more), lent by ``build(span:units:table:paragraphs:scansCharacters:_:)`` for the pass.
    private let edges: UnsafeMutableBufferPointer<Int32>
    private var edgeCount = 0
    /// The index of each paragraph's first unit among `edges`' pairs, written as the run goes.
    private var firsts: [Int]

    /// The paragraph segments go to now, and its code units' range in span offsets.
    private var paragraph = 0
    private var start = 0
    private var end = 0
    /// The end of the paragraph's last unit, in its offsets.
    private var lastEnd = 0
    /// The paragraph's cluster boundaries, made when an edge first needs ICU.
    private var clusters: CharacterBoundaries?
    /// The start of a sentence that goes on past an abbreviation, in paragraph offsets.
    private var continued: Int?

    /// Whether a segment went on past the separator after its paragraph: the units are then
    /// not to be used.
    private(set) var crossed = false

    /// Calls `body` with the units of `paragraphs` (at least one; their ranges in `span`'s
    /// buffer, ascending, each one separator after the one before, the first starting where
    /// `span` starts), whose code units are `units`, with ``CharacterBoundaries``' table of
    /// simple units, for it to add the run's segments to; then returns each paragraph's units
    /// (``finish()``).
    ///
    /// The edges are written into one buffer with room for every unit the run can have, taken
    /// for the pass, so that writing one is two stores (no array's growth or uniqueness check
    /// a unit), then copied out once, exactly.
    static func build<E: Error>(
        span: TextStorage, units: UnsafeBufferPointer<UInt16>, table: UnsafeBufferPointer<UInt64>,
        paragraphs: [Range<Int>], scansCharacters: Bool, _ body: (inout RunUnits) throws(E) -> Void
    ) throws(E) -> [TextUnits]? {
        try withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(2, 2 * units.count)) {
            edges throws(E) in
            var run = RunUnits(
                span: span, units: units, table: table, paragraphs: paragraphs, scansCharacters: scansCharacters,
                edges: edges)
            try body(&run)
            return run.finish()
        }
    }

    private init(
        span: TextStorage, units: UnsafeBufferPointer<UInt16>, table: UnsafeBufferPointer<UInt64>,
        paragraphs: [Range<Int>], scansCharacters: Bool, edges: UnsafeMutableBufferPointer<Int32>
    ) {
        precondition(!paragraphs.isEmpty, "a run holds at least one paragraph")
        precondition(edges.count >= 2 * units.count, "room for two edges a code unit")
        self.span = span
        self.units = units
        self.table = table
        self.scansCharacters = scansCharacters
        self.edges = edges
        let base = span.bufferRange.lowerBound
        starts = paragraphs.map { $0.lowerBound - base } + [units.count + 1]
        firsts = [Int](repeating: 0, count: paragraphs.count + 1)
        enter(0)
    }

    /// The range of paragraph `index` in span offsets.
    func paragraphRange(_ index: Int) -> Range<Int> { starts[index]..<(starts[index + 1] - 1) }

    /// Makes paragraph `index` the one segments go to.
    private mutating func enter(_ index: Int) {
        firsts[index] = edgeCount / 2
        paragraph = index
        start = starts[index]
        end = starts[index + 1] - 1
        lastEnd = 0
        clusters = nil
        continued = nil
    }

    /// Moves on to the paragraph the segment `lower..<upper` (span offsets, not empty) starts in
    /// and returns its end cut at that paragraph's end; `nil`, marking the run crossed, when it
    /// goes on past the separator after it.
    private mutating func place(_ lower: Int, _ upper: Int) -> Int? {
        while lower > end, paragraph + 1 < firsts.count - 1 { enter(paragraph + 1) }
        guard upper <= end + 1, lower <= end else {
            crossed = true
            return nil
        }
        return min(upper, end)
    }

    /// The start of the grapheme cluster holding `offset` (span offsets) in the current
    /// paragraph: `offset` itself when it is a cluster boundary.
    ///
    /// The two code units around the offset decide almost every edge; a look at them costs
    /// less than a pass over each paragraph to find those whose edges need none (a sentence
    /// has two edges in a hundred code units or more).
    @inline(__always)
    private mutating func clusterStart(_ offset: Int) -> Int {
        guard offset > start, offset < end,
            !scansCharacters || CharacterBoundaries.fastBoundary(units[offset - 1], units[offset], table) != true
        else { return offset }
        return slowClusterStart(offset)
    }

    /// ``clusterStart(_:)`` from ICU's character iterator over the current paragraph.
    private mutating func slowClusterStart(_ offset: Int) -> Int {
        if clusters == nil {
            let base = span.bufferRange.lowerBound
            clusters = CharacterBoundaries(
                storage: TextStorage(buffer: span.buffer, range: (base + start)..<(base + end)), locale: "",
                scans: scansCharacters)
        }
        let local = offset - start
        guard let clusters, !clusters.isBoundary(local) else { return offset }
        return start + (clusters.boundary(before: local) ?? 0)
    }

    /// Writes the unit `lower..<upper` (paragraph offsets) unless it is empty or overlaps the
    /// unit before.
    ///
    /// The units written are non-empty, do not overlap and lie within their paragraphs, so
    /// there is room for them (two edges a code unit); the precondition keeps a broken caller
    /// from writing past the buffer.
    @inline(__always)
    private mutating func write(_ lower: Int, _ upper: Int) {
        guard upper > lower, lower >= lastEnd else { return }
        precondition(edgeCount + 2 <= edges.count, "more units than code units")
        edges[edgeCount] = Int32(truncatingIfNeeded: lower)
        edges[edgeCount + 1] = Int32(truncatingIfNeeded: upper)
        edgeCount += 2
        lastEnd = upper
    }

    // MARK: Segments

    /// Adds the word segment `lower..<upper` (span offsets, after the segments added before,
    /// already filtered by rule status), its edges moved to cluster starts.
    @inline(__always)
    mutating func addWord(_ lower: Int, _ upper: Int) {
        guard !crossed else { return }
        var upper = upper
        if upper > end {
            guard let cut = place(lower, upper) else { return }
            upper = cut
        }
        write(clusterStart(lower) - start, clusterStart(upper) - start)
    }

    /// Adds a batch of word segments (parallel starts and ends, as ``addWord(_:_:)`` takes them).
    mutating func addWords(_ starts: UnsafeMutableBufferPointer<Int32>, _ ends: UnsafeMutableBufferPointer<Int32>) {
        for index in starts.indices { addWord(Int(starts[index]), Int(ends[index])) }
    }

    /// Adds the sentence segment `lower..<upper` (span offsets, right after the one before):
    /// without its leading and trailing white space, its edges moved to cluster starts. A break
    /// after one of `abbreviations` (UTF-16, final full stop included, standing as a word of its
    /// own) is dropped. `isCharacterBoundary(paragraph, offset)` tells cluster boundaries within
    /// a paragraph (see ``UnitBuilder/trimmed(_:_:_:)``).
    mutating func addSentence(
        _ lower: Int, _ upper: Int, abbreviations: [[UInt16]], isCharacterBoundary: (Int, Int) -> Bool
    ) {
        guard !crossed, let cut = place(lower, upper) else { return }
        let text = UnsafeBufferPointer(rebasing: units[start..<end])
        let first = continued ?? (lower - start)
        let last = cut - start
        if !abbreviations.isEmpty, last < text.count,
            UnitBuilder.endsWithAbbreviation(first..<last, text, abbreviations)
        {
            continued = first
            return
        }
        continued = nil
        let range = (clusterStart(first + start) - start)..<(clusterStart(cut) - start)
        let current = paragraph
        let unit = UnitBuilder.trimmed(range, text) { isCharacterBoundary(current, $0) }
        write(unit.lowerBound, unit.upperBound)
    }

    /// Adds a batch of sentence segments (parallel starts and ends, as
    /// ``addSentence(_:_:abbreviations:isCharacterBoundary:)`` takes them).
    mutating func addSentences(
        _ starts: UnsafeMutableBufferPointer<Int32>, _ ends: UnsafeMutableBufferPointer<Int32>,
        abbreviations: [[UInt16]], isCharacterBoundary: (Int, Int) -> Bool
    ) {
        for index in starts.indices {
            addSentence(
                Int(starts[index]), Int(ends[index]), abbreviations: abbreviations,
                isCharacterBoundary: isCharacterBoundary)
        }
    }

    // MARK: Results

    /// Each paragraph's units; `nil` when the run was crossed. Called once, at the end.
    ///
    /// The paragraphs share one array of exactly the run's edges, each its own stretch of it.
    private mutating func finish() -> [TextUnits]? {
        guard !crossed else { return nil }
        for index in (paragraph + 1)..<firsts.count { firsts[index] = edgeCount / 2 }
        let bounds = Array(edges[..<edgeCount])
        return (0..<(firsts.count - 1)).map { index in
            TextUnits(sharing: bounds, first: firsts[index], count: firsts[index + 1] - firsts[index])
        }
    }
}

import Synchronization

/// The word or sentence units of a run of paragraphs, built from one pass of segments over the
/// whole run: the work after a scan or ICU's iterator, for one text (a run of one paragraph) or
/// for many.
///
/// The paragraphs lie back to back in the span's code units, each one paragraph separator after
/// the one before. A segment belongs to the paragraph it starts in (the separator after a
/// paragraph counts as its own) and is cut at the paragraph's end, so the segment that takes the
/// separator in ends where the paragraph ends, as the last segment of the paragraph alone does.
/// Each paragraph's units are in its own offsets, and every paragraph's units share one array
/// (one allocation a run, not a paragraph).
///
/// An edge that falls inside a grapheme cluster (ICU's word rules break after a Prepend character
/// such as U+0605, which joins the character after it) moves to the start of the cluster, and a
/// unit left empty is dropped. The fast path (``CharacterBoundaries/fastBoundary(_:_:_:)``)
/// decides almost every edge from the two code units around it; ICU's character iterator is
/// opened, over the paragraph alone, only for the others.
///
/// Each batch is handled in one loop, with no per-paragraph allocation or reference counting:
/// the fixed cost of a paragraph and of a segment is what this type keeps small.
struct RunUnits {
    private let span: TextStorage
    /// The span's code units.
    private let units: UnsafeBufferPointer<UInt16>
    /// ``CharacterBoundaries``' table of simple units.
    private let table: UnsafeBufferPointer<UInt64>
    /// Each paragraph's units in span offsets.
    private let ranges: [Range<Int>]
    /// The paragraph segments now go to, and its units in span offsets.
    private var paragraph = 0
    private var range: Range<Int>
    /// Every paragraph's unit edges so far, interleaved, each paragraph's in its own offsets: the
    /// first `used` of `edges`.
    private let edges = Edges.take()
    private var used = 0
    /// The index of each paragraph's first unit, up to the current paragraph.
    private var firsts: [Int]
    /// The end of the current paragraph's last unit, in its offsets (0 before its first).
    private var lastEnd: Int32 = 0
    /// The current paragraph's cluster boundaries from ICU, made for an edge the fast path
    /// cannot decide.
    private var clusters: CharacterBoundaries?
    /// The start of a sentence that goes on past an abbreviation, in paragraph offsets.
    private var continued: Int32?
    /// Whether a segment went on past the separator after its paragraph (ICU did not break
    /// there): the units are then not to be used.
    private(set) var crossed = false

    /// Units of `paragraphs` (their ranges in `span`'s buffer, ascending, each one separator
    /// after the one before, the first starting where `span` starts), whose code units are
    /// `units`, with ``CharacterBoundaries``' table of simple units.
    init(
        span: TextStorage, units: UnsafeBufferPointer<UInt16>, table: UnsafeBufferPointer<UInt64>,
        paragraphs: [Range<Int>]
    ) {
        self.span = span
        self.units = units
        self.table = table
        let base = span.bufferRange.lowerBound
        ranges = paragraphs.map { ($0.lowerBound - base)..<($0.upperBound - base) }
        range = ranges.first ?? 0..<units.count
        firsts = [0]
        firsts.reserveCapacity(paragraphs.count + 1)
    }

    /// Units of one text, `storage`, whose code units are `units`.
    init(text storage: TextStorage, units: UnsafeBufferPointer<UInt16>, table: UnsafeBufferPointer<UInt64>) {
        self.init(span: storage, units: units, table: table, paragraphs: [storage.bufferRange])
    }

    // MARK: Segments

    /// Adds the word segments of a batch (span offsets, ascending, already filtered by rule
    /// status): each one, its edges moved to cluster starts, unless it is empty or overlaps the
    /// unit before.
    mutating func addWords(_ starts: UnsafeMutableBufferPointer<Int32>, _ ends: UnsafeMutableBufferPointer<Int32>) {
        guard !crossed, !starts.isEmpty else { return }
        let edges = edges.room(for: used + starts.count * 2, keeping: used)
        do {
            // The state the loop reads and writes, in locals: stores through `edges` would
            // otherwise make the compiler reload it from `self` after each one.
            let units = units
            let table = table
            var range = range
            var lastEnd = lastEnd
            var used = used
            defer {
                self.lastEnd = lastEnd
                self.used = used
            }
            // The raw end of the last segment and where it moved: the next segment often starts
            // there (words next to each other, as in Japanese), and then its start is known.
            var rawEnd = -1
            var movedEnd = -1
            for index in 0..<starts.count {
                let start = Int(starts[index])
                var end = Int(ends[index])
                // A segment is never empty, so this also catches a start past the paragraph.
                if end > range.upperBound {
                    self.lastEnd = lastEnd
                    self.used = used
                    guard let placed = place(start, end) else { return }
                    end = placed
                    range = self.range
                    lastEnd = self.lastEnd
                    rawEnd = -1
                }
                let lower: Int
                if start == rawEnd {
                    lower = movedEnd
                } else if isInside(start, range),
                    CharacterBoundaries.fastBoundary(units[start &- 1], units[start], table) != true
                {
                    lower = slowClusterStart(start)
                } else {
                    lower = start
                }
                var upper = end
                if isInside(end, range),
                    CharacterBoundaries.fastBoundary(units[end &- 1], units[end], table) != true
                {
                    upper = slowClusterStart(end)
                }
                rawEnd = end
                movedEnd = upper
                let localLower = Int32(truncatingIfNeeded: lower &- range.lowerBound)
                let localUpper = Int32(truncatingIfNeeded: upper &- range.lowerBound)
                if localUpper > localLower, localLower >= lastEnd {
                    edges[used] = localLower
                    edges[used &+ 1] = localUpper
                    used &+= 2
                    lastEnd = localUpper
                }
            }
        }
    }

    /// Whether `offset` lies strictly inside `range` (where an edge may split a cluster).
    @inline(__always)
    private func isInside(_ offset: Int, _ range: Range<Int>) -> Bool {
        UInt(bitPattern: offset &- range.lowerBound &- 1) < UInt(bitPattern: range.count &- 1)
    }

    /// Adds the sentence segments of a batch (span offsets, ascending, every segment):
    /// each one without its leading and trailing white space, its edges moved to cluster starts,
    /// unless it is empty or overlaps the unit before. A break after one of `abbreviations`
    /// (UTF-16, final full stop included, standing as a word of its own) is dropped.
    /// `isCharacterBoundary(paragraph, offset)` tells cluster boundaries within a paragraph (see
    /// ``SegmentBuilder/trimmed(_:_:_:)``).
    mutating func addSentences(
        _ starts: UnsafeMutableBufferPointer<Int32>, _ ends: UnsafeMutableBufferPointer<Int32>,
        abbreviations: [[UInt16]], isCharacterBoundary: (Int, Int) -> Bool
    ) {
        guard !crossed, !starts.isEmpty else { return }
        let edges = edges.room(for: used + starts.count * 2, keeping: used)
        do {
            for index in 0..<starts.count {
                guard let spanEnd = place(Int(starts[index]), Int(ends[index])) else { return }
                let text = UnsafeBufferPointer(rebasing: units[range])
                let base = range.lowerBound
                let start = continued.map(Int.init) ?? (Int(starts[index]) - base)
                let end = spanEnd - base
                if !abbreviations.isEmpty, end < text.count,
                    SegmentBuilder.endsWithAbbreviation(start..<end, text, abbreviations)
                {
                    continued = Int32(truncatingIfNeeded: start)
                    continue
                }
                continued = nil
                let paragraph = paragraph
                let unit = SegmentBuilder.trimmed(
                    clusterStart(start + base) - base..<clusterStart(end + base) - base, text
                ) { isCharacterBoundary(paragraph, $0) }
                if !unit.isEmpty, unit.lowerBound >= lastEnd {
                    edges[used] = Int32(truncatingIfNeeded: unit.lowerBound)
                    edges[used + 1] = Int32(truncatingIfNeeded: unit.upperBound)
                    used += 2
                    lastEnd = Int32(truncatingIfNeeded: unit.upperBound)
                }
            }
        }
    }

    /// Moves on to the paragraph the segment `start..<end` (span offsets) starts in, and
    /// returns its end cut at that paragraph's end; `nil`, marking the run crossed, when it goes
    /// on past the separator after it.
    @inline(__always)
    private mutating func place(_ start: Int, _ end: Int) -> Int? {
        if start > range.upperBound {
            while start > range.upperBound, paragraph + 1 < ranges.count {
                firsts.append(used >> 1)
                paragraph += 1
                range = ranges[paragraph]
            }
            lastEnd = 0
            clusters = nil
            continued = nil
        }
        guard end <= range.upperBound + 1, start <= range.upperBound else {
            crossed = true
            return nil
        }
        return min(end, range.upperBound)
    }

    /// The start of the grapheme cluster holding `offset` (span offsets) in the current
    /// paragraph: `offset` itself when it is a cluster boundary.
    @inline(__always)
    private mutating func clusterStart(_ offset: Int) -> Int {
        guard offset > range.lowerBound, offset < range.upperBound,
            CharacterBoundaries.fastBoundary(units[offset - 1], units[offset], table) != true
        else { return offset }
        return slowClusterStart(offset)
    }

    /// ``clusterStart(_:)`` from ICU's character iterator over the current paragraph alone.
    private mutating func slowClusterStart(_ offset: Int) -> Int {
        let base = span.bufferRange.lowerBound
        let made =
            clusters
            ?? CharacterBoundaries(
                storage: TextStorage(
                    buffer: span.buffer, range: (range.lowerBound + base)..<(range.upperBound + base)),
                locale: "")
        clusters = made
        let local = offset - range.lowerBound
        return range.lowerBound + (made.isBoundary(local) ? local : made.boundary(before: local) ?? 0)
    }

    // MARK: Results

    /// Each paragraph's units (sharing one array); `nil` when the run was crossed.
    mutating func finish() -> [TextSegments]? {
        defer { edges.giveBack() }
        guard !crossed else { return nil }
        let total = used >> 1
        while firsts.count <= ranges.count { firsts.append(total) }
        // Exactly the edges used: the slack goes, as the units may be kept for long.
        let bounds = edges.array(count: used)
        if ranges.count == 1 { return [TextSegments(validBounds: bounds)] }
        return (0..<ranges.count).map {
            TextSegments(sharing: bounds, first: firsts[$0], count: firsts[$0 + 1] - firsts[$0])
        }
    }

    /// The units of a run of one text.
    mutating func finishText() -> TextSegments { finish()?.first ?? TextSegments() }

    /// Memory for unit edges, grown by doubling with no zero-filling, copied out once, exactly,
    /// by ``array(count:)``: the units may be kept for long, so they carry no slack.
    ///
    /// The memory of the last run is kept for the next one (``take()``, ``giveBack()``): a run
    /// writes its edges to memory already mapped and in cache rather than to fresh pages, which
    /// cost more than the writes themselves.
    private final class Edges: @unchecked Sendable {
        private var base: UnsafeMutablePointer<Int32>?
        private var capacity = 0

        /// The spare, as the bit pattern of a retained reference (`Unmanaged`), 0 when empty.
        /// `@unchecked Sendable`: an `Edges` is used by one run at a time, taken and given back
        /// by atomic exchanges that order its uses.
        private static let spare = Atomic<Int>(0)
        /// The largest memory kept for the next run, in edges (1 MB): a run of a reader's usual
        /// stretch needs less; a huge paragraph's is let go.
        private static let keptLimit = 1 << 18

        private init() {}

        deinit { base?.deallocate() }

        /// The spare, or a new one.
        static func take() -> Edges {
            let taken = spare.exchange(0, ordering: .acquiringAndReleasing)
            guard let pointer = UnsafeRawPointer(bitPattern: taken) else { return Edges() }
            return Unmanaged<Edges>.fromOpaque(pointer).takeRetainedValue()
        }

        /// Makes this the spare, unless there is one or it holds too much memory.
        func giveBack() {
            guard capacity <= Self.keptLimit else { return }
            let retained = Unmanaged.passRetained(self)
            let bits = Int(bitPattern: retained.toOpaque())
            let (exchanged, _) = Self.spare.compareExchange(
                expected: 0, desired: bits, ordering: .acquiringAndReleasing)
            if !exchanged { retained.release() }
        }

        /// The memory, with room for `count` edges, the first `kept` of those written so far
        /// kept.
        func room(for count: Int, keeping kept: Int) -> UnsafeMutablePointer<Int32> {
            if let base, count <= capacity { return base }
            let grown = max(count, capacity * 2, 64)
            let made = UnsafeMutablePointer<Int32>.allocate(capacity: grown)
            if let base {
                made.initialize(from: base, count: min(kept, capacity))
                base.deallocate()
            }
            base = made
            capacity = grown
            return made
        }

        /// The first `count` edges.
        func array(count: Int) -> [Int32] {
            guard let base, count > 0 else { return [] }
            return Array(UnsafeBufferPointer(start: base, count: min(count, capacity)))
        }
    }
}

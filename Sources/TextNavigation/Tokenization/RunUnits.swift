internal import CICU
import Synchronization

/// The word or sentence units of a run of paragraphs, built from one pass of segments over the
/// whole run: the work after a scan or ICU's iterator, for many paragraphs or one text (a run of
/// one paragraph). (ICU's word iterator is pointed at one paragraph at a time, in the same C
/// loop, so its segments never cross a separator.)
///
/// The paragraphs lie back to back in the span's code units, each one paragraph separator after
/// the one before. A segment belongs to the paragraph it starts in (the separator after a
/// paragraph counts as its own) and is cut at the paragraph's end, so the segment that takes the
/// separator in ends where the paragraph ends, as the last segment of the paragraph alone does.
/// Each paragraph's units are in its own offsets. They are written to a scratch buffer, kept from
/// run to run, and copied out at the end into arrays of exactly their edges, short paragraphs
/// sharing one (see ``sharedEdgeLimit``).
///
/// An edge that falls inside a grapheme cluster (ICU's word rules break after a Prepend character
/// such as U+0605, which joins the character after it) moves to the start of the cluster, and a
/// unit left empty is dropped. The two code units around an edge decide almost every edge
/// (``CharacterBoundaries``' simple units); ICU's character iterator is asked, over the paragraph
/// alone, only for the others.
///
/// The placing, the moving and the writing are the C bridge's (`cicu_run`): for ICU's words, taken
/// from the iterator in the same C loop, with no call into Swift per segment, and nothing per
/// segment or per paragraph allocated or reference-counted.
struct RunUnits {
    /// The state the C functions keep, over memory of `scratch`.
    private var run = cicu_run()
    private let scratch = Scratch.take()
    /// The span's code units.
    private let units: UnsafeBufferPointer<UInt16>
    /// The start of a sentence that goes on past an abbreviation, in paragraph offsets.
    private var continued: Int32?

    /// Units of `paragraphs` (at least one; their ranges in `span`'s buffer, ascending, each one
    /// separator after the one before, the first starting where `span` starts), whose code units
    /// are `units`, with ``CharacterBoundaries``' table of simple units.
    init(
        span: TextStorage, units: UnsafeBufferPointer<UInt16>, table: UnsafeBufferPointer<UInt64>,
        paragraphs: [Range<Int>]
    ) {
        precondition(!paragraphs.isEmpty, "a run holds at least one paragraph")
        self.units = units
        let base = span.bufferRange.lowerBound
        let starts = scratch.starts(count: paragraphs.count + 1)
        for (index, paragraph) in paragraphs.enumerated() {
            starts[index] = Int32(truncatingIfNeeded: paragraph.lowerBound - base)
        }
        starts[paragraphs.count] = Int32(truncatingIfNeeded: units.count + 1)
        run.units = units.baseAddress
        run.simple = table.baseAddress
        run.simpleRuns = CharacterBoundaries.simpleRuns.entries.baseAddress
        run.starts = UnsafePointer(starts)
        run.paragraphs = Int32(truncatingIfNeeded: paragraphs.count)
        run.firsts = scratch.firsts(count: paragraphs.count + 1)
        run.plains = scratch.plains(count: paragraphs.count)
        useEdges(room: 0)
        cicu_run_begin(&run)
    }

    /// Whether a segment went on past the separator after its paragraph (ICU did not break
    /// there), or ICU failed: the units are then not to be used.
    var crossed: Bool { run.crossed != 0 }

    /// Makes room for `count` more edges after those written.
    private mutating func makeRoom(_ count: Int) {
        if Int(run.used) + count > Int(run.capacity) { useEdges(room: Int(run.used) + count) }
    }

    /// Points the run at the scratch's edge memory, with room for `count` edges (those written
    /// kept).
    private mutating func useEdges(room count: Int) {
        run.edges = scratch.edges(room: count, keeping: Int(run.used))
        run.capacity = Int32(truncatingIfNeeded: min(scratch.edgeCapacity, Int(Int32.max)))
    }

    /// The most edges an array shared by neighbouring paragraphs holds: 240 (960 bytes, which
    /// with the array's header stays under the 1,008 bytes glibc's allocator serves from its
    /// small bins). Before serving a larger request it merges every small block freed since, and
    /// ICU, segmenting Japanese and Chinese words, frees many and then allocates again at a
    /// higher cost. So the arrays are small where they can be, and made after the pass rather
    /// than during it: in the bench's Japanese and Chinese word passes, 64 KB arrays made as the
    /// scratch filled cost about 1–2% against this.
    static let sharedEdgeLimit = 240

    // MARK: Segments

    /// Adds the word segments of a batch (span offsets, ascending, already filtered by rule
    /// status): each one, its edges moved to cluster starts, unless it is empty or overlaps the
    /// unit before.
    mutating func addWords(_ starts: UnsafeMutableBufferPointer<Int32>, _ ends: UnsafeMutableBufferPointer<Int32>) {
        guard !crossed, let startPointer = starts.baseAddress, let endPointer = ends.baseAddress else { return }
        makeRoom(starts.count * 2)
        _ = cicu_run_add_words(&run, startPointer, endPointer, Int32(truncatingIfNeeded: starts.count))
    }

    /// Adds the word segments of `iterator`, pointed at the span, whose rule status is at least
    /// `minimumStatus`, as ``addWords(_:_:)`` does, in one C loop over ICU's iteration (which
    /// points it at each paragraph in turn, and back at the span at the end).
    mutating func addWords(of iterator: ICU.BreakIterator, minimumStatus: Int32) {
        iterator.withHandle { handle in
            while true {
                let wanted = cicu_run_add_icu_words(&run, handle, minimumStatus)
                guard wanted > 0 else { return }
                makeRoom(Int(wanted))
            }
        }
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
        guard !crossed else { return }
        makeRoom(starts.count * 2)
        for index in 0..<starts.count {
            let paragraph = run.paragraph
            let spanEnd = cicu_run_place(&run, starts[index], ends[index])
            guard spanEnd >= 0 else { return }
            if run.paragraph != paragraph { continued = nil }
            let base = Int(run.start)
            let text = UnsafeBufferPointer(rebasing: units[base..<Int(run.end)])
            let start = continued.map(Int.init) ?? (Int(starts[index]) - base)
            let end = Int(spanEnd) - base
            if !abbreviations.isEmpty, end < text.count,
                SegmentBuilder.endsWithAbbreviation(start..<end, text, abbreviations)
            {
                continued = Int32(truncatingIfNeeded: start)
                continue
            }
            continued = nil
            let lower = Int(cicu_run_cluster_start(&run, Int32(truncatingIfNeeded: start + base))) - base
            let upper = Int(cicu_run_cluster_start(&run, spanEnd)) - base
            let current = Int(run.paragraph)
            let unit = SegmentBuilder.trimmed(lower..<upper, text) { isCharacterBoundary(current, $0) }
            if !unit.isEmpty, unit.lowerBound >= run.lastEnd {
                run.edges[Int(run.used)] = Int32(truncatingIfNeeded: unit.lowerBound)
                run.edges[Int(run.used) + 1] = Int32(truncatingIfNeeded: unit.upperBound)
                run.used += 2
                run.lastEnd = Int32(truncatingIfNeeded: unit.upperBound)
            }
        }
    }

    // MARK: Results

    /// Each paragraph's units; `nil` when the run was crossed. Call once, at the end.
    ///
    /// The edges are copied out of the scratch into arrays of exactly their size, neighbouring
    /// paragraphs sharing one up to ``sharedEdgeLimit`` edges (a paragraph with more has its
    /// own), all at once after the pass (see ``sharedEdgeLimit`` for why not during it).
    mutating func finish() -> [TextSegments]? {
        cicu_run_end(&run)
        defer { scratch.giveBack() }
        guard !crossed, let firsts = run.firsts else { return nil }
        let paragraphs = Int(run.paragraphs)
        var units: [TextSegments] = []
        units.reserveCapacity(paragraphs)
        var group = 0
        while group < paragraphs {
            var next = group + 1
            while next < paragraphs, Int(firsts[next + 1] - firsts[group]) * 2 <= Self.sharedEdgeLimit { next += 1 }
            let base = Int(firsts[group])
            let bounds = scratch.edgeArray(from: base * 2, count: (Int(firsts[next]) - base) * 2)
            for paragraph in group..<next {
                units.append(
                    TextSegments(
                        sharing: bounds, first: Int(firsts[paragraph]) - base,
                        count: Int(firsts[paragraph + 1] - firsts[paragraph])))
            }
            group = next
        }
        return units
    }

    /// Memory for a run: its unit edges (grown by doubling with no zero-filling; copied out
    /// exactly by ``edgeArray(from:count:)``: the units may be kept for long, so they carry no
    /// slack), its paragraphs' starts, first units and plain flags.
    ///
    /// The memory of the last run is kept for the next one (``take()``, ``giveBack()``): a run
    /// writes its edges to memory already mapped rather than to fresh pages.
    ///
    /// `@unchecked Sendable`: a scratch is used by one run at a time, taken and given back by
    /// atomic exchanges that order its uses.
    private final class Scratch: @unchecked Sendable {
        private var edgeBase: UnsafeMutablePointer<Int32>?
        private(set) var edgeCapacity = 0
        private var startBase: UnsafeMutablePointer<Int32>?
        private var firstBase: UnsafeMutablePointer<Int32>?
        private var plainBase: UnsafeMutablePointer<UInt8>?
        private var paragraphCapacity = 0

        /// The spare, as the bit pattern of a retained reference (`Unmanaged`), 0 when empty.
        private static let spare = Atomic<Int>(0)
        /// The most memory kept for the next run, in edges or paragraphs (1 MB of edges): a run
        /// of a reader's usual stretch needs less; a huge paragraph's is let go.
        private static let keptLimit = 1 << 18

        private init() {}

        deinit {
            edgeBase?.deallocate()
            startBase?.deallocate()
            firstBase?.deallocate()
            plainBase?.deallocate()
        }

        /// The spare, or a new one.
        static func take() -> Scratch {
            let taken = spare.exchange(0, ordering: .acquiringAndReleasing)
            guard let pointer = UnsafeRawPointer(bitPattern: taken) else { return Scratch() }
            return Unmanaged<Scratch>.fromOpaque(pointer).takeRetainedValue()
        }

        /// Makes this the spare, unless there is one or it holds too much memory.
        func giveBack() {
            guard edgeCapacity <= Self.keptLimit, paragraphCapacity <= Self.keptLimit else { return }
            let retained = Unmanaged.passRetained(self)
            let bits = Int(bitPattern: retained.toOpaque())
            let (exchanged, _) = Self.spare.compareExchange(
                expected: 0, desired: bits, ordering: .acquiringAndReleasing)
            if !exchanged { retained.release() }
        }

        /// The edge memory, with room for `count` edges, the first `kept` of those written so
        /// far kept.
        func edges(room count: Int, keeping kept: Int) -> UnsafeMutablePointer<Int32> {
            if let edgeBase, count <= edgeCapacity { return edgeBase }
            let grown = max(count, edgeCapacity * 2, 16_384)
            let made = UnsafeMutablePointer<Int32>.allocate(capacity: grown)
            if let edgeBase {
                made.initialize(from: edgeBase, count: min(kept, edgeCapacity))
                edgeBase.deallocate()
            }
            edgeBase = made
            edgeCapacity = grown
            return made
        }

        /// The `count` edges from edge `start` (all written).
        func edgeArray(from start: Int, count: Int) -> [Int32] {
            guard let edgeBase, count > 0, start >= 0, start + count <= edgeCapacity else { return [] }
            return Array(UnsafeBufferPointer(start: edgeBase + start, count: count))
        }

        /// Memory for `count` paragraph starts.
        func starts(count: Int) -> UnsafeMutablePointer<Int32> {
            reserveParagraphs(count)
            return startBase!
        }

        /// Memory for `count` paragraphs' first units.
        func firsts(count: Int) -> UnsafeMutablePointer<Int32> {
            reserveParagraphs(count)
            return firstBase!
        }

        /// Memory for `count` paragraphs' flags.
        func plains(count: Int) -> UnsafeMutablePointer<UInt8> {
            reserveParagraphs(count)
            return plainBase!
        }

        private func reserveParagraphs(_ count: Int) {
            guard count > paragraphCapacity || startBase == nil else { return }
            startBase?.deallocate()
            firstBase?.deallocate()
            plainBase?.deallocate()
            paragraphCapacity = max(count, 64)
            startBase = UnsafeMutablePointer<Int32>.allocate(capacity: paragraphCapacity)
            firstBase = UnsafeMutablePointer<Int32>.allocate(capacity: paragraphCapacity)
            plainBase = UnsafeMutablePointer<UInt8>.allocate(capacity: paragraphCapacity)
        }
    }
}

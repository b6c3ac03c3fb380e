/// The units of one granularity in a text: sorted, non-overlapping, non-empty ranges of UTF-16
/// offsets, with gaps (white space between words, separators between paragraphs) left out.
///
/// This is the boundary cache behind the tokenizer's queries: built once per text and
/// granularity, then every query is a binary search.
///
/// Units are made from ICU's segments (the spans between two consecutive boundaries, gaps
/// included): a word unit is a segment with a word's rule status, a sentence unit a sentence
/// segment without the white space around it.
public struct TextUnits: Sendable, Equatable {
    /// Unit edges, interleaved: unit `i` is `bounds[2 * (first + i)] ..< bounds[2 * (first + i) + 1]`.
    /// Ascending; each unit is non-empty and ends at or before the next one starts. One array
    /// (one allocation, a start next to its end) rather than two, which the units of several
    /// texts may share, each text's units a stretch of it (see ``init(sharing:first:count:)``).
    private var bounds: [Int32] = []
    /// The index of the first unit in `bounds` (counted in units, pairs of edges).
    private var first = 0
    /// The number of units.
    public private(set) var count = 0

    /// No units.
    public init() {}

    /// Units from ranges that are sorted, non-overlapping and non-empty; others are dropped.
    public init<S: Sequence>(_ ranges: S) where S.Element == Range<Int> {
        for range in ranges { append(range) }
    }

    /// Units from interleaved edges (start, end, start, end, ...) that already satisfy the
    /// invariants (ascending, non-empty, not overlapping), taken as they are: the fast path of
    /// segment builders.
    init(validBounds bounds: [Int32]) {
        assert(bounds.count % 2 == 0)
        self.bounds = bounds
        count = bounds.count >> 1
    }

    /// The `count` units from unit `first` of interleaved edges that satisfy the invariants,
    /// sharing `bounds` with the units of other texts (no copy).
    init(sharing bounds: [Int32], first: Int, count: Int) {
        assert(first >= 0 && count >= 0 && (first + count) << 1 <= bounds.count)
        self.bounds = bounds
        self.first = first
        self.count = count
    }

    /// Adds a unit after the last one. Empty ranges, and ranges that start before the last
    /// unit's end, are ignored.
    public mutating func append(_ range: Range<Int>) {
        guard !range.isEmpty, range.lowerBound >= (count > 0 ? end(count - 1) : 0) else { return }
        ownBounds()
        bounds.append(Int32(range.lowerBound))
        bounds.append(Int32(range.upperBound))
        count += 1
    }

    /// Reserves room for `count` units.
    public mutating func reserveCapacity(_ count: Int) {
        ownBounds()
        bounds.reserveCapacity(count * 2)
    }

    /// Makes `bounds` hold this value's units alone, so that appending leaves the units of
    /// other texts sharing it alone.
    private mutating func ownBounds() {
        guard first != 0 || bounds.count != count << 1 else { return }
        bounds = Array(bounds[(first << 1)..<((first + count) << 1)])
        first = 0
    }

    /// Whether both hold the same units.
    public static func == (lhs: TextUnits, rhs: TextUnits) -> Bool {
        lhs.count == rhs.count
            && lhs.bounds[(lhs.first << 1)..<((lhs.first + lhs.count) << 1)]
                == rhs.bounds[(rhs.first << 1)..<((rhs.first + rhs.count) << 1)]
    }

    /// Unit `index` as a range of offsets.
    public subscript(index: Int) -> Range<Int> { start(index)..<end(index) }

    /// All units, in order.
    public var ranges: [Range<Int>] { (0..<count).map { self[$0] } }

    /// The start of unit `index`.
    @inline(__always)
    func start(_ index: Int) -> Int { Int(bounds[(first + index) << 1]) }

    /// The end of unit `index`.
    @inline(__always)
    func end(_ index: Int) -> Int { Int(bounds[(first + index) << 1 | 1]) }

    /// The index of the first unit whose end is after `offset` (`count` when none is).
    ///
    /// - Complexity: O(log n).
    @inline(__always)
    public func firstIndex(endingAfter offset: Int) -> Int {
        bounds.withUnsafeBufferPointer { bounds in
            guard let base = bounds.baseAddress else { return 0 }
            let ends = base + (first << 1 | 1)
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) >> 1
                if Int(ends[middle << 1]) <= offset { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// The index of the first unit whose end is at or after `offset`.
    @inline(__always)
    func firstIndex(endingAtOrAfter offset: Int) -> Int { firstIndex(endingAfter: offset - 1) }

    /// The unit holding `offset` under the direction rule: forward, `start <= offset < end`;
    /// backward, `start < offset <= end`.
    func index(containing offset: Int, _ direction: TextStorageDirection) -> Int? {
        switch direction {
        case .forward:
            let index = firstIndex(endingAfter: offset)
            return index < count && start(index) <= offset ? index : nil
        case .backward:
            let index = firstIndex(endingAtOrAfter: offset)
            return index < count && start(index) < offset ? index : nil
        }
    }

    /// Whether some unit ends at `offset`.
    func isEnd(_ offset: Int) -> Bool {
        let index = firstIndex(endingAtOrAfter: offset)
        return index < count && end(index) == offset
    }

    /// Whether some unit starts at `offset`.
    func isStart(_ offset: Int) -> Bool {
        let index = firstIndex(endingAfter: offset)
        return index < count && start(index) == offset
    }

    /// The index of the first unit starting after `offset`.
    func firstIndex(startingAfter offset: Int) -> Int? {
        var index = firstIndex(endingAfter: offset)
        while index < count && start(index) <= offset { index += 1 }
        return index < count ? index : nil
    }

    /// The index of the last unit ending before `offset`.
    func lastIndex(endingBefore offset: Int) -> Int? {
        let index = firstIndex(endingAtOrAfter: offset)
        return index > 0 ? index - 1 : nil
    }
}

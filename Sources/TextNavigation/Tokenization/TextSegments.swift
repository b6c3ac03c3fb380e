/// The units of one granularity in a text: sorted, non-overlapping, non-empty ranges of UTF-16
/// offsets, with gaps (white space between words, separators between paragraphs) left out.
///
/// This is the boundary cache behind the tokenizer's queries: built once per text and
/// granularity, then every query is a binary search.
public struct TextSegments: Sendable, Equatable {
    /// Unit edges, interleaved: unit `i` is `bounds[2 * i] ..< bounds[2 * i + 1]`. Ascending;
    /// each unit is non-empty and ends at or before the next one starts. One array (one
    /// allocation, a start next to its end) rather than two.
    private(set) var bounds: [Int32] = []

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
    }

    /// Adds a unit after the last one. Empty ranges, and ranges that start before the last
    /// unit's end, are ignored.
    public mutating func append(_ range: Range<Int>) {
        guard !range.isEmpty, range.lowerBound >= (bounds.last.map(Int.init) ?? 0) else { return }
        bounds.append(Int32(range.lowerBound))
        bounds.append(Int32(range.upperBound))
    }

    /// Reserves room for `count` units.
    public mutating func reserveCapacity(_ count: Int) {
        bounds.reserveCapacity(count * 2)
    }

    /// The number of units.
    public var count: Int { bounds.count >> 1 }

    /// Unit `index` as a range of offsets.
    public subscript(index: Int) -> Range<Int> { start(index)..<end(index) }

    /// All units, in order.
    public var ranges: [Range<Int>] { (0..<count).map { self[$0] } }

    /// The start of unit `index`.
    @inline(__always)
    func start(_ index: Int) -> Int { Int(bounds[index << 1]) }

    /// The end of unit `index`.
    @inline(__always)
    func end(_ index: Int) -> Int { Int(bounds[index << 1 | 1]) }

    /// The index of the first unit whose end is after `offset` (`count` when none is).
    ///
    /// - Complexity: O(log n).
    @inline(__always)
    func firstIndex(endingAfter offset: Int) -> Int {
        bounds.withUnsafeBufferPointer { bounds in
            var low = 0
            var high = bounds.count >> 1
            while low < high {
                let middle = (low + high) >> 1
                if Int(bounds[middle << 1 | 1]) <= offset { low = middle + 1 } else { high = middle }
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

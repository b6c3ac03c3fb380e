/// The units of one granularity in a text: sorted, non-overlapping, non-empty ranges of UTF-16
/// offsets, with gaps (white space between words, separators between paragraphs) left out.
///
/// This is the boundary cache behind the tokenizer's queries: built once per text and
/// granularity, then every query is a binary search.
public struct TextSegments: Sendable, Equatable {
    /// Unit starts, ascending.
    private(set) var starts: [Int32] = []
    /// Unit ends, ascending; `ends[i] > starts[i]` and `ends[i] <= starts[i + 1]`.
    private(set) var ends: [Int32] = []

    /// No units.
    public init() {}

    /// Units from ranges that are sorted, non-overlapping and non-empty; others are dropped.
    public init<S: Sequence>(_ ranges: S) where S.Element == Range<Int> {
        for range in ranges { append(range) }
    }

    /// Units from arrays that already satisfy the invariants (ascending, non-empty, not
    /// overlapping), taken as they are: the fast path of segment builders.
    init(validStarts starts: [Int32], ends: [Int32]) {
        assert(starts.count == ends.count)
        self.starts = starts
        self.ends = ends
    }

    /// Adds a unit after the last one. Empty ranges, and ranges that start before the last
    /// unit's end, are ignored.
    public mutating func append(_ range: Range<Int>) {
        guard !range.isEmpty, range.lowerBound >= (ends.last.map(Int.init) ?? 0) else { return }
        starts.append(Int32(range.lowerBound))
        ends.append(Int32(range.upperBound))
    }

    /// Reserves room for `count` units.
    public mutating func reserveCapacity(_ count: Int) {
        starts.reserveCapacity(count)
        ends.reserveCapacity(count)
    }

    /// The number of units.
    public var count: Int { starts.count }

    /// Unit `index` as a range of offsets.
    public subscript(index: Int) -> Range<Int> { Int(starts[index])..<Int(ends[index]) }

    /// All units, in order.
    public var ranges: [Range<Int>] { (0..<count).map { self[$0] } }

    /// The index of the first unit whose end is after `offset` (`count` when none is).
    ///
    /// - Complexity: O(log n).
    @inline(__always)
    func firstIndex(endingAfter offset: Int) -> Int {
        var low = 0
        var high = ends.count
        while low < high {
            let middle = (low + high) >> 1
            if Int(ends[middle]) <= offset { low = middle + 1 } else { high = middle }
        }
        return low
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
            return index < count && Int(starts[index]) <= offset ? index : nil
        case .backward:
            let index = firstIndex(endingAtOrAfter: offset)
            return index < count && Int(starts[index]) < offset ? index : nil
        }
    }

    /// Whether some unit ends at `offset`.
    func isEnd(_ offset: Int) -> Bool {
        let index = firstIndex(endingAtOrAfter: offset)
        return index < count && Int(ends[index]) == offset
    }

    /// Whether some unit starts at `offset`.
    func isStart(_ offset: Int) -> Bool {
        let index = firstIndex(endingAfter: offset)
        return index < count && Int(starts[index]) == offset
    }

    /// The index of the first unit starting after `offset`.
    func firstIndex(startingAfter offset: Int) -> Int? {
        var index = firstIndex(endingAfter: offset)
        while index < count && Int(starts[index]) <= offset { index += 1 }
        return index < count ? index : nil
    }

    /// The index of the last unit ending before `offset`.
    func lastIndex(endingBefore offset: Int) -> Int? {
        let index = firstIndex(endingAtOrAfter: offset)
        return index > 0 ? index - 1 : nil
    }
}

/// The lines of a run of consecutive elements as pagination needs them: where each line starts
/// in its element, and nothing else (a page starts at a line's start), every element's in one
/// array: a run's lines take two arrays, not one per element.
struct RunLines: Sendable {
    /// The index of the run's first element.
    let first: Int
    /// Each line's start offset in its element, element after element.
    private var starts: [Int32] = []
    /// Where each element's lines end in `starts`, element after element.
    private var ends: [Int] = []

    /// No lines yet, for the run of `count` elements starting at element `first`.
    init(first: Int, count: Int) {
        self.first = first
        ends.reserveCapacity(count)
    }

    /// The index after the last element added.
    var endIndex: Int { first + ends.count }

    /// Adds the next element's lines, its line units `units`.
    mutating func append(_ units: TextUnits) {
        for line in 0..<units.count { starts.append(Int32(units.start(line))) }
        ends.append(starts.count)
    }

    /// The start offsets of the lines of element `index` (one of the run's), in order.
    func lineStarts(of index: Int) -> ArraySlice<Int32> {
        let element = index - first
        return starts[(element == 0 ? 0 : ends[element - 1])..<ends[element]]
    }
}

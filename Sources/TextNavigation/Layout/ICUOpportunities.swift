/// Where ICU's line break opportunities come to the line fitter from: a list of them, filled by a
/// forward pass of a line break iterator as far as it is needed (or given whole, as a layout's
/// shaping found them), and emptied of those before the line being filled.
///
/// Not `Sendable`: it drives a lent ICU iterator.
struct ICUOpportunities {
    private let iterator: ICU.BreakIterator?
    /// The opportunities found by the forward pass and not yet forgotten, ascending.
    private var found: [Int32]
    /// Whether the forward pass reached the end of the text.
    private var finished: Bool
    /// The calls made to the iterator.
    private(set) var calls = ICUCalls()

    /// Opportunities from `iterator` (pointed at the text, at its start).
    init(iterator: ICU.BreakIterator) {
        self.iterator = iterator
        found = []
        finished = false
    }

    /// A fixed list of opportunities, ascending.
    init(list: [Int32]) {
        iterator = nil
        found = list
        finished = true
    }

    /// The last opportunity before `offset`, or `nil` (also when the last one is forgotten).
    mutating func preceding(_ offset: Int) -> Int? {
        extend(past: offset - 1)
        let index = firstIndex(above: offset - 1)
        return index > 0 ? Int(found[index - 1]) : nil
    }

    /// The first opportunity after `offset`, or `nil`.
    mutating func following(_ offset: Int) -> Int? {
        extend(past: offset)
        let index = firstIndex(above: offset)
        return index < found.count ? Int(found[index]) : nil
    }

    /// Lets go of the opportunities before `offset`, once they are most of those kept, so that a
    /// long paragraph keeps about a line's worth: nothing before a line's start is asked again.
    mutating func forget(before offset: Int) {
        let index = firstIndex(above: offset - 1)
        if index > 1_024, index * 2 > found.count { found.removeFirst(index) }
    }

    /// Runs the forward pass until it finds an opportunity after `offset` or the text ends.
    private mutating func extend(past offset: Int) {
        guard let iterator, !finished else { return }
        while Int(found.last ?? 0) <= offset {
            let next = iterator.next()
            calls.forward += 1
            if next == ICU.BreakIterator.done {
                finished = true
                return
            }
            found.append(Int32(truncatingIfNeeded: next))
        }
    }

    /// The index of the first opportunity kept that is greater than `offset`.
    private func firstIndex(above offset: Int) -> Int {
        var low = 0
        var high = found.count
        while low < high {
            let middle = (low + high) >> 1
            if Int(found[middle]) <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

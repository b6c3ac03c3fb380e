/// A lexicon's words (or phrases) as sorted UTF-16 keys, for finding the longest key that the
/// text at an offset starts with in O(length × log n): a million entries cost no more per
/// lookup than a hundred.
struct WordTable: Sendable {
    /// The keys in lexicographic order of their code units, each with its entry's index.
    private let keys: [(units: [UInt16], entry: Int)]

    /// A table of `keys`; a key given twice keeps its first entry.
    init(_ keys: [(units: [UInt16], entry: Int)]) {
        let sorted = keys.enumerated().sorted { first, second in
            first.element.units.lexicographicallyPrecedes(second.element.units)
                || (first.element.units == second.element.units && first.offset < second.offset)
        }.map(\.element)
        var unique: [(units: [UInt16], entry: Int)] = []
        unique.reserveCapacity(sorted.count)
        for key in sorted where !key.units.isEmpty && unique.last?.units != key.units { unique.append(key) }
        self.keys = unique
    }

    var isEmpty: Bool { keys.isEmpty }

    /// The keys `text` starts with at `start`, from the shortest to the longest, as
    /// (entry, end offset in `text`).
    func prefixes(of text: [UInt16], at start: Int) -> [(entry: Int, end: Int)] {
        var found: [(entry: Int, end: Int)] = []
        var (low, high) = (0, keys.count)
        var depth = 0
        // Invariant: keys[low..<high] are the keys that start with text[start..<start+depth];
        // the one equal to it, if any, comes first.
        while low < high {
            if keys[low].units.count == depth {
                if depth > 0 { found.append((keys[low].entry, start + depth)) }
                low += 1
            }
            guard start + depth < text.count, low < high else { break }
            let unit = text[start + depth]
            low = boundary(low, high, depth) { $0 < unit }
            high = boundary(low, high, depth) { $0 <= unit }
            depth += 1
        }
        return found
    }

    /// The first index in `low..<high` whose key's unit at `depth` does not satisfy
    /// `isBefore` (the keys there all have a unit at `depth`, in order).
    private func boundary(_ low: Int, _ high: Int, _ depth: Int, _ isBefore: (UInt16) -> Bool) -> Int {
        var (low, high) = (low, high)
        while low < high {
            let middle = (low + high) / 2
            if isBefore(keys[middle].units[depth]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

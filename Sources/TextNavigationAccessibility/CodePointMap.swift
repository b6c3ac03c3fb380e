import TextNavigation

/// Converts between the UTF-16 offsets of the library and the character (Unicode scalar)
/// offsets of ATK, for one text.
///
/// A text without surrogate pairs, most of them, needs no table: its offsets agree.
struct CodePointMap: Sendable {
    /// The UTF-16 offset of each scalar, and the text's length last; empty when every scalar
    /// is one code unit.
    private let starts: [Int]
    /// The text's length in UTF-16 code units.
    let utf16Count: Int
    /// The text's length in scalars.
    let scalarCount: Int

    init(_ storage: TextStorage) {
        utf16Count = storage.count
        var starts: [Int] = []
        var offset = 0
        var hasPairs = false
        while offset < storage.count {
            starts.append(offset)
            let step = storage.scalar(at: offset)?.utf16.count ?? 1
            if step > 1 { hasPairs = true }
            offset += step
        }
        scalarCount = starts.count
        starts.append(storage.count)
        self.starts = hasPairs ? starts : []
    }

    /// The UTF-16 offset of scalar offset `scalars` (clamped into the text).
    func utf16Offset(_ scalars: Int) -> Int {
        let clamped = min(max(0, scalars), scalarCount)
        return starts.isEmpty ? clamped : starts[clamped]
    }

    /// The scalar offset of UTF-16 offset `utf16` (clamped into the text); an offset inside a
    /// surrogate pair counts as the pair's start.
    func scalarOffset(_ utf16: Int) -> Int {
        let clamped = min(max(0, utf16), utf16Count)
        guard !starts.isEmpty else { return clamped }
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

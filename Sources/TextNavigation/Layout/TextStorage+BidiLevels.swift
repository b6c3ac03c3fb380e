extension TextStorage {
    /// The resolved bidi embedding level (UAX #9) of each code unit of `range`, taken as one
    /// paragraph whose base direction is that of its first strong character (left to right when
    /// it has none), as ``TextLayout`` takes a paragraph: for a shaper in another target of the
    /// package, which splits a paragraph into runs of one direction.
    ///
    /// A range without a code unit from U+0590 up is all level 0; should ICU fail, every unit
    /// gets the base level.
    ///
    /// - Complexity: O(n) in the range's length.
    package func bidiLevels(ofParagraph range: Range<Int>) -> [UInt8] {
        let range = max(range.lowerBound, 0)..<min(max(range.upperBound, 0), count)
        let needsBidi = withUTF16 { units in units[range].contains { $0 >= 0x590 } }
        guard needsBidi, let paragraph = substorage(range) else { return [UInt8](repeating: 0, count: range.count) }
        let direction = ICU.Properties.firstStrongDirection(in: self, range: range) ?? .leftToRight
        do {
            let bidi = try ICU.Bidi()
            try bidi.setParagraph(paragraph, direction: direction)
            return try bidi.levels(count: range.count)
        } catch {
            return [UInt8](repeating: direction == .leftToRight ? 0 : 1, count: range.count)
        }
    }
}

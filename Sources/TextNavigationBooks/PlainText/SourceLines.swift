import TextNavigation

/// The lines of a file's bytes (valid UTF-8) as the loader reads them: ended by LF, CR, CR LF
/// or a form feed, and trimmed of white space (tab, space, VT, NBSP, ideographic space).
struct SourceLines {
    let source: UnsafeBufferPointer<UInt8>

    /// A line of the file.
    struct Line {
        var bytes: Range<Int>
        /// The offset of the byte that ended the line (LF, CR or FF), or the end of input.
        var terminator: Int
        var endsWithFormFeed: Bool
        /// Where the next line starts (after CR LF, two bytes on).
        var next: Int
    }

    /// The offset of the first LF, CR or FF at or after `index` and before `limit`, or `limit`.
    @inline(__always)
    func lineBreak(from index: Int, limit: Int) -> Int {
        var index = index
        while index < limit {
            if index + 8 <= limit {
                // Any byte below 0x0E? (LF, FF and CR are; so are tab and VT, which are looked
                // at one by one and passed over.)
                let word = UTF8Decoding.word(source, at: index)
                if (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080 != 0 {
                    for offset in index..<(index + 8) where Self.isLineBreak(source[offset]) { return offset }
                }
                index += 8
                continue
            }
            if Self.isLineBreak(source[index]) { return index }
            index += 1
        }
        return limit
    }

    @inline(__always)
    private static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D || byte == 0x0C }

    /// The line starting at `index` (which must be before the end of the input).
    func line(at index: Int) -> Line {
        let count = source.count
        let end = lineBreak(from: index, limit: count)
        guard end < count else { return Line(bytes: index..<end, terminator: end, endsWithFormFeed: false, next: end) }
        let byte = source[end]
        let next = byte == 0x0D && end + 1 < count && source[end + 1] == 0x0A ? end + 2 : end + 1
        return Line(bytes: index..<end, terminator: end, endsWithFormFeed: byte == 0x0C, next: next)
    }

    /// The length of the white space (tab, space, VT, NBSP, ideographic space) starting at
    /// `index`, or 0.
    private func whiteSpaceLength(at index: Int, limit: Int) -> Int {
        let byte = source[index]
        if byte == 0x20 || byte == 0x09 || byte == 0x0B { return 1 }
        if byte == 0xC2, index + 1 < limit, source[index + 1] == 0xA0 { return 2 }
        if byte == 0xE3, index + 2 < limit, source[index + 1] == 0x80, source[index + 2] == 0x80 { return 3 }
        return 0
    }

    /// `range` without the white space at its start and end.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        while lower < range.upperBound {
            let length = whiteSpaceLength(at: lower, limit: range.upperBound)
            if length == 0 { break }
            lower += length
        }
        var upper = range.upperBound
        while upper > lower {
            let byte = source[upper - 1]
            if byte == 0x20 || byte == 0x09 || byte == 0x0B {
                upper -= 1
            } else if byte == 0xA0, upper - 2 >= lower, source[upper - 2] == 0xC2 {
                upper -= 2
            } else if byte == 0x80, upper - 3 >= lower, source[upper - 2] == 0x80, source[upper - 3] == 0xE3 {
                upper -= 3
            } else {
                break
            }
        }
        return lower..<upper
    }
}

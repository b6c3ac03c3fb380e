import TextNavigation

/// Project Gutenberg's emphasis marks: `_very_` sets a word in italics, and a speech engine
/// would say "underscore", so ``ParagraphAssembler`` leaves the marks out of the text (as it
/// leaves out Aozora Bunko's markup), the source map still leading every character back to its
/// bytes.
///
/// An underscore is a mark only as one of a pair, as Markdown reads `_`: an opening one stands
/// before a word (no letter, digit or underscore before it; no white space or underscore after
/// it), a closing one after a word (no white space or underscore before it; no underscore after
/// it, and no letter or digit either unless the marks enclose part of one word, as in
/// `_Un_important`); each closing one pairs with the nearest opening one before it. So
/// `snake_case`, a lone `_` and `__init__` are text, and so is an underscore left without a
/// partner.
///
/// A pair lies within a paragraph, or within the run of indented paragraphs of one block that
/// ``ParagraphPlanner`` hands over whole (a centred dedication, each line a paragraph of its
/// own: `_To J. Comyns Carr` … `gratefully inscribed_`); a line break counts as white space, so
/// no pair encloses "part of one word" across lines, and no pair crosses a blank line.
struct EmphasisMarks {
    let source: UnsafeBufferPointer<UInt8>

    private static let underscore: UInt8 = 0x5F

    /// Whether `range` holds an underscore.
    ///
    /// - Complexity: O(n), eight bytes at a time.
    func containsUnderscore(_ range: Range<Int>) -> Bool {
        firstUnderscore(from: range.lowerBound, limit: range.upperBound) < range.upperBound
    }

    /// The offset of the first underscore at or after `index` and before `limit`, or `limit`.
    private func firstUnderscore(from index: Int, limit: Int) -> Int {
        var index = index
        while index + 8 <= limit {
            // A zero byte in `word ^ 0x5F…` is an underscore.
            let word = UTF8Decoding.word(source, at: index) ^ 0x5F5F_5F5F_5F5F_5F5F
            if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
            index += 8
        }
        while index < limit, source[index] != Self.underscore { index += 1 }
        return index
    }

    /// The offsets of the underscores of `range` (a paragraph's bytes, line breaks and all)
    /// that are emphasis marks, in order; empty (and not allocated) when there are none.
    func marks(in range: Range<Int>) -> [Int] {
        var marks: [Int] = []
        var opening: Int?
        var index = firstUnderscore(from: range.lowerBound, limit: range.upperBound)
        while index < range.upperBound {
            let before = kind(before: index, from: range.lowerBound)
            let after = kind(at: index + 1, limit: range.upperBound)
            if let open = opening, before != .space, before != .underscore, after != .underscore,
                after != .word || isOneWord(open + 1..<index)
            {
                marks.append(open)
                marks.append(index)
                opening = nil
            } else if before != .word, before != .underscore, after != .space, after != .underscore {
                opening = index
            }
            index = firstUnderscore(from: index + 1, limit: range.upperBound)
        }
        return marks
    }

    /// Whether `range` holds no white space (an emphasis closed inside a word, as in
    /// `_Un_important`, is a part of one word).
    private func isOneWord(_ range: Range<Int>) -> Bool {
        !range.contains { source[$0] == 0x20 || (source[$0] >= 0x09 && source[$0] <= 0x0D) }
    }

    /// What stands beside an underscore.
    private enum Kind {
        /// White space, a line break or the paragraph's edge.
        case space
        case underscore
        /// A letter, a digit or a combining mark.
        case word
        /// Punctuation and anything else.
        case other
    }

    private func kind(of value: UInt32) -> Kind {
        switch value {
        case 0x5F: return .underscore
        case 0x09...0x0D, 0x20, 0xA0, 0x3000: return .space
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return .word
        case 0..<0x80: return .other
        default:
            guard let scalar = Unicode.Scalar(value) else { return .other }
            let properties = scalar.properties
            if properties.isWhitespace { return .space }
            if properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
            {
                return .word
            }
            return .other
        }
    }

    private func kind(before index: Int, from lower: Int) -> Kind {
        SourceScalars(source: source).lastScalar(in: lower..<index).map(kind(of:)) ?? .space
    }

    private func kind(at index: Int, limit: Int) -> Kind {
        index < limit ? kind(of: SourceScalars(source: source).scalar(at: index).value) : .space
    }
}

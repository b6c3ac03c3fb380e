import TextNavigation

/// When a line of a hard-wrapped file goes on with the paragraph above it though indentation
/// is involved (rule 3 of ``PlainTextBook``).
///
/// Project Gutenberg indents quoted letters and block quotes and hard-wraps them as any
/// paragraph; it indents verse and tables of contents too, line by line. The difference is
/// whether the line above was wrapped: a line goes on with the paragraph above when
/// - it has the indentation of the line above (or none, after an indented first line), and
/// - the line above was long enough to have been wrapped: the next line's first word would not
///   have fitted after it within the file's wrap width (``wrapWidth(widths:)``), and
/// - between two indented lines, the line above does not end a sentence, or the next line goes
///   on in lower case.
struct IndentedLines {
    let scalars: SourceScalars
    /// The width, in cells, at which the file's lines were wrapped.
    let wrapWidth: Int

    /// The share of sampled lines, in percent, at most the wrap width wide.
    static let wrapPercentile = 95
    /// The narrowest wrap width (a file of a few short lines, such as a poem, was not wrapped
    /// at their width).
    static let narrowestWrapWidth = 40

    /// The wrap width of a file whose sampled lines' widths (indentation included, in cells)
    /// are counted in `widths` (index: width): the width that ``wrapPercentile`` percent of them
    /// do not pass (Project Gutenberg's 70 or so; a few longer lines do not move it), and at
    /// least ``narrowestWrapWidth``.
    static func wrapWidth(widths: [Int]) -> Int {
        let total = widths.reduce(0, +)
        var covered = 0
        for (width, count) in widths.enumerated() {
            covered += count
            if covered * 100 >= total * wrapPercentile { return max(width, narrowestWrapWidth) }
        }
        return max(widths.count - 1, narrowestWrapWidth)
    }

    /// The width in cells of the white space that starts a line: from `line`'s start to where
    /// its `content` starts (a tab to the next multiple of 8, an ideographic space two).
    func indentation(of line: Range<Int>, content: Range<Int>) -> Int {
        var column = 0
        var index = line.lowerBound
        while index < content.lowerBound {
            let (value, length) = scalars.scalar(at: index)
            column = value == 0x09 ? (column / 8 + 1) * 8 : column + (SourceScalars.isWide(value) ? 2 : 1)
            index += length
        }
        return column
    }

    /// Whether the line `next` (trimmed, `nextIndent` cells in) goes on with the paragraph whose
    /// last line is `previous` (trimmed, `previousIndent` cells in).
    func continues(previous: Range<Int>, previousIndent: Int, next: Range<Int>, nextIndent: Int) -> Bool {
        guard nextIndent == 0 || nextIndent == previousIndent, !previous.isEmpty, !next.isEmpty else { return false }
        let end = previousIndent + scalars.width(of: previous)
        guard end + 1 + firstWordWidth(next) > wrapWidth else { return false }
        return nextIndent == 0 || !endsSentence(previous) || startsInLowerCase(next)
    }

    /// The width of the line's first word: up to a space, or its first character when that is
    /// wide (a line may break after any Chinese or Japanese character).
    private func firstWordWidth(_ range: Range<Int>) -> Int {
        let (first, _) = scalars.scalar(at: range.lowerBound)
        if SourceScalars.isWide(first) { return 2 }
        var end = range.lowerBound
        while end < range.upperBound, scalars.source[end] != 0x20 { end += 1 }
        return scalars.width(of: range.lowerBound..<end)
    }

    /// Closing quotes and brackets, and emphasis marks, that may follow a sentence's end.
    private static let closers: Set<UInt32> = [
        0x22, 0x27, 0x29, 0x5D, 0x5F, 0x2A, 0x2019, 0x201D, 0x300D, 0x300F, 0xFF09,
    ]
    /// . ! ? 。 ！ ？
    private static let terminators: Set<UInt32> = [0x2E, 0x21, 0x3F, 0x3002, 0xFF01, 0xFF1F]

    /// Whether the line ends a sentence: a terminator, then maybe closing quotes or brackets.
    private func endsSentence(_ range: Range<Int>) -> Bool {
        var upper = range.upperBound
        while let last = scalars.lastScalar(in: range.lowerBound..<upper) {
            if Self.terminators.contains(last) { return true }
            guard Self.closers.contains(last) else { return false }
            upper -= Unicode.Scalar(last).map { UTF8.width($0) } ?? 1
        }
        return false
    }

    /// Whether the line starts with a lower-case letter.
    private func startsInLowerCase(_ range: Range<Int>) -> Bool {
        Unicode.Scalar(scalars.scalar(at: range.lowerBound).value)?.properties.isLowercase ?? false
    }
}

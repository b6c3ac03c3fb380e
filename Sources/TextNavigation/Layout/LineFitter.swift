/// Fits a shaped text into lines of one width: greedy line filling at ICU's break
/// opportunities, then each line's rect and bidi runs.
///
/// The rules:
/// - A piece of text between two break opportunities goes on the current line when its
///   visible part (without trailing white space) fits; otherwise the line ends before it.
///   Trailing white space always stays on its line, hanging past the edge.
/// - A piece that does not fit on an empty line either is broken between grapheme clusters:
///   as many as fit per line, at least one (zero-width clusters never start a line).
/// - A mandatory opportunity (after a hard break) always ends the line. A text ending with a
///   hard break gets an empty last line, where a caret after that break stands.
struct LineFitter {
    let shaping: TextShaping
    let width: Double
    let scale: Double
    let lineHeight: Double

    /// The laid-out lines, top to bottom.
    ///
    /// - Complexity: O(n) in the text's length.
    func fragments() -> [LineFragment] {
        var runs = RunBuilder(shaping: shaping)
        var fragments: [LineFragment] = []
        let clusterLines = clusterRanges()
        fragments.reserveCapacity(clusterLines.count)
        var paragraph = 0
        for (index, clusters) in clusterLines.enumerated() {
            let start = Int(shaping.boundaries[clusters.lowerBound])
            let end = Int(shaping.boundaries[clusters.upperBound])
            while paragraph + 1 < shaping.paragraphs.count,
                shaping.paragraphs[paragraph].upperBound <= start
            {
                paragraph += 1
            }
            var total = 0.0
            for cluster in clusters { total += shaping.advances[cluster] * scale }
            var trimmedEnd = clusters.upperBound
            while trimmedEnd > clusters.lowerBound, shaping.hangs[trimmedEnd - 1] { trimmedEnd -= 1 }
            let direction = shaping.directions[paragraph]
            let range = start..<end
            let contentEnd = isHardBreak(clusters) ? Int(shaping.boundaries[clusters.upperBound - 1]) : end
            fragments.append(
                LineFragment(
                    index: index, range: range,
                    contentRange: start..<contentEnd,
                    trimmedRange: start..<Int(shaping.boundaries[trimmedEnd]),
                    rect: Rect(
                        x: direction == .leftToRight ? 0 : width - total,
                        y: Double(index) * lineHeight, width: total, height: lineHeight),
                    baseWritingDirection: direction,
                    runs: runs.runs(of: range, clusters: clusters, paragraph: paragraph)))
        }
        return fragments
    }

    /// Whether the last of `clusters` is a hard line break.
    private func isHardBreak(_ clusters: Range<Int>) -> Bool {
        guard !clusters.isEmpty else { return false }
        let start = Int(shaping.boundaries[clusters.upperBound - 1])
        return UnicodeClasses.isLineSeparator(shaping.storage[start])
    }

    /// The lines as ranges of cluster indices.
    private func clusterRanges() -> [Range<Int>] {
        let boundaries = shaping.boundaries
        let advances = shaping.advances
        let hangs = shaping.hangs
        let count = shaping.clusterCount
        // A hair of slack, so that widths summed from fractional advances still fit.
        let limit = width + 1e-9
        var lines: [Range<Int>] = []
        var lineStart = 0
        var lineWidth = 0.0

        func endLine(at cluster: Int) {
            lines.append(lineStart..<cluster)
            lineStart = cluster
            lineWidth = 0
        }

        func place(_ piece: Range<Int>) {
            var visibleEnd = piece.upperBound
            while visibleEnd > piece.lowerBound, hangs[visibleEnd - 1] { visibleEnd -= 1 }
            var visible = 0.0
            for cluster in piece.lowerBound..<visibleEnd { visible += advances[cluster] * scale }
            var hanging = 0.0
            for cluster in visibleEnd..<piece.upperBound { hanging += advances[cluster] * scale }
            if lineStart < piece.lowerBound, visible > 0, lineWidth + visible > limit {
                endLine(at: piece.lowerBound)
            }
            if lineStart == piece.lowerBound, visible > limit {
                for cluster in piece.lowerBound..<visibleEnd {
                    let advance = advances[cluster] * scale
                    if lineStart < cluster, advance > 0, lineWidth + advance > limit {
                        endLine(at: cluster)
                    }
                    lineWidth += advance
                }
                lineWidth += hanging
            } else {
                lineWidth += visible + hanging
            }
        }

        var pieceStart = 0
        var boundary = 0
        for opportunity in shaping.opportunities {
            while boundary <= count, Int(boundaries[boundary]) < opportunity.offset { boundary += 1 }
            // Opportunities inside a grapheme cluster are not used.
            guard boundary <= count, Int(boundaries[boundary]) == opportunity.offset,
                boundary > pieceStart
            else { continue }
            place(pieceStart..<boundary)
            pieceStart = boundary
            if opportunity.isMandatory { endLine(at: boundary) }
        }
        if pieceStart < count { place(pieceStart..<count) }
        if lineStart < count || lines.isEmpty { endLine(at: count) }
        if count > 0, isHardBreak(count - 1..<count) { lines.append(count..<count) }
        return lines
    }
}

/// Finds each line's bidi runs: one run for a paragraph without right-to-left text, otherwise
/// ICU's ubidi over the paragraph, rule L1 per line, then runs of whole clusters reordered by
/// rule L2.
private struct RunBuilder {
    let shaping: TextShaping
    private var paragraphBidi: ICU.Bidi?
    private var lineBidi: ICU.Bidi?
    private var current: (paragraph: Int, direction: ICU.Bidi.Direction)?

    init(shaping: TextShaping) {
        self.shaping = shaping
    }

    /// The runs of the line `range` (made of `clusters`) in `paragraph`, in visual order.
    mutating func runs(of range: Range<Int>, clusters: Range<Int>, paragraph: Int) -> [BidiRun] {
        guard !range.isEmpty else { return [] }
        let base = shaping.directions[paragraph]
        let baseRun = [BidiRun(range: range, level: base == .leftToRight ? 0 : 1)]
        guard shaping.needsBidi[paragraph] else { return baseRun }
        do {
            let direction = try paragraphDirection(paragraph)
            if (direction == .leftToRight && base == .leftToRight)
                || (direction == .rightToLeft && base == .rightToLeft)
            {
                return baseRun
            }
            let paragraphStart = shaping.paragraphs[paragraph].lowerBound
            if lineBidi == nil { lineBidi = try ICU.Bidi() }
            let line = lineBidi!
            try line.setLine(
                (range.lowerBound - paragraphStart)..<(range.upperBound - paragraphStart),
                of: paragraphBidi!)
            let levels = try line.levels(count: range.count)
            var logical: [BidiRun] = []
            for cluster in clusters {
                let start = Int(shaping.boundaries[cluster])
                let end = Int(shaping.boundaries[cluster + 1])
                let level = levels[start - range.lowerBound]
                if let last = logical.last, last.level == level {
                    logical[logical.count - 1].range = last.range.lowerBound..<end
                } else {
                    logical.append(BidiRun(range: start..<end, level: level))
                }
            }
            return ICU.Bidi.visualOrder(levels: logical.map(\.level)).map { logical[$0] }
        } catch {
            return baseRun
        }
    }

    /// Runs ubidi over `paragraph` unless it already has, and gives its overall direction.
    private mutating func paragraphDirection(_ paragraph: Int) throws(ICUError) -> ICU.Bidi.Direction {
        if let current, current.paragraph == paragraph { return current.direction }
        if paragraphBidi == nil { paragraphBidi = try ICU.Bidi() }
        let bidi = paragraphBidi!
        let text = shaping.storage.substorage(shaping.paragraphs[paragraph]) ?? shaping.storage
        try bidi.setParagraph(text, direction: shaping.directions[paragraph])
        current = (paragraph, bidi.direction)
        return bidi.direction
    }
}

/// A shaped text's lines (from ``TextShaping/lines(width:scale:)``, the line fitter's) as a
/// layout gives them: each line's content and trimmed ranges, rect and bidi runs.
struct LineFragmentBuilder {
    let shaping: TextShaping
    /// Each cluster's advance at text scale 1 (``TextShaping/advances(ofLines:metrics:)``).
    let advances: [Double]
    let width: Double
    let scale: Double
    let lineHeight: Double

    /// The fragments of `lines` (ranges of offsets with their hard breaks, top to bottom, each
    /// starting where the one before ends), top to bottom.
    ///
    /// - Complexity: O(n) in the text's length.
    func fragments(of lines: [Range<Int>]) -> [LineFragment] {
        var runs = RunBuilder(shaping: shaping)
        var fragments: [LineFragment] = []
        fragments.reserveCapacity(lines.count)
        var paragraph = 0
        var clusterEnd = 0
        for (index, range) in lines.enumerated() {
            let clusterStart = clusterEnd
            while clusterEnd < shaping.clusterCount, Int(shaping.boundaries[clusterEnd]) < range.upperBound {
                clusterEnd += 1
            }
            let clusters = clusterStart..<clusterEnd
            let start = range.lowerBound
            let end = range.upperBound
            while paragraph + 1 < shaping.paragraphs.count,
                shaping.paragraphs[paragraph].upperBound <= start
            {
                paragraph += 1
            }
            var total = 0.0
            for cluster in clusters { total += advances[cluster] * scale }
            var trimmedEnd = clusters.upperBound
            while trimmedEnd > clusters.lowerBound, shaping.hangs[trimmedEnd - 1] { trimmedEnd -= 1 }
            let direction = shaping.directions[paragraph]
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

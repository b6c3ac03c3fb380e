/// Carets, selection rects and hit tests, computed from a geometry's lines and cluster frames.
///
/// Positions are snapped, never trusted: a position inside a grapheme cluster stands for the
/// cluster's start, and a position outside the text gives `nil` (or no rects).
///
/// A vertical geometry (``writingMode`` `vertical-rl` or `vertical-lr`) answers turned a
/// quarter: a caret is a zero-height bar across its column, selection rects are strips down
/// the columns (``SelectionRect/isVertical``), one per column and run, and a point finds its
/// column by x and its position by y. What the documentation below says of lines and x holds
/// of columns and y.
extension TextGeometry {
    /// The number of the line holding `position` (from 0 at the top, as reading content by line
    /// number counts): the line whose range holds its offset, except that at a soft wrap an
    /// upstream position belongs to the end of the upper line. The end of the text belongs to
    /// the last line. `nil` when the offset is outside the text.
    ///
    /// - Complexity: O(log n) in the number of lines.
    public func lineNumber(for position: TextPosition) -> Int? {
        lineNumber(for: position, in: lines)
    }

    /// The number of the line whose rect holds `point`, or `nil` over empty space (beside a
    /// short line, above the first, below the last, or anywhere on an empty line).
    ///
    /// - Complexity: O(log n) in the number of lines.
    public func lineNumber(at point: Point) -> Int? {
        if writingMode.isVertical {
            let view = lineRelativeView
            return view.geometry.lineNumber(at: writingMode.lineRelative(point, blockExtent: view.blockExtent))
        }
        let lines = self.lines
        guard let index = nearestLine(toY: point.y, in: lines) else { return nil }
        return lines[index].rect.contains(point) ? index : nil
    }

    /// The rect of the caret at `position`: a zero-width rect, one line tall, at the leading
    /// edge of the cluster after the position (or at the line's end). Affinity picks the line
    /// at a soft wrap. `nil` when the position is outside the text.
    ///
    /// - Complexity: O(log n + k): finding the line, then its k clusters.
    public func caretRect(for position: TextPosition) -> Rect? {
        if writingMode.isVertical {
            let view = lineRelativeView
            return view.geometry.caretRect(for: position).map { physical($0, blockExtent: view.blockExtent) }
        }
        let lines = self.lines
        guard let index = lineNumber(for: position, in: lines) else { return nil }
        let line = lines[index]
        let clusters = clusterFrames(inLine: index)
        let x = caretX(at: snapped(position.offset, clusters), line: line, clusters: clusters)
        return Rect(x: x, y: line.rect.minY, width: 0, height: line.rect.height)
    }

    /// The rects that highlight `range`: one per line fragment and bidi run it touches, in line
    /// order and, within a line, left to right. A range whose ends fall inside clusters
    /// highlights those clusters whole. Empty for an empty range or one outside the text.
    ///
    /// - Complexity: O(k) in the clusters of the lines the range touches.
    public func selectionRects(for range: TextRange) -> [SelectionRect] {
        if writingMode.isVertical { return verticalSelectionRects(for: range) }
        let lines = self.lines
        let start = range.start.offset
        let end = range.end.offset
        guard start >= 0, end <= storage.count, start < end,
            var index = lineNumber(for: TextPosition(offset: start), in: lines)
        else { return [] }
        var rects: [SelectionRect] = []
        while index < lines.count, lines[index].range.lowerBound < end {
            let line = lines[index]
            let clusters = clusterFrames(inLine: index)
            for run in line.runs {
                var box: Rect?
                var holdsStart = false
                var holdsEnd = false
                for cluster in clusters
                where run.range.contains(cluster.range.lowerBound)
                    && cluster.range.upperBound > start && cluster.range.lowerBound < end
                {
                    box = box.map { $0.union(cluster.frame) } ?? cluster.frame
                    if cluster.range.lowerBound <= start { holdsStart = true }
                    if cluster.range.upperBound >= end { holdsEnd = true }
                }
                if let box {
                    rects.append(
                        SelectionRect(
                            rect: box, writingDirection: run.direction, containsStart: holdsStart,
                            containsEnd: holdsEnd))
                }
            }
            index += 1
        }
        return rects
    }

    /// The box of `range` on the first line it touches (the union of its selection rects
    /// there); for an empty range, the caret rect at its start. `nil` when the range is outside
    /// the text.
    public func firstRect(for range: TextRange) -> Rect? {
        guard range.start.offset >= 0, range.end.offset <= storage.count else { return nil }
        if range.isEmpty { return caretRect(for: range.start) }
        if writingMode.isVertical {
            let view = lineRelativeView
            return view.geometry.firstRect(for: range).map { physical($0, blockExtent: view.blockExtent) }
        }
        let rects = selectionRects(for: range)
        guard let first = rects.first else { return nil }
        return rects.dropFirst().reduce(first.rect) { box, next in
            next.rect.minY == first.rect.minY ? box.union(next.rect) : box
        }
    }

    /// The grapheme boundary nearest to `point`: on the line nearest to the point vertically,
    /// the position whose caret is nearest horizontally. The end of a soft-wrapped line is
    /// upstream. `nil` only when the geometry has no lines.
    ///
    /// - Complexity: O(log n + k): finding the line, then its k clusters.
    public func closestPosition(to point: Point) -> TextPosition? {
        closestPosition(to: point, in: nil)
    }

    /// The grapheme boundary in `range` nearest to `point`, as ``closestPosition(to:)`` but
    /// only among positions whose offsets lie in the range. `nil` when the range is outside the
    /// text.
    public func closestPosition(to point: Point, within range: TextRange) -> TextPosition? {
        guard range.start.offset >= 0, range.end.offset <= storage.count else { return nil }
        return closestPosition(to: point, in: range.start.offset...range.end.offset)
    }

    /// The grapheme cluster under `point`, or `nil` over empty space (between lines' ends and
    /// the edge, over hanging space past a line's clusters, or outside every line).
    ///
    /// - Complexity: O(log n + k).
    public func characterRange(at point: Point) -> TextRange? {
        if writingMode.isVertical {
            let view = lineRelativeView
            return view.geometry.characterRange(at: writingMode.lineRelative(point, blockExtent: view.blockExtent))
        }
        guard let index = lineNumber(at: point) else { return nil }
        for cluster in clusterFrames(inLine: index) where cluster.frame.contains(point) {
            return TextRange(cluster.range)
        }
        return nil
    }

    /// The base writing direction of the paragraph at `position`: backward, of the text before
    /// it; forward, of the text after it. `nil` when the position is outside the text.
    public func baseWritingDirection(
        at position: TextPosition, in direction: TextStorageDirection = .forward
    ) -> WritingDirection? {
        let lines = self.lines
        var probe = position
        if direction == .backward, position.offset > 0 {
            probe = TextPosition(offset: position.offset - 1)
        }
        guard let index = lineNumber(for: probe, in: lines) else { return nil }
        return lines[index].baseWritingDirection
    }

    // MARK: Internals shared by the queries

    func lineNumber(for position: TextPosition, in lines: [LineFragment]) -> Int? {
        let offset = position.offset
        guard offset >= 0, offset <= storage.count, !lines.isEmpty else { return nil }
        // The last line starting at or before the offset.
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) >> 1
            if lines[middle].range.lowerBound <= offset { low = middle + 1 } else { high = middle }
        }
        let index = max(low - 1, 0)
        if index > 0, position.affinity == .upstream, offset == lines[index].range.lowerBound,
            !lines[index - 1].endsWithHardBreak
        {
            return index - 1
        }
        return index
    }

    /// The line whose vertical extent holds `y`, or else the nearest one.
    func nearestLine(toY y: Double, in lines: [LineFragment]) -> Int? {
        guard !lines.isEmpty else { return nil }
        var low = 0
        var high = lines.count
        while low < high {
            let middle = (low + high) >> 1
            if lines[middle].rect.maxY <= y { low = middle + 1 } else { high = middle }
        }
        guard low < lines.count else { return lines.count - 1 }
        if low > 0, y < lines[low].rect.minY,
            y - lines[low - 1].rect.maxY < lines[low].rect.minY - y
        {
            return low - 1
        }
        return low
    }

    /// `offset`, or the start of the cluster of `clusters` that holds it inside.
    func snapped(_ offset: Int, _ clusters: [ClusterFrame]) -> Int {
        guard let cluster = cluster(holding: offset, clusters), cluster.range.lowerBound < offset
        else { return offset }
        return cluster.range.lowerBound
    }

    /// The cluster of `clusters` whose range holds `offset` (start included, end excluded).
    func cluster(holding offset: Int, _ clusters: [ClusterFrame]) -> ClusterFrame? {
        var low = 0
        var high = clusters.count
        while low < high {
            let middle = (low + high) >> 1
            if clusters[middle].range.upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        guard low < clusters.count, clusters[low].range.contains(offset) else { return nil }
        return clusters[low]
    }

    /// Where the caret at the grapheme boundary `offset` of `line` stands: the leading edge of
    /// the cluster starting there, or the line's end.
    func caretX(at offset: Int, line: LineFragment, clusters: [ClusterFrame]) -> Double {
        if let cluster = cluster(holding: offset, clusters), cluster.range.lowerBound == offset {
            return cluster.leadingX
        }
        return line.endX
    }

    private func closestPosition(to point: Point, in allowed: ClosedRange<Int>?) -> TextPosition? {
        if writingMode.isVertical {
            let view = lineRelativeView
            let turned = writingMode.lineRelative(point, blockExtent: view.blockExtent)
            guard let allowed else { return view.geometry.closestPosition(to: turned) }
            return view.geometry.closestPosition(
                to: turned,
                within: TextRange(TextPosition(offset: allowed.lowerBound), TextPosition(offset: allowed.upperBound)))
        }
        let lines = self.lines
        guard var index = nearestLine(toY: point.y, in: lines) else { return nil }
        if let allowed {
            let first = lineNumber(for: TextPosition(offset: allowed.lowerBound), in: lines) ?? 0
            let last =
                lineNumber(for: TextPosition(offset: allowed.upperBound, affinity: .upstream), in: lines)
                ?? lines.count - 1
            index = min(max(index, first), last)
        }
        let line = lines[index]
        let clusters = clusterFrames(inLine: index)
        var best: (position: TextPosition, distance: Double)?
        func consider(_ position: TextPosition, _ x: Double) {
            if let allowed, !allowed.contains(position.offset) { return }
            let distance = abs(x - point.x)
            if best == nil || distance < best!.distance { best = (position, distance) }
        }
        for cluster in clusters where cluster.range.lowerBound < line.contentRange.upperBound {
            consider(TextPosition(offset: cluster.range.lowerBound), cluster.leadingX)
        }
        let end = line.contentRange.upperBound
        let isSoftEnd = !line.endsWithHardBreak && index < lines.count - 1
        consider(
            TextPosition(offset: end, affinity: isSoftEnd ? .upstream : .downstream),
            caretX(at: end, line: line, clusters: clusters))
        return best?.position
    }
}

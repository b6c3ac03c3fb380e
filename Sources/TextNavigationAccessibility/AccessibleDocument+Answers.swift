import CAccessibilityBridge
import TextNavigation

extension AccessibleDocument {
    /// The segment of `unit` on `side` of character `offset` in `element`, in characters.
    func segment(_ element: Int, _ unit: ra_unit, _ side: ra_segment_side, _ offset: Int) -> Range<Int>? {
        guard let segments = published[element]?.segments(unit) else { return nil }
        switch side {
        case RA_SEGMENT_BEFORE: return segments.segment(before: offset)
        case RA_SEGMENT_AFTER: return segments.segment(after: offset)
        default: return segments.segment(at: offset)
        }
    }

    /// The screen of the page line `line` of `element` starts on, and the line's row on it.
    private func row(_ element: Int, line: LineFragment) -> Int? {
        let page = document.pageIndex(containing: ReadingPosition(element: element, offset: line.range.lowerBound))
        return screen(ofPage: page).row(element: element, line: line.index)
    }

    /// The pixels of cluster frames: cells for laid-out text, the image's pixels for a
    /// scanned page's columns.
    private func horizontalScale(_ element: any NavigableElement) -> Double {
        element is ScannedPage ? 1 : Double(cellWidth)
    }

    /// The extents of characters `range` of `element` on its page's screen: the union of its
    /// clusters' frames, each in its line's row.
    func extents(_ element: Int, _ range: Range<Int>) -> ra_rect? {
        guard let published = published[element] else { return nil }
        let map = published.characters
        let utf16 = map.utf16Offset(range.lowerBound)..<map.utf16Offset(range.upperBound)
        guard !utf16.isEmpty else { return nil }
        let geometry = published.element.geometry
        let scale = horizontalScale(published.element)
        var union: (minX: Double, minY: Int, maxX: Double, maxY: Int)?
        for line in geometry.lines where line.range.overlaps(utf16) {
            guard let row = row(element, line: line) else { continue }
            for cluster in geometry.clusterFrames(inLine: line.index) where cluster.range.overlaps(utf16) {
                let minX = cluster.frame.minX * scale
                let maxX = cluster.frame.maxX * scale
                let top = row * cellHeight
                union =
                    union.map {
                        (min($0.minX, minX), min($0.minY, top), max($0.maxX, maxX), max($0.maxY, top + cellHeight))
                    }
                    ?? (minX, top, maxX, top + cellHeight)
            }
        }
        guard let union else { return nil }
        return ra_rect(
            x: Int32(union.minX.rounded(.down)), y: Int32(union.minY),
            width: Int32((union.maxX - union.minX).rounded(.up)), height: Int32(union.maxY - union.minY))
    }

    /// The extents of `element`: the rows it takes on its page's screen, the screen's width.
    func extents(ofElement element: Int) -> ra_rect? {
        guard let published = published[element], let first = published.element.geometry.lines.first else { return nil }
        let page = document.pageIndex(containing: ReadingPosition(element: element, offset: first.range.lowerBound))
        let rows = screen(ofPage: page).rows(of: element)
        guard let top = rows.first, let bottom = rows.last else { return nil }
        return ra_rect(
            x: 0, y: Int32(top * cellHeight), width: Int32(screenWidth), height: Int32((bottom - top + 1) * cellHeight))
    }

    /// The character of `element` at a point, or `nil` when the point is not on one of its
    /// lines: on the shown page's screen when the element is on it, else on the screen of the
    /// page the element starts on (where its extents are).
    func offset(_ element: Int, atX x: Int, y: Int) -> Int? {
        guard let published = published[element], x >= 0, y >= 0 else { return nil }
        var screen = screen(ofPage: shownPage)
        if screen.rows(of: element).isEmpty {
            screen = self.screen(ofPage: document.pageIndex(containing: ReadingPosition(element: element, offset: 0)))
        }
        let rowIndex = y / cellHeight
        guard rowIndex < screen.rows.count, screen.rows[rowIndex].element == element else { return nil }
        let geometry = published.element.geometry
        let scale = horizontalScale(published.element)
        let column = Double(x) / scale
        let clusters = geometry.clusterFrames(inLine: screen.rows[rowIndex].line)
        guard let cluster = clusters.first(where: { column >= $0.frame.minX && column < $0.frame.maxX }) else {
            return nil
        }
        return published.characters.scalarOffset(cluster.range.lowerBound)
    }
}

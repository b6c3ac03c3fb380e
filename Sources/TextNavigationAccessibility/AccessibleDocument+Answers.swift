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

    /// The union of `rects` (``Rect/union(_:)``), rounded out to whole pixels.
    private func union(_ rects: [Rect]) -> ra_rect? {
        guard let first = rects.first else { return nil }
        let union = rects.dropFirst().reduce(first) { $0.union($1) }
        let x = union.minX.rounded(.down)
        let y = union.minY.rounded(.down)
        return ra_rect(
            x: Int32(x), y: Int32(y), width: Int32((union.maxX - x).rounded(.up)),
            height: Int32((union.maxY - y).rounded(.up)))
    }

    /// The extents of characters `range` of `element`: the union of its clusters' frames, each
    /// in its line's row of its page's screen; a scanned page's in the scan's own pixels (the
    /// scan drawn at the screen's origin).
    func extents(_ element: Int, _ range: Range<Int>) -> ra_rect? {
        guard let published = published[element] else { return nil }
        let map = published.characters
        let utf16 = map.utf16Offset(range.lowerBound)..<map.utf16Offset(range.upperBound)
        guard !utf16.isEmpty else { return nil }
        let geometry = published.element.geometry
        let isScan = published.element is ScannedPage
        var rects: [Rect] = []
        for line in geometry.lines where line.range.overlaps(utf16) {
            let row = isScan ? nil : row(element, line: line)
            guard isScan || row != nil else { continue }
            let top = Double((row ?? 0) * cellHeight)
            for cluster in geometry.clusterFrames(inLine: line.index) where cluster.range.overlaps(utf16) {
                let frame = cluster.frame
                rects.append(
                    isScan
                        ? frame
                        : Rect(
                            x: frame.minX * Double(cellWidth), y: top, width: frame.size.width * Double(cellWidth),
                            height: Double(cellHeight)))
            }
        }
        return union(rects)
    }

    /// The extents of `element`: the rows it takes on its page's screen, the screen's width.
    func extents(ofElement element: Int) -> ra_rect? {
        guard let published = published[element], let first = published.element.geometry.lines.first else { return nil }
        if published.element is ScannedPage { return union(published.element.geometry.lines.map(\.rect)) }
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
        let geometry = published.element.geometry
        var point = Point(x: Double(x), y: Double(y))
        if !(published.element is ScannedPage) {
            var screen = screen(ofPage: shownPage)
            if screen.rows(of: element).isEmpty {
                screen = self.screen(
                    ofPage: document.pageIndex(containing: ReadingPosition(element: element, offset: 0)))
            }
            let rowIndex = y / cellHeight
            guard rowIndex < screen.rows.count, screen.rows[rowIndex].element == element,
                let line = geometry.line(at: screen.rows[rowIndex].line)
            else { return nil }
            // The point in the element's own cells: its column, on the row's line.
            point = Point(x: Double(x) / Double(cellWidth), y: line.rect.midY)
        }
        return geometry.characterRange(at: point).map { published.characters.scalarOffset($0.start.offset) }
    }
}

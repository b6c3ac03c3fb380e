import TextNavigation

/// One page of the document placed in terminal cells: the rows the page's lines take, each
/// cluster at the cell the library's layout gives it.
///
/// Built from each element's ``TextLayout`` at the document's width: lines come from ICU's line
/// breaking, cells from ``CellMetrics`` (East Asian wide characters and emoji take two cells),
/// and cluster frames are in visual order, so right-to-left runs read right to left on screen.
/// A grapheme cluster is one ``Cell`` and is never split. As pagination does, a blank row
/// separates paragraphs on a page.
struct PageView {
    /// One grapheme cluster placed on screen.
    struct Cell {
        /// The first column (from the page's left edge).
        let column: Int
        /// How many columns it takes (0 for controls and hard breaks, which are not drawn).
        let width: Int
        let element: Int
        /// The cluster's UTF-16 range in the element.
        let range: Range<Int>
        let text: String
    }

    /// The page's rows, top to bottom; each row's cells in visual order, left to right.
    let rows: [[Cell]]

    /// Lays out page `pageIndex` of `document` at the document's current layout.
    init(document: Document, pageIndex: Int) {
        var rows: [[Cell]] = []
        guard let page = document.page(at: pageIndex) else {
            self.rows = []
            return
        }
        for (index, part) in page.elements.enumerated() {
            if index > 0 { rows.append([]) }
            let element = part.element
            // The terminal shows vertical text as horizontal lines: those before they are turned.
            let layout = (element as? TextElement)?.makeTextInput().layout ?? element.geometry
            let lines = layout.lines
            for line in lines {
                // Lines of this element on this page; empty lines only where the element has no
                // other (pagination counts lines the same way).
                let isOnlyLine = lines.count == 1
                guard isOnlyLine || !line.contentRange.isEmpty else { continue }
                guard line.range.lowerBound >= part.range.lowerBound || isOnlyLine else { continue }
                guard line.range.lowerBound < part.range.upperBound || (isOnlyLine && part.range.isEmpty) else {
                    continue
                }
                let frames = layout.clusterFrames(inLine: line.index)
                rows.append(
                    frames.map { frame in
                        Cell(
                            column: Int(frame.frame.minX.rounded()), width: Int(frame.frame.width.rounded()),
                            element: part.elementIndex, range: frame.range,
                            text: element.text.string(in: frame.range) ?? "")
                    })
            }
        }
        self.rows = rows
    }

    /// The row and column of the cluster holding `offset` in `element` (the first cell of a
    /// unit starting there), or of the nearest cluster after it on the page; `nil` when the
    /// page does not show it.
    func place(ofElement element: Int, offset: Int) -> (row: Int, column: Int)? {
        var best: (row: Int, column: Int, start: Int)?
        for (rowIndex, row) in rows.enumerated() {
            for cell in row where cell.element == element {
                if cell.range.contains(offset) || (cell.range.isEmpty && cell.range.lowerBound == offset) {
                    return (rowIndex, cell.column)
                }
                if cell.range.lowerBound > offset, cell.width > 0, best == nil || cell.range.lowerBound < best!.start {
                    best = (rowIndex, cell.column, cell.range.lowerBound)
                }
            }
        }
        return best.map { ($0.row, $0.column) }
    }
}

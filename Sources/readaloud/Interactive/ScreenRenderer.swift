import TextNavigation

/// Draws the reader on the terminal: the page, the current unit in reverse video, the
/// selection underlined, the status line last, an overlay (help, a list) when one is open,
/// and the terminal's cursor on the first cell of the current unit (or on the overlay's
/// chosen row), so screen readers and magnifiers follow it.
struct ScreenRenderer {
    /// A box over the page: a title and rows, one of them chosen.
    struct Overlay {
        var title: String
        var rows: [String]
        var chosen: Int?
    }

    /// Everything one frame shows.
    struct Frame {
        var page: PageView
        /// The current unit: its element and range.
        var highlight: (element: Int, range: Range<Int>)?
        var selection: [(element: Int, range: Range<Int>)]
        var status: String
        var overlay: Overlay?
        /// A prompt being answered in the status line ("Find: fox"): the cursor goes after it.
        var prompt: String?
        var highContrast: Bool
    }

    /// Columns left blank on each side of the text.
    static let margin = 2

    let terminal: Terminal

    func draw(_ frame: Frame) {
        let size = terminal.size
        guard size.rows > 0, size.columns > 0 else { return }
        terminal.erase()
        let base: Terminal.Style = frame.highContrast ? [.bold, .highContrast] : []
        let textRows = max(0, size.rows - 1)
        var cursor: (row: Int, column: Int)?
        for (rowIndex, row) in frame.page.rows.prefix(textRows).enumerated() {
            for cell in row where cell.width > 0 {
                let column = Self.margin + cell.column
                guard column + cell.width <= size.columns else { continue }
                var style = base
                if let highlight = frame.highlight, highlight.element == cell.element,
                    highlight.range.overlaps(cell.range)
                {
                    style.insert(.reverse)
                    if cell.range.contains(highlight.range.lowerBound) { cursor = (rowIndex, column) }
                }
                if frame.selection.contains(where: { $0.element == cell.element && $0.range.overlaps(cell.range) }) {
                    style.insert(.underline)
                    if !frame.highContrast { style.insert(.bold) }
                }
                terminal.draw(cell.text, row: rowIndex, column: column, style: style)
            }
        }
        if cursor == nil, let highlight = frame.highlight,
            let place = frame.page.place(ofElement: highlight.element, offset: highlight.range.lowerBound)
        {
            cursor = (place.row, Self.margin + place.column)
        }
        let statusRow = size.rows - 1
        let status = frame.prompt ?? frame.status
        terminal.draw(Self.fitted(status, to: size.columns), row: statusRow, column: 0, style: base.union(.reverse))
        if let prompt = frame.prompt {
            cursor = (statusRow, min(size.columns - 1, Self.cellWidth(of: prompt)))
        }
        if let overlay = frame.overlay {
            cursor = drawOverlay(overlay, size: size, style: base)
        }
        let place = cursor ?? (0, Self.margin)
        terminal.moveCursor(row: place.row, column: place.column)
        terminal.refresh()
    }

    /// Draws a box over the page; returns where the cursor goes (the chosen row).
    private func drawOverlay(_ overlay: Overlay, size: Terminal.Size, style: Terminal.Style) -> (
        row: Int, column: Int
    ) {
        let width = max(1, size.columns - 2 * Self.margin)
        let available = max(1, size.rows - 3)
        let rows = overlay.rows.isEmpty ? ["(nothing)"] : overlay.rows
        let chosen = overlay.chosen ?? 0
        let first = max(0, min(chosen - available + 1, rows.count - available))
        let shown = Array(rows.dropFirst(first).prefix(available))
        let blank = String(repeating: " ", count: width)
        terminal.draw(blank, row: 0, column: Self.margin, style: style.union(.reverse))
        terminal.draw(Self.fitted(overlay.title, to: width), row: 0, column: Self.margin, style: style.union(.reverse))
        var cursor = (row: 0, column: Self.margin)
        for (offset, text) in shown.enumerated() {
            let row = offset + 1
            let isChosen = overlay.chosen != nil && first + offset == chosen && !overlay.rows.isEmpty
            let line = (isChosen ? "> " : "  ") + text
            terminal.draw(blank, row: row, column: Self.margin, style: style)
            terminal.draw(
                Self.fitted(line, to: width), row: row, column: Self.margin, style: isChosen ? [.reverse] : style)
            if isChosen { cursor = (row, Self.margin + 2) }
        }
        return cursor
    }

    /// `text` cut to `columns` cells (whole characters) and padded with spaces to fill them.
    static func fitted(_ text: String, to columns: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let width = cellWidth(of: String(character))
            if used + width > columns { break }
            result.append(character)
            used += width
        }
        return result + String(repeating: " ", count: max(0, columns - used))
    }

    /// The cells `text` takes, by the library's cell model (``CellMetrics``), a character at a
    /// time.
    static func cellWidth(of text: String) -> Int {
        let metrics = CellMetrics()
        return text.reduce(0) { total, character in
            let storage = TextStorage(String(character))
            return total + Int(metrics.advance(of: 0..<storage.count, in: storage))
        }
    }
}

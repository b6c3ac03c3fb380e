import TextNavigation

extension InteractiveReader {
    // MARK: Layout and drawing

    /// Lays the document out for the terminal's size, the text size and the margin; the page
    /// shown is then the one holding the cursor, so the current unit stays in view.
    func applyLayout() {
        let size = terminal.size
        let available = max(4, size.columns - 2 * ScreenRenderer.margin)
        let width = max(1, Int(Double(available) / Self.textScales[textScaleIndex]))
        let layout = PageLayout(width: Double(width), linesPerPage: max(1, size.rows - 1))
        if document.layout != layout { document.relayout(layout) }
        pageCache = nil
    }

    private func pageView() -> PageView {
        let index = cursor.pageIndex
        if let cache = pageCache, cache.index == index, cache.layout == document.layout { return cache.view }
        let view = PageView(document: document, pageIndex: index)
        pageCache = (index, document.layout, view)
        return view
    }

    func draw() {
        let page = document.page(containing: cursor.position)
        // How far through the book the cursor is, in whole percent (never 100 before the end).
        let percent = Int(document.positionList.progression(at: cursor.position) * 100)
        var status = "\(page.announcement)  \(unit.rawValue)  \(percent)%  \(settings.title)"
        if let player {
            status += player.isPaused ? "  (paused)" : player.isSpeaking ? "  (speaking)" : "  (reading)"
        }
        if !sink.text.isEmpty { status += "  — " + sink.text }
        var highlight = cursor.highlightedRange(for: unit)
        if let (utterance, word) = player?.highlighted {
            // The word being spoken, else the utterance.
            highlight = (utterance.element, word ?? utterance.range)
        }
        var frame = ScreenRenderer.Frame(
            page: pageView(), highlight: highlight, selection: selection.selection?.parts(in: document) ?? [],
            status: status, overlay: nil, prompt: nil, highContrast: highContrast)
        switch mode {
        case .reading:
            break
        case .help(let first):
            frame.overlay = ScreenRenderer.Overlay(
                title: "Keys (↓ ↑ scroll, any other key closes this list)",
                rows: Array(KeyMap.helpLines.dropFirst(first)),
                chosen: nil)
        case .actions(let list, _):
            frame.overlay = ScreenRenderer.Overlay(
                title: "\(list.title): \(list.query)", rows: list.rows, chosen: list.chosen)
        case .saved(let list):
            frame.overlay = ScreenRenderer.Overlay(
                title: "\(list.title): \(list.query)", rows: list.rows, chosen: list.chosen)
        case .prompt(let prompt):
            frame.prompt = prompt.label + prompt.text
        }
        ScreenRenderer(terminal: terminal).draw(frame)
    }
}

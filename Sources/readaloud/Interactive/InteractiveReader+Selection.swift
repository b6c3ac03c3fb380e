import TextNavigation

extension InteractiveReader {
    // MARK: Selection and lists

    /// Moves the selection's focus one unit of the rotor's granularity forward (Shift-→) or
    /// backward (Shift-←), with the engine's semantics in both directions: a selection whose
    /// focus lies that way from its anchor is extended, one whose focus lies the other way is
    /// shrunk toward its anchor. From a caret (nothing, or nothing but a caret, selected),
    /// forward selects the unit at the cursor, backward selects from the cursor back to the
    /// start of the unit before it.
    func moveSelectionFocus(forward: Bool) {
        let granularity = unit.textGranularity
        if let current = selection.selection, !current.isEmpty {
            let changed =
                current.isBackward(in: document) == !forward
                ? selection.extend(by: granularity) : selection.shrink(by: granularity)
            guard changed else {
                announce("Nothing more to select")
                return
            }
        } else if forward {
            if !selection.select(granularity, at: cursor.position) {
                guard let range = cursor.highlightedRange(for: unit) else { return }
                selection.select(
                    from: ReadingPosition(element: range.element, offset: range.range.lowerBound),
                    to: ReadingPosition(element: range.element, offset: range.range.upperBound))
            }
        } else {
            var before = cursor
            guard before.move(forward: false, by: granularity) else {
                announce("Nothing more to select")
                return
            }
            selection.select(from: cursor.position, to: before.position)
        }
        announceSelection()
    }

    private func announceSelection() {
        let text = CommonOptions.oneLine(selection.selectedText)
        guard !text.isEmpty else {
            announce("Nothing selected")
            return
        }
        announce("Selected: " + (text.count > 60 ? text.prefix(60) + "…" : text))
    }

    func openActions() {
        var madeSelection = false
        if selection.selection?.isEmpty ?? true, let range = cursor.highlightedRange(for: unit) {
            madeSelection = selection.select(
                from: ReadingPosition(element: range.element, offset: range.range.lowerBound),
                to: ReadingPosition(element: range.element, offset: range.range.upperBound))
        }
        mode = .actions(
            ActionsList.make(selection: selection, element: cursor.position.element), madeSelection: madeSelection)
    }

    func openSavedSelections() {
        guard let store = settings.store else {
            announce("Saved selections are unavailable: \(settings.storeProblem ?? "no store")")
            return
        }
        do {
            mode = .saved(SavedSelectionsList.make(try store.selections(forBook: settings.book)))
        } catch {
            announce("Saved selections are unavailable: \(error)")
        }
    }

    func jump(to saved: SavedSelection) {
        guard let range = SavedSelectionsList.range(of: saved, in: document) else {
            announce("That selection is no longer in this book")
            return
        }
        let before = cursor.position
        let page = cursor.pageIndex
        cursor.move(to: range.start)
        if range.end > range.start { selection.select(from: range.start, to: range.end) }
        announceArrival(from: before, page: page)
        announce("Saved selection: " + CommonOptions.oneLine(saved.text).prefix(50))
    }
}

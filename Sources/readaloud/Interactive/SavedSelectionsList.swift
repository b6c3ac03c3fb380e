import TextNavigation

/// The saved selections list (`s`): this book's saved selections, oldest first, found by their
/// text or note as the user types; Enter jumps to one.
enum SavedSelectionsList {
    /// The list of `selections`.
    static func make(_ selections: [SavedSelection]) -> ChoiceList<SavedSelection> {
        ChoiceList(
            title: "Saved selections (type to find, Enter jumps, Esc closes)", items: selections,
            name: { selection in
                let page = selection.pageHint.map { "p. \($0)  " } ?? ""
                let note = selection.note.map { "  (\($0))" } ?? ""
                return page + CommonOptions.oneLine(selection.text) + note
            },
            matches: { selection, query in
                selection.text.lowercased().contains(query) || (selection.note?.lowercased().contains(query) ?? false)
            })
    }

    /// Where `selection` is in `document` now: its stored place when the text there still
    /// matches, else the nearest match of its text and context (as a ``Locator`` resolves);
    /// `nil` when it cannot be found.
    static func range(of selection: SavedSelection, in document: Document) -> (
        start: ReadingPosition, end: ReadingPosition
    )? {
        let locator = Locator(
            position: ReadingPosition(element: selection.elementIndex, offset: selection.utf16Range.lowerBound),
            page: selection.pageHint, textBefore: selection.contextBefore,
            textAfter: selection.text + selection.contextAfter)
        guard let start = try? locator.resolve(in: document) else { return nil }
        let end = ReadingPosition(element: start.element, offset: start.offset + selection.utf16Range.count)
        return document.contains(end) ? (start, end) : (start, start)
    }
}

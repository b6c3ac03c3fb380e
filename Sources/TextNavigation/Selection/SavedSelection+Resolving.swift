extension SavedSelection {
    /// The selection this record names in `document`, found again after the book changed: its
    /// start by the text before it and its first characters, its end by the selected text
    /// following the start unchanged, or else by its last characters and the text after it,
    /// each as a ``Locator`` finds its place (the stored place when the text around it still
    /// matches, otherwise the nearest match of the context, the end's searched from where the
    /// start was found).
    ///
    /// - Returns: the selection from the start to the end, or `nil` when either is not found
    ///   or the end does not come after the start.
    public func resolve(in document: Document) -> DocumentSelection? {
        let start = Locator(
            position: ReadingPosition(element: elementIndex, offset: utf16Range.lowerBound), page: pageHint,
            textBefore: contextBefore, textAfter: Self.leading(text[...]))
        guard let from = try? start.resolve(in: document) else { return nil }
        let after = ReadingPosition(element: from.element, offset: from.offset + utf16Range.count)
        // Most often the selected text is unchanged, whatever changed after it.
        if !text.isEmpty, document.elements[from.element].text.string(in: from.offset..<after.offset) == text {
            return DocumentSelection(anchor: from, focus: after)
        }
        let end = Locator(
            position: after, page: pageHint, textBefore: Self.trailing(text[...]), textAfter: contextAfter)
        guard let to = try? end.resolve(in: document), from < to else { return nil }
        return DocumentSelection(anchor: from, focus: to)
    }

    /// The selection that the records of one save make in `document`: from the earliest start
    /// to the latest end of the records found (the parts of a selection across elements share
    /// a ``groupID``; see ``resolve(in:)``).
    ///
    /// - Returns: `nil` when none of `records` is found.
    public static func resolve(_ records: some Sequence<SavedSelection>, in document: Document) -> DocumentSelection? {
        let found = records.compactMap { $0.resolve(in: document) }
        guard let start = found.map(\.start).min(), let end = found.map(\.end).max() else { return nil }
        return DocumentSelection(anchor: start, focus: end)
    }
}

import Foundation

extension SavedSelection {
    /// The selection `annotation` targets in `document` (``WebAnnotation/resolve(in:)``), to
    /// save for `book`: its note, its creation date (now when it has none), and its id when
    /// it is a `urn:uuid:` (so that importing it again updates it rather than adding a copy).
    /// Its granularity is ``TextGranularity/character``: the annotation's range as it is.
    ///
    /// - Throws: ``LocatorError/notFound`` when the annotation places nothing in `document`.
    public init(annotation: WebAnnotation, book: BookIdentity, in document: Document) throws(LocatorError) {
        let (element, range) = try annotation.resolve(in: document)
        let id = annotation.id.flatMap { $0.hasPrefix("urn:uuid:") ? UUID(uuidString: String($0.dropFirst(9))) : nil }
        guard
            let selection = SavedSelection(
                id: id ?? UUID(), book: book, elementIndex: element, elementText: document.elements[element].string,
                utf16Range: range, granularity: .character,
                pageHint: document.pageIndex(containing: ReadingPosition(element: element, offset: range.lowerBound))
                    + 1,
                createdAt: annotation.created ?? Date(), note: annotation.note)
        else { throw .notFound }
        self = selection
    }
}

extension ReadiumLocator {
    /// The Readium locator of `selection` as it is found in `document` now: its start, with its
    /// text as the highlight; `nil` when it is not found there.
    public init?(selection: SavedSelection, in document: Document, resource: String) {
        guard let found = selection.resolve(in: document) else { return nil }
        let highlight =
            found.start.element == found.end.element
            ? found.start.offset..<found.end.offset
            : found.start.offset..<document.elements[found.start.element].text.count
        self.init(position: found.start, in: document, highlighting: highlight, resource: resource)
    }
}

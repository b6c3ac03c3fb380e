extension Document {
    /// The index of `element` in the document, by identity (`===`), or `nil` when the document
    /// does not hold it (for an element given twice, its first index).
    ///
    /// What an element's ``NavigableElement/nextTextNavigationElement`` leads to becomes a
    /// ``ReadingPosition`` this way.
    ///
    /// - Complexity: O(1): for a document made with elements, a dictionary look-up (the
    ///   dictionary is built when the document is made); for a book's, the element knows its
    ///   index, and no element is made.
    public func index(of element: any NavigableElement) -> Int? {
        elements.index(of: element)
    }

    /// Links `elements` where no link is set: an element whose next (previous) element is `nil`
    /// gets the one after (before) it; a link the backend set stays. An element without
    /// ``NavigableElement/links`` (one that finds its neighbours its own way) is left as it is.
    static func linkWhereUnset(_ elements: [any NavigableElement]) {
        for (index, element) in elements.enumerated() {
            let next = element.nextTextNavigationElement
            let previous = element.previousTextNavigationElement
            guard next == nil || previous == nil, let links = element.links else { continue }
            links.set(
                next: next ?? (index + 1 < elements.count ? elements[index + 1] : nil),
                previous: previous ?? (index > 0 ? elements[index - 1] : nil))
        }
    }
}

extension Navigator {
    /// Leaves the innermost structure the cursor is in whose kind is escapable (a table, a
    /// list, a note, a quotation, a sidebar or a figure, see ``ContentKind/isEscapable``): the
    /// cursor moves to the start of the first element after it in reading order, or, when the
    /// structure runs to the end of the document, to the document's end.
    ///
    /// - Returns: the structure left, or `nil` (staying put) when the cursor is in none.
    /// - Complexity: O(number of elements in the structure).
    @discardableResult
    public mutating func escape() -> ContentStructure? {
        guard !document.elements.isEmpty else { return nil }
        let structures = document.elements[position.element].markup.structures
        guard let structure = structures.last(where: \.kind.isEscapable) else { return nil }
        var walk = ReadingOrderWalk(document: document, from: position.element, .forward)
        var last = position.element
        while let next = walk.step() {
            if !document.elements[next].markup.structures.contains(structure) {
                move(to: ReadingPosition(element: next, offset: 0))
                return structure
            }
            last = next
        }
        move(to: ReadingPosition(element: last, offset: document.elements.textLength(at: last)))
        return structure
    }
}

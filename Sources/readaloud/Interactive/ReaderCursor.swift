import TextNavigation

/// Where the reader is in the document and how it moves: by the rotor's unit (across elements
/// and pages), by line, to a line's ends, by heading and by page.
///
/// Moves use the library's ``Navigator`` and tokenizers; the page shown is always the one
/// holding ``position``, so a move past a page's last unit turns the page.
struct ReaderCursor {
    let document: Document
    private(set) var position: ReadingPosition

    init(document: Document, position: ReadingPosition) {
        self.document = document
        var navigator = Navigator(document: document)
        navigator.move(to: position)
        self.position = navigator.position
    }

    /// The index of the page shown.
    var pageIndex: Int { document.pageIndex(containing: position) }

    /// Goes to `position` (clamped into the document).
    mutating func move(to position: ReadingPosition) {
        var navigator = Navigator(document: document, position: self.position)
        navigator.move(to: position)
        self.position = navigator.position
    }

    /// Moves to the next (previous) unit; `false` at the edge of the document, not moving.
    mutating func move(forward: Bool, by unit: RotorUnit) -> Bool {
        switch unit {
        case .heading: return moveToHeading(forward: forward)
        case .page: return moveToPage(pageIndex + (forward ? 1 : -1))
        default: return move(forward: forward, by: unit.textGranularity)
        }
    }

    /// Moves to the next (previous) unit of `granularity`; `false` at the edge.
    mutating func move(forward: Bool, by granularity: TextGranularity) -> Bool {
        var navigator = Navigator(document: document, position: position)
        guard navigator.move(forward ? .forward : .backward, by: granularity) != nil else { return false }
        position = navigator.position
        return true
    }

    /// Goes to the start of page `index`; `false` when there is no such page.
    mutating func moveToPage(_ index: Int) -> Bool {
        guard let page = document.page(at: index) else { return false }
        position = page.start
        return true
    }

    /// Goes to the next (previous) heading element; `false` when there is none.
    private mutating func moveToHeading(forward: Bool) -> Bool {
        let elements = document.elements
        var index = position.element
        while true {
            index += forward ? 1 : -1
            guard index >= 0, index < elements.count else { return false }
            if elements[index].traits.contains(.heading) {
                position = ReadingPosition(element: index, offset: 0)
                return true
            }
        }
    }

    /// Goes to the start of the line holding the position (`true` when it moved).
    mutating func moveToLineStart() -> Bool {
        guard let line = currentLine() else { return false }
        return moveWithinElement(to: line.contentRange.lowerBound)
    }

    /// Goes to the last character of the line holding the position, white space left out.
    mutating func moveToLineEnd() -> Bool {
        guard let line = currentLine() else { return false }
        let tokenizer = document.elements[position.element].stringTokenizer
        let end = TextPosition(offset: line.trimmedRange.upperBound)
        guard line.trimmedRange.upperBound > line.trimmedRange.lowerBound,
            let last = tokenizer.position(from: end, toBoundary: .character, inDirection: .backward)
        else { return false }
        return moveWithinElement(to: last.offset)
    }

    /// The range to highlight for `unit`: the unit holding the position, else the character
    /// there; `nil` only at the very end of an element with nothing after it.
    func highlightedRange(for unit: RotorUnit) -> (element: Int, range: Range<Int>)? {
        guard document.contains(position) else { return nil }
        let element = document.elements[position.element]
        if unit == .heading { return (position.element, 0..<element.text.count) }
        let navigator = Navigator(document: document, position: position)
        if let found = navigator.currentUnit(unit.textGranularity), !found.range.isEmpty {
            return (found.element, found.range)
        }
        let tokenizer = element.stringTokenizer
        if let character = tokenizer.rangeEnclosingPosition(
            position.textPosition, with: .character, inDirection: .forward)
        {
            return (position.element, character.offsets)
        }
        return nil
    }

    private mutating func moveWithinElement(to offset: Int) -> Bool {
        guard offset != position.offset else { return false }
        position = ReadingPosition(element: position.element, offset: offset)
        return true
    }

    /// The laid-out line holding the position.
    private func currentLine() -> LineFragment? {
        guard document.contains(position) else { return nil }
        let layout = document.elements[position.element].geometry
        guard let index = layout.lineNumber(for: position.textPosition) else { return nil }
        return layout.line(at: index)
    }
}

/// A cursor over a document's linked elements that moves by character, word, sentence, line
/// or paragraph, crossing element edges with no gap and no repeat (NVDA's `TextInfo.move`,
/// VoiceOver's rotor).
///
/// Moving forward goes to the start of the next unit; backward to the start of the previous
/// one. "Next line" at the end of one paragraph lands on the first line of the next. At the end
/// (start) of the document a move returns `nil` and the position stays: the caller plays its
/// edge sound; nothing wraps or repeats.
///
/// Elements follow one another in the document's reading order: from an element a move goes on
/// to its ``NavigableElement/nextTextNavigationElement`` (backward, its previous one), not to
/// the next index (see ``Document``). A link that is `nil` or leads outside the document is the
/// edge; a move passing over elements with no unit ends where the links would come back to an
/// element it passed (a cycle), so no move loops.
///
/// Not `Sendable`: a navigator is one reader's cursor. Make one per task; they may share the
/// document.
public struct Navigator {
    public let document: Document
    /// Where the cursor is.
    public private(set) var position: ReadingPosition
    public var boundaryBehavior: BoundaryBehavior

    /// A navigator at `position` (the document's start by default); a position outside the
    /// document is clamped into it.
    public init(
        document: Document, position: ReadingPosition? = nil, boundaryBehavior: BoundaryBehavior = .crossElements
    ) {
        self.document = document
        self.boundaryBehavior = boundaryBehavior
        self.position = document.startPosition
        if let position { self.position = Self.clamped(position, in: document) }
    }

    /// Moves the cursor to `position` (clamped into the document).
    public mutating func move(to position: ReadingPosition) {
        self.position = Self.clamped(position, in: document)
    }

    private static func clamped(_ position: ReadingPosition, in document: Document) -> ReadingPosition {
        guard !document.elements.isEmpty else { return ReadingPosition(element: 0, offset: 0) }
        let element = min(max(0, position.element), document.elements.count - 1)
        let offset = min(max(0, position.offset), document.elements[element].text.count)
        return ReadingPosition(element: element, offset: offset, affinity: position.affinity)
    }

    /// The unit of `granularity` that starts at or holds the cursor, without moving.
    public func currentUnit(_ granularity: TextGranularity) -> NavigationUnit? {
        guard !document.elements.isEmpty else { return nil }
        let elementUnits = units(granularity, in: position.element)
        let index = elementUnits.firstIndex(endingAfter: position.offset)
        guard index < elementUnits.count, elementUnits[index].lowerBound <= position.offset else { return nil }
        return unit(elementUnits[index], element: position.element, granularity)
    }

    /// Moves to the next (previous) unit of `granularity` and returns it, or returns `nil` at
    /// the edge without moving.
    public mutating func move(_ direction: TextStorageDirection, by granularity: TextGranularity) -> NavigationUnit? {
        guard !document.elements.isEmpty else { return nil }
        var element = position.element
        var found =
            direction == .forward
            ? firstUnit(in: element, startingAfter: position.offset, granularity)
            : lastUnit(in: element, startingBefore: position.offset, granularity)
        if found == nil, boundaryBehavior != .stopAtElementEdge {
            var walk = ReadingOrderWalk(document: document, from: element, direction)
            while found == nil, let next = walk.step() {
                element = next
                let elementUnits = units(granularity, in: element)
                if elementUnits.count > 0 { found = elementUnits[direction == .forward ? 0 : elementUnits.count - 1] }
            }
        }
        if let found {
            position = ReadingPosition(element: element, offset: found.lowerBound)
            return unit(found, element: element, granularity)
        }
        // No unit left: the edge behaviours move to the edge once.
        let edge: ReadingPosition
        switch boundaryBehavior {
        case .crossElements:
            return nil
        case .stopAtElementEdge:
            let length = document.elements[position.element].text.count
            edge = ReadingPosition(element: position.element, offset: direction == .forward ? length : 0)
        case .stopAtDocumentEdge:
            // The last element the links lead to (the document's last or first, in order).
            edge = ReadingPosition(
                element: element, offset: direction == .forward ? document.elements[element].text.count : 0)
        }
        guard edge.element != position.element || edge.offset != position.offset else { return nil }
        position = edge
        return NavigationUnit(
            element: edge.element, range: edge.offset..<edge.offset, text: "", granularity: granularity)
    }

    private func units(_ granularity: TextGranularity, in element: Int) -> TextUnits {
        document.elements[element].stringTokenizer.units(for: granularity)
    }

    private func firstUnit(in element: Int, startingAfter offset: Int, _ granularity: TextGranularity) -> Range<Int>? {
        let elementUnits = units(granularity, in: element)
        return elementUnits.firstIndex(startingAfter: offset).map { elementUnits[$0] }
    }

    private func lastUnit(in element: Int, startingBefore offset: Int, _ granularity: TextGranularity) -> Range<Int>? {
        let elementUnits = units(granularity, in: element)
        var index = elementUnits.firstIndex(endingAfter: offset)
        if index < elementUnits.count, elementUnits[index].lowerBound < offset {
            // The cursor is inside this unit: its start is the previous unit start.
            return elementUnits[index]
        }
        index -= 1
        return index >= 0 ? elementUnits[index] : nil
    }

    private func unit(_ range: Range<Int>, element: Int, _ granularity: TextGranularity) -> NavigationUnit {
        NavigationUnit(
            element: element, range: range, text: document.elements[element].text.string(in: range) ?? "",
            granularity: granularity)
    }
}

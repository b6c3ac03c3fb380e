/// One page's geometry in one coordinate space: each element on the page placed at an origin,
/// and the text protocol's geometry queries (carets, selection rects, first rects, hit tests)
/// answered in page coordinates across the page's elements.
///
/// An element's own geometry (``NavigableElement/geometry``) is in its own coordinates; on the
/// page, its rects are moved by its ``PlacedElement/origin``. Elements are stacked from the top
/// as pagination counts them: each one's first line on the page right below the previous
/// element's last, a blank line of the previous element's line height between them, at x = 0,
/// unless the element says where it stands (``NavigableElement/pageOrigin``, a scan whose line
/// rects are in the page image's pixels). On a page of vertical text (its first element's
/// ``TextGeometry/writingMode``), elements are stacked column after column instead: leftwards
/// for `vertical-rl`, the page's leftmost column at x = 0, and rightwards for `vertical-lr`.
///
/// Made by ``Page/space()``; a snapshot of the page at the layout it was made with.
public struct PageSpace: Sendable {
    /// An element on the page with where its coordinates start.
    public struct PlacedElement: Sendable {
        /// The element and its part on the page.
        public let part: PageElement
        /// Where the element's own origin lies in page coordinates: add it to a rect of the
        /// element's geometry to get the rect on the page.
        public let origin: Point
        /// The element's geometry, as the page was made with.
        public let geometry: any TextGeometry
        /// The element's lines on the page (those holding some of ``part``'s range).
        public let lines: [LineFragment]
    }

    /// The page's elements, in page order, with their origins.
    public let elements: [PlacedElement]
    /// How the page's lines run: its first element's writing mode.
    public let writingMode: WritingMode

    init(page: Page) {
        var placed: [PlacedElement] = []
        var cursor = 0.0  // where the next element starts, down (or across, for vertical text)
        var gap = 0.0  // the blank line before the next element: the last line's thickness
        let parts = page.elements
        let geometries = parts.map(\.element.geometry)  // asked once: an element may lay out to answer
        let mode = geometries.first?.writingMode ?? .horizontalTopToBottom
        for (number, (part, geometry)) in zip(parts, geometries).enumerated() {
            let lines = geometry.lines.filter { fragment in
                (fragment.range.lowerBound < part.range.upperBound && fragment.range.upperBound > part.range.lowerBound)
                    || (fragment.range.isEmpty && part.range.isEmpty)
            }
            let first = lines.first?.rect ?? Rect(x: 0, y: 0, width: 0, height: 0)
            let last = lines.last?.rect ?? first
            if number > 0 { cursor += mode == .verticalRightToLeft ? -gap : gap }
            let origin: Point
            switch mode {
            case .horizontalTopToBottom: origin = Point(x: 0, y: cursor - first.minY)
            case .verticalRightToLeft: origin = Point(x: cursor - first.maxX, y: 0)
            case .verticalLeftToRight: origin = Point(x: cursor - first.minX, y: 0)
            }
            let given = part.element.pageOrigin
            placed.append(PlacedElement(part: part, origin: given ?? origin, geometry: geometry, lines: lines))
            guard !lines.isEmpty else { continue }
            let end = (given ?? origin)
            switch mode {
            case .horizontalTopToBottom: cursor = max(cursor, end.y + last.maxY)
            case .verticalRightToLeft: cursor = min(cursor, end.x + last.minX)
            case .verticalLeftToRight: cursor = max(cursor, end.x + last.maxX)
            }
            gap = mode.isVertical ? last.width : last.height
        }
        elements = mode == .verticalRightToLeft ? Self.shiftedToZero(placed) : placed
        writingMode = mode
    }

    /// `placed` moved right so that the leftmost line of the stacked elements starts at x = 0
    /// (vertical right-to-left text is stacked leftwards from 0); elements placed by their own
    /// origin stay.
    private static func shiftedToZero(_ placed: [PlacedElement]) -> [PlacedElement] {
        let stacked = placed.filter { $0.part.element.pageOrigin == nil }
        let minX = stacked.flatMap { item in item.lines.map { $0.rect.minX + item.origin.x } }.min() ?? 0
        return placed.map { item in
            guard item.part.element.pageOrigin == nil else { return item }
            let origin = Point(x: item.origin.x - minX, y: item.origin.y)
            return PlacedElement(part: item.part, origin: origin, geometry: item.geometry, lines: item.lines)
        }
    }

    /// The frames of the page's lines in page coordinates, in reading order (top to bottom, or
    /// column after column in vertical text).
    public var lineFrames: [Rect] {
        elements.flatMap { placed in placed.lines.map { $0.rect.offset(by: placed.origin) } }
    }

    /// The caret rect at `position` in page coordinates, or `nil` when the position is not on
    /// the page.
    ///
    /// - Parameter position: a position in the document.
    public func caretRect(for position: ReadingPosition) -> Rect? {
        guard let placed = placedElement(holding: position) else { return nil }
        return placed.geometry.caretRect(for: TextPosition(offset: position.offset, affinity: position.affinity))?
            .offset(by: placed.origin)
    }

    /// The selection rects of `range` (document positions, across elements) on the page, in
    /// page coordinates; the part of the range off the page has none.
    ///
    /// - Parameter range: a range of document positions.
    public func selectionRects(for range: Range<ReadingPosition>) -> [SelectionRect] {
        var rects: [SelectionRect] = []
        for placed in elements {
            guard let clamped = clamp(range, to: placed) else { continue }
            for var rect in placed.geometry.selectionRects(for: TextRange(clamped)) {
                rect.rect = rect.rect.offset(by: placed.origin)
                rects.append(rect)
            }
        }
        return rects
    }

    /// The rect of the first line `range` touches on the page, in page coordinates.
    ///
    /// - Parameter range: a range of document positions.
    public func firstRect(for range: Range<ReadingPosition>) -> Rect? {
        for placed in elements {
            guard let clamped = clamp(range, to: placed) else { continue }
            return placed.geometry.firstRect(for: TextRange(clamped))?.offset(by: placed.origin)
        }
        return nil
    }

    /// The position on the page nearest `point` (page coordinates): in the element whose line
    /// (or column) holds the point, else the one with the nearest line, kept to that element's part on the
    /// page; `nil` when the page has no lines.
    ///
    /// - Parameter point: a point on the page.
    public func closestPosition(to point: Point) -> ReadingPosition? {
        var best: (placed: PlacedElement, distance: Double)?
        for placed in elements {
            for line in placed.lines {
                let frame = line.rect.offset(by: placed.origin)
                let dy = point.y < frame.minY ? frame.minY - point.y : max(0, point.y - frame.maxY)
                let dx = point.x < frame.minX ? frame.minX - point.x : max(0, point.x - frame.maxX)
                // Across lines first (down, or across columns), then along the line.
                let distance = writingMode.isVertical ? dx * 1_000_000 + dy : dy * 1_000_000 + dx
                if best == nil || distance < best!.distance { best = (placed, distance) }
            }
        }
        guard let placed = best?.placed else { return nil }
        let local = Point(x: point.x - placed.origin.x, y: point.y - placed.origin.y)
        let part = placed.part
        guard let position = placed.geometry.closestPosition(to: local, within: TextRange(part.range)) else {
            return nil
        }
        return ReadingPosition(element: part.elementIndex, offset: position.offset, affinity: position.affinity)
    }

    /// The placed element holding `position` on the page.
    private func placedElement(holding position: ReadingPosition) -> PlacedElement? {
        elements.first { placed in
            placed.part.elementIndex == position.element && placed.part.range.contains(position.offset)
        }
            ?? elements.last { placed in
                placed.part.elementIndex == position.element && placed.part.range.upperBound == position.offset
            }
    }

    /// The part of `range` in `placed`'s part of its element, as offsets, or `nil` when they do
    /// not meet.
    private func clamp(_ range: Range<ReadingPosition>, to placed: PlacedElement) -> Range<Int>? {
        let part = placed.part
        let start = ReadingPosition(element: part.elementIndex, offset: part.range.lowerBound)
        let end = ReadingPosition(element: part.elementIndex, offset: part.range.upperBound)
        let lower = max(range.lowerBound, start)
        let upper = min(range.upperBound, end)
        guard lower < upper, lower.element == part.elementIndex else { return nil }
        let upperOffset = upper.element == part.elementIndex ? upper.offset : part.range.upperBound
        return lower.offset..<upperOffset
    }
}

extension Page {
    /// The page's geometry in page coordinates: its elements placed one below another (or where
    /// they say they stand), and the geometry queries across them.
    ///
    /// - Complexity: lays out every element on the page that is not laid out yet.
    public func space() -> PageSpace { PageSpace(page: self) }
}

/// One page's geometry in one coordinate space: each element on the page placed at an origin,
/// and the text protocol's geometry queries (carets, selection rects, first rects, hit tests)
/// answered in page coordinates across the page's elements.
///
/// An element's own geometry (``NavigableElement/geometry``) is in its own coordinates; on the
/// page, its rects are moved by its ``PlacedElement/origin``. Elements are stacked from the top
/// as pagination counts them: each one's first line on the page right below the previous
/// element's last, a blank line of the previous element's line height between them, at x = 0,
/// unless the element says where it stands (``NavigableElement/pageOrigin``, a scan whose line
/// rects are in the page image's pixels).
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

    init(page: Page) {
        var placed: [PlacedElement] = []
        var top = 0.0
        var lastHeight = 0.0
        for (number, part) in page.elements.enumerated() {
            let geometry = part.element.geometry
            let lines = geometry.lines.filter { fragment in
                (fragment.range.lowerBound < part.range.upperBound && fragment.range.upperBound > part.range.lowerBound)
                    || (fragment.range.isEmpty && part.range.isEmpty)
            }
            if number > 0 { top += lastHeight }  // the blank line between paragraphs
            let origin = part.element.pageOrigin ?? Point(x: 0, y: top - (lines.first?.rect.minY ?? 0))
            placed.append(PlacedElement(part: part, origin: origin, geometry: geometry, lines: lines))
            if let last = lines.last {
                top = max(top, origin.y + last.rect.maxY)
                lastHeight = last.rect.height
            }
        }
        elements = placed
    }

    /// The frames of the page's lines in page coordinates, top to bottom.
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
    /// holds the point, else the one with the nearest line, kept to that element's part on the
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
                let distance = dy * 1_000_000 + dx
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

import TextNavigation
import TextNavigationBooks
import TextNavigationRender

/// One page of a book as `readaloud render` draws it: the page's elements where the library's
/// page space puts them (``PageSpace``), inside a margin.
enum RenderedPage {
    /// One element's part on the page, placed, with what is drawn on it.
    struct Element {
        var placed: PageSpace.PlacedElement
        var text: PlacedText
    }

    /// The page's margin on every side, in points.
    static let margin = 36.0

    /// `page`'s elements placed by its page space, moved inside the margin, each drawing only
    /// its lines on the page, and the page's size: `lineLength` (the layout's width) along its
    /// lines, as far as its lines reach across them (white space hanging past a line's end is
    /// not counted).
    static func place(_ page: Page, lineLength: Double) -> (elements: [Element], size: Size) {
        let space = page.space()
        var elements: [Element] = []
        for placed in space.elements {
            let origin = Point(x: placed.origin.x + margin, y: placed.origin.y + margin)
            let lines = (placed.lines.first?.index ?? 0)..<((placed.lines.last?.index ?? -1) + 1)
            elements.append(
                Element(placed: placed, text: PlacedText(geometry: placed.geometry, origin: origin, lines: lines)))
        }
        let frames = space.lineFrames
        let width = space.writingMode.isVertical ? frames.map(\.maxX).max() ?? 0 : lineLength
        let height = space.writingMode.isVertical ? lineLength : frames.map(\.maxY).max() ?? 0
        return (elements, Size(width: width + 2 * margin, height: height + 2 * margin))
    }

    /// Puts the caret at `offset` (counted through the elements' parts on the page one after
    /// another) and highlights the `unit` holding it.
    ///
    /// - Throws: a usage failure when `offset` is past the page's text.
    static func mark(_ elements: inout [Element], at offset: Int, unit: TextGranularity, spec: CommandSpec)
        throws(CommandFailure)
    {
        var start = 0
        for index in elements.indices {
            let part = elements[index].placed.part
            let local = offset - start
            if local < part.range.count || (local == part.range.count && index == elements.count - 1) {
                let position = TextPosition(offset: part.range.lowerBound + local)
                elements[index].text.caret = position
                elements[index].text.highlight = range(of: unit, at: position, in: elements[index].placed)
                return
            }
            start += part.range.count
        }
        throw CommandFailure(
            UsageError("--position \(offset) is past the page's text (\(start) UTF-16 code units)", spec: spec))
    }

    /// The `unit` holding `position` in `placed`'s element: a word or sentence by the element's
    /// tokenizer, a line by its geometry.
    private static func range(of unit: TextGranularity, at position: TextPosition, in placed: PageSpace.PlacedElement)
        -> TextRange?
    {
        let geometry = placed.geometry
        if unit == .line {
            return geometry.lineNumber(for: position).map { TextRange(geometry.lines[$0].contentRange) }
        }
        let tokenizer = placed.part.element.stringTokenizer
        return tokenizer.rangeEnclosingPosition(position, with: unit, inDirection: .forward)
            ?? tokenizer.rangeEnclosingPosition(position, with: unit, inDirection: .backward)
    }
}

import TextNavigation
import TextNavigationBooks
import TextNavigationRender

/// The elements of one page laid out for `readaloud render`, stacked top down.
enum RenderedPage {
    /// One element's part on the page, laid out, and where it sits.
    struct Element {
        var layout: TextLayout
        var locale: String
        var text: PlacedText
        var origin: Point { text.origin }
    }

    /// The page's margin on every side, in points.
    static let margin = 36.0

    /// `elements` (a page's) laid out `width` points wide with `metrics` and stacked from the
    /// top margin, half a line apart. The one place that decides where elements sit on a page:
    /// to be replaced by the library's page layout in points.
    static func stack(_ elements: [PageElement], of book: OpenedBook, width: Double, metrics: HarfBuzzMetrics)
        throws(CommandFailure) -> [Element]
    {
        var y = margin
        var stacked: [Element] = []
        for element in elements {
            let text = element.element.text.substorage(element.range) ?? element.element.text
            let locale = book.text(at: element.elementIndex).locale
            let layout: TextLayout
            do {
                layout = try TextLayout(storage: text, locale: locale, width: width, metrics: metrics)
            } catch {
                throw CommandFailure("--locale: \(error)", exitCode: .usage)
            }
            stacked.append(
                Element(
                    layout: layout, locale: locale, text: PlacedText(geometry: layout, origin: Point(x: margin, y: y))))
            y += layout.size.height + metrics.lineHeight / 2
        }
        return stacked
    }

    /// Puts the caret at `offset` (counted through the elements' texts one after another) and
    /// highlights the `unit` holding it.
    ///
    /// - Throws: a usage failure when `offset` is past the page's text.
    static func mark(_ elements: inout [Element], at offset: Int, unit: TextGranularity, spec: CommandSpec)
        throws(CommandFailure)
    {
        var start = 0
        for index in elements.indices {
            let local = offset - start
            let count = elements[index].layout.storage.count
            if local < count || (local == count && index == elements.count - 1) {
                let position = TextPosition(offset: local)
                elements[index].text.caret = position
                elements[index].text.highlight = range(of: unit, at: position, in: elements[index])
                return
            }
            start += count
        }
        throw CommandFailure(
            UsageError("--position \(offset) is past the page's text (\(start) UTF-16 code units)", spec: spec))
    }

    /// The `unit` holding `position` in `element`: a word or sentence by the element's
    /// tokenizer, a line by its layout.
    private static func range(of unit: TextGranularity, at position: TextPosition, in element: Element) -> TextRange? {
        let layout = element.layout
        if unit == .line {
            return layout.lineNumber(for: position).map { TextRange(layout.lines[$0].contentRange) }
        }
        guard let tokenizer = try? StringTokenizer(storage: layout.storage, locale: element.locale) else { return nil }
        return tokenizer.rangeEnclosingPosition(position, with: unit, inDirection: .forward)
            ?? tokenizer.rangeEnclosingPosition(position, with: unit, inDirection: .backward)
    }
}

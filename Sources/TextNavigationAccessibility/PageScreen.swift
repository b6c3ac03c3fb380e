import TextNavigation

/// One page laid out on a screen of cells, top to bottom: each element's lines on the page, with
/// an empty row between elements. The extents ``AccessibleDocument`` gives and the screen a host
/// draws (``rows``) come from this one layout, so that they agree.
public struct PageScreen: Sendable {
    /// One row of the screen: a line of an element, or the empty row between two elements.
    public struct Row: Sendable, Hashable {
        /// The element's index in the document, or `nil` for an empty row.
        public var element: Int?
        /// The line's index in the element's geometry.
        public var line: Int
        /// The line's range in the element's text (UTF-16).
        public var range: Range<Int>
    }

    /// The page's index.
    public let page: Int
    /// The rows, from the top.
    public let rows: [Row]
    private let rowOfLine: [Int: [Int: Int]]

    /// The page `page` of `document`, laid out (an empty screen for a page that does not exist).
    public init(document: Document, page: Int) {
        self.page = page
        var rows: [Row] = []
        var rowOfLine: [Int: [Int: Int]] = [:]
        for pageElement in document.page(at: page)?.elements ?? [] {
            if !rows.isEmpty { rows.append(Row(element: nil, line: 0, range: 0..<0)) }
            let lines = pageElement.element.geometry.lines
            let range = pageElement.range
            for line in lines
            where line.range.lowerBound >= range.lowerBound
                && (line.range.lowerBound < range.upperBound || (range.isEmpty && line.range.isEmpty))
            {
                rowOfLine[pageElement.elementIndex, default: [:]][line.index] = rows.count
                rows.append(Row(element: pageElement.elementIndex, line: line.index, range: line.range))
            }
        }
        self.rows = rows
        self.rowOfLine = rowOfLine
    }

    /// The row of line `line` of element `element`, or `nil` when that line is not on the page.
    public func row(element: Int, line: Int) -> Int? { rowOfLine[element]?[line] }

    /// The rows element `element` takes on the page (empty when it is not on it).
    public func rows(of element: Int) -> [Int] { (rowOfLine[element] ?? [:]).values.sorted() }
}

/// A page read line by line (UIKit's `UIAccessibilityReadingContent` for a page of a book): the
/// lines of the elements on the page, stacked from the top with a blank line between
/// paragraphs, as pagination counts them.
///
/// Made by ``Page/readingContent()``; a snapshot of the page at the layout it was made with.
public final class PageReadingContent: AccessibilityReadingContent {
    /// One line of the page: its element, its text's UTF-16 range there (without trailing white
    /// space), and its frame on the page.
    public struct Line: Sendable, Hashable {
        public let element: Int
        public let range: Range<Int>
        public let frame: Rect
    }

    /// The page's lines, top to bottom.
    public let lines: [Line]
    private let document: Document
    private let text: String

    init(page: Page) {
        document = page.document
        var lines: [Line] = []
        // Lines are stacked from the top, each as high as its own rect.
        var top = 0.0
        var lastHeight = 1.0
        for (number, part) in page.elements.enumerated() {
            if number > 0 { top += lastHeight }  // the blank line between paragraphs
            for fragment in part.element.geometry.lines {
                let height = fragment.rect.height
                // The line's part on this page (a paragraph may continue from or onto another).
                let overlaps =
                    fragment.range.lowerBound < part.range.upperBound
                    && fragment.range.upperBound > part.range.lowerBound
                guard overlaps || (fragment.range.isEmpty && part.range.isEmpty) else { continue }
                let range = fragment.trimmedRange.clamped(to: part.range)
                let frame = Rect(
                    x: fragment.rect.minX, y: top, width: fragment.rect.width, height: height)
                lines.append(Line(element: part.elementIndex, range: range, frame: frame))
                top += height
                lastHeight = height
            }
        }
        self.lines = lines
        self.text = page.text
    }

    public func lineNumber(at point: Point) -> Int? {
        lines.firstIndex { $0.frame.contains(point) }
    }

    public func content(forLineNumber lineNumber: Int) -> String? {
        guard lineNumber >= 0, lineNumber < lines.count else { return nil }
        let line = lines[lineNumber]
        return document.elements[line.element].text.string(in: line.range)
    }

    public func frame(forLineNumber lineNumber: Int) -> Rect? {
        guard lineNumber >= 0, lineNumber < lines.count else { return nil }
        return lines[lineNumber].frame
    }

    /// The text on the page: each element's part, one per line.
    public var pageContent: String? { text }
}

extension Page {
    /// The page's text line by line, for reading by line number.
    public func readingContent() -> PageReadingContent { PageReadingContent(page: self) }

    /// The text on the page: each element's part on it, joined by line breaks.
    public var text: String {
        elements.map { $0.element.text.string(in: $0.range) ?? "" }.joined(separator: "\n")
    }
}

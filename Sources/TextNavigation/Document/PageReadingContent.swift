/// A page read line by line (UIKit's `UIAccessibilityReadingContent` for a page of a book): the
/// lines of the elements on the page with their frames in page coordinates (``PageSpace``:
/// stacked from the top with a blank line between paragraphs, as pagination counts them,
/// unless an element says where it stands).
///
/// Made by ``Page/readingContent()``; a snapshot of the page at the layout it was made with.
public final class PageReadingContent: AccessibilityReadingContent {
    /// One line of the page: its element, its text's UTF-16 range there (without trailing white
    /// space), and its frame on the page.
    public struct Line: Sendable, Hashable {
        /// The index of the line's element in the document.
        public let element: Int
        /// The line's text in its element, without trailing white space.
        public let range: Range<Int>
        /// The line's frame in page coordinates.
        public let frame: Rect
    }

    /// The page's lines, top to bottom.
    public let lines: [Line]
    private let document: Document
    private let text: String

    init(page: Page) {
        document = page.document
        var lines: [Line] = []
        for placed in page.space().elements {
            for fragment in placed.lines {
                // The line's part on this page (a paragraph may continue from or onto another).
                let range = fragment.trimmedRange.clamped(to: placed.part.range)
                lines.append(
                    Line(
                        element: placed.part.elementIndex, range: range, frame: fragment.rect.offset(by: placed.origin))
                )
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

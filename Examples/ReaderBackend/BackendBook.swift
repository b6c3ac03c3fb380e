import TextNavigation

/// The backend's book: its elements in reading order, and how it cuts them into pages itself
/// (as many lines of its elements as a page holds, an element never split), which is what it
/// hands the document as its relayout callback.
struct BackendBook {
    let elements: [any NavigableElement]

    /// A chapter heading, two paragraphs, a scanned handwritten letter, a figure and a closing
    /// paragraph.
    static func make() throws -> BackendBook {
        let letter = ScannedPage(
            lines: [
                ScannedPage.Line(text: "Dear Sir, the rain", rect: Rect(x: 20, y: 100, width: 360, height: 40)),
                ScannedPage.Line(text: "kept us home today.", rect: Rect(x: 24, y: 160, width: 380, height: 40)),
            ], label: "A handwritten letter")
        guard let letter else { throw ExampleError("the scanned letter's lines are not stacked") }
        return BackendBook(elements: [
            TextElement("Chapter One", traits: .heading),
            TextElement("It was a bright cold day in April, and the clocks were striking thirteen."),
            TextElement("The hallway smelt of boiled cabbage and old rag mats."),
            letter,
            try Figure(description: "A map of the island", artist: "R. L. Stevenson"),
            TextElement("The end."),
        ])
    }

    /// The elements cut into pages of at most `linesPerPage` lines (an element taller than a page
    /// gets a page of its own). Text elements have been laid out at the document's width.
    func pages(linesPerPage: Int) -> [[any NavigableElement]] {
        var pages: [[any NavigableElement]] = [[]]
        var used = 0
        for element in elements {
            let lines = max(1, element.stringTokenizer.units(for: .line).count)
            if used > 0, used + lines > linesPerPage {
                pages.append([])
                used = 0
            }
            pages[pages.count - 1].append(element)
            used += lines
        }
        return pages
    }
}

/// Why the example stopped.
struct ExampleError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

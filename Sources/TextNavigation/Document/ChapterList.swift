/// A book's chapters: where each starts and its title, from the table of contents or the
/// headings, as a unit to move and read by ("next chapter", "stop at the end of the chapter").
public struct ChapterList: Sendable, Hashable {
    /// One chapter: its title and the element it starts with.
    public struct Chapter: Sendable, Hashable {
        public var title: String
        public var element: Int

        public init(title: String, element: Int) {
            self.title = title
            self.element = element
        }
    }

    /// The chapters, in order of their first elements (none for a book without headings).
    public let chapters: [Chapter]
    /// The number of elements of the document.
    public let elementCount: Int

    /// Chapters starting at `chapters`' elements (sorted, duplicates and elements outside
    /// `0..<elementCount` dropped).
    public init(_ chapters: [Chapter], elementCount: Int) {
        var seen = Set<Int>()
        self.chapters = chapters.filter {
            $0.element >= 0 && $0.element < elementCount && seen.insert($0.element).inserted
        }
        .sorted { $0.element < $1.element }
        self.elementCount = elementCount
    }

    /// The chapters of `document` by its headings: each heading of the shallowest level used
    /// more than once (`CHAPTER I.` in a plain-text book, `h2` where `h1` is the title), else
    /// of the shallowest level, titled by its text (or its table-of-contents title); headings
    /// that follow each other are one chapter's title and subtitle.
    public init(headingsOf document: Document) {
        var headings: [(level: Int, chapter: Chapter, count: Int)] = []
        for index in 0..<document.elements.count {
            let (markup, traits) =
                document.elementContents.map { contents in
                    let content = contents.content(at: index)
                    return (content.markup, content.traits)
                } ?? (document.elements[index].markup, document.elements[index].traits)
            // A heading without a level (a plain-text book's `CHAPTER I.`) is of level 1.
            guard let level = markup.headingLevel ?? (traits.contains(.heading) ? 1 : nil) else { continue }
            let text = markup.headingTitle ?? document.elements[index].string
            let title = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            // A heading right after another is its subtitle (`CHAPTER I.`, `Down the Rabbit-Hole`).
            if let last = headings.last, last.chapter.element + last.count == index {
                headings[headings.count - 1].chapter.title += ": " + title
                headings[headings.count - 1].count += 1
                continue
            }
            headings.append((level, Chapter(title: title, element: index), 1))
        }
        let levels = Dictionary(grouping: headings, by: \.level).mapValues(\.count)
        let level = levels.filter { $0.value > 1 }.keys.min() ?? levels.keys.min()
        self.init(headings.filter { $0.level == level }.map(\.chapter), elementCount: document.elements.count)
    }

    /// The index of the chapter holding element `element`, or `nil` before the first chapter.
    public func index(containing element: Int) -> Int? {
        chapters.lastIndex { $0.element <= element }
    }

    /// Where reading that starts in element `element` ends to stop at its chapter's end: the
    /// next chapter's first element (the document's end for the last); before the first
    /// chapter (a title page), the first chapter's start; `nil` without chapters.
    public func endOfChapter(holding element: Int) -> Int? {
        guard let index = index(containing: element) else { return chapters.first?.element }
        return elements(ofChapter: index).upperBound
    }

    /// The elements of chapter `index`: from its first element to the next chapter's.
    public func elements(ofChapter index: Int) -> Range<Int> {
        let end = index + 1 < chapters.count ? chapters[index + 1].element : elementCount
        return chapters[index].element..<end
    }
}

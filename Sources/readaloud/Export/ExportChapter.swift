import TextNavigation
import TextNavigationBooks

/// One chapter of an export: its title and the elements it reads. Chapters are synthesized
/// and encoded independently, each its own audio file and timing.
struct ExportChapter: Sendable, Equatable {
    var title: String
    var elements: Range<Int>

    /// How many pages make one chapter of a book without headings.
    static let pagesPerChapter = 10

    /// The chapters of `book`: its table of contents or headings (what comes before the first,
    /// a title page, is a chapter named by the book's title), else one chapter per ten pages.
    static func plan(of book: OpenedBook) -> [ExportChapter] {
        let count = book.document.elements.count
        let list = book.chapters
        guard !list.chapters.isEmpty else { return pageRanges(of: book.document) }
        var chapters: [ExportChapter] = []
        if let first = list.chapters.first, first.element > 0 {
            chapters.append(ExportChapter(title: book.displayTitle, elements: 0..<first.element))
        }
        for index in list.chapters.indices {
            chapters.append(ExportChapter(title: list.chapters[index].title, elements: list.elements(ofChapter: index)))
        }
        return chapters.filter { !$0.elements.isEmpty && $0.elements.upperBound <= count }
    }

    /// One chapter per ten pages ("Pages 1–10"), each from the first element starting on its
    /// first page.
    private static func pageRanges(of document: Document) -> [ExportChapter] {
        let count = document.elements.count
        guard count > 0 else { return [] }
        var chapters: [ExportChapter] = []
        var firstPage = 0
        while firstPage < document.pageCount {
            let lastPage = min(firstPage + pagesPerChapter, document.pageCount) - 1
            let start = chapters.last?.elements.upperBound ?? 0
            let end =
                lastPage + 1 < document.pageCount
                ? max(start, document.page(at: lastPage + 1)?.start.element ?? count) : count
            if end > start {
                chapters.append(ExportChapter(title: "Pages \(firstPage + 1)–\(lastPage + 1)", elements: start..<end))
            }
            firstPage = lastPage + 1
        }
        return chapters
    }
}

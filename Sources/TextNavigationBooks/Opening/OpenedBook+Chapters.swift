import TextNavigation

extension OpenedBook {
    /// The book's chapters (``TextNavigation/ChapterList/init(document:epub:)``).
    public var chapters: ChapterList { ChapterList(document: document, epub: epub) }
}

extension ChapterList {
    /// The chapters of `document`, made from `epub` when it is one: the entries of its table of
    /// contents at the shallowest depth with two or more (one part holding the chapters: the
    /// chapters), that are not hidden and lead to an element; otherwise its headings
    /// (``init(headingsOf:)``).
    public init(document: Document, epub: EPUBBook?) {
        if let epub {
            let entries = epub.navigation.tableOfContents.filter { !$0.isHidden }
            for depth in Set(entries.map(\.depth)).sorted() {
                let chapters = entries.filter { $0.depth == depth }.compactMap { entry in
                    epub.elementIndex(of: entry).map { Chapter(title: entry.title, element: $0) }
                }
                let list = ChapterList(chapters, elementCount: document.elements.count)
                if list.chapters.count >= 2 {
                    self = list
                    return
                }
            }
        }
        self.init(headingsOf: document)
    }
}

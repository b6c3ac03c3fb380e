/// What a book's document makes one element from: its text, traits, locale and markup.
struct ElementContent: Sendable {
    let text: TextStorage
    let traits: ElementTraits
    /// The ICU locale id (or BCP 47 tag) the element is tokenized with.
    let locale: String
    let markup: ElementMarkup

    /// Where a book's document (``ElementFactory``) finds its elements' contents: a plain-text
    /// book's paragraphs, all in one locale, or contents listed one by one (an EPUB book's).
    enum Source: Sendable {
        case paragraphs(PlainTextBook.Paragraphs, locale: String)
        case contents([ElementContent])

        var count: Int {
            switch self {
            case .paragraphs(let paragraphs, _): paragraphs.count
            case .contents(let contents): contents.count
            }
        }

        func text(at index: Int) -> TextStorage {
            switch self {
            case .paragraphs(let paragraphs, _): paragraphs.text(at: index)
            case .contents(let contents): contents[index].text
            }
        }

        /// The texts of the elements at `indices` (valid indices), in order, for a pass over them
        /// by one task that does not keep them: a book's paragraphs as ranges of a copy of their
        /// stretch of the book's buffer, made for the pass. Breaking a text's lines retains and
        /// releases its buffer several times a paragraph, and tasks on two cores doing so to the
        /// book's one buffer would pass its reference count back and forth between them.
        func passTexts(in indices: Range<Int>) -> [TextStorage] {
            guard case .paragraphs(let paragraphs, _) = self, !indices.isEmpty else {
                return indices.map { text(at: $0) }
            }
            let ranges = indices.map { paragraphs.text(at: $0).bufferRange }
            let stretch = ranges.first!.lowerBound..<ranges.last!.upperBound
            let book = paragraphs.buffer
            let copy = UTF16Buffer(exactCount: stretch.count) { target in
                guard let to = target.baseAddress, let from = book.units.baseAddress else { return 0 }
                to.initialize(from: from + stretch.lowerBound, count: stretch.count)  // a memcpy
                return stretch.count
            }
            let base = stretch.lowerBound
            return ranges.map { TextStorage(buffer: copy, range: ($0.lowerBound - base)..<($0.upperBound - base)) }
        }

        func locale(at index: Int) -> String {
            switch self {
            case .paragraphs(_, let locale): locale
            case .contents(let contents): contents[index].locale
            }
        }

        func content(at index: Int) -> ElementContent {
            switch self {
            case .paragraphs(let paragraphs, let locale):
                return ElementContent(
                    text: paragraphs.text(at: index),
                    traits: paragraphs.isHeading(at: index) ? [.heading, .staticText] : [.staticText], locale: locale,
                    markup: ElementMarkup())
            case .contents(let contents):
                return contents[index]
            }
        }
    }
}

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

import TextNavigation

/// A plain-text book's paragraphs as the contents of a document's elements: all in one locale,
/// a heading's traits for a heading, Gutenberg's illustration and footnote blocks as figures
/// and notes, a page started after a form feed, and each paragraph's
/// first byte in the file kept for locators.
final class PlainTextContents: ElementContentSource {
    let paragraphs: PlainTextBook.Paragraphs
    let locale: String

    init(paragraphs: PlainTextBook.Paragraphs, locale: String) {
        self.paragraphs = paragraphs
        self.locale = locale
    }

    var count: Int { paragraphs.count }

    func text(at index: Int) -> TextStorage { paragraphs.text(at: index) }

    func textLength(at index: Int) -> Int { paragraphs.textLength(at: index) }

    func locale(at index: Int) -> String { locale }

    /// The content of paragraph `index`: a `[Illustration]` or `[Footnote N: …]` paragraph is a
    /// structure of its own (``PlainTextStructure``), whose id is the paragraph's index.
    func content(at index: Int) -> ElementContent {
        let text = paragraphs.text(at: index)
        let structures = PlainTextStructure.kind(of: text).map { [ContentStructure(kind: $0, id: index)] } ?? []
        return ElementContent(
            text: text, traits: paragraphs.isHeading(at: index) ? [.heading, .staticText] : [.staticText],
            locale: locale, markup: ElementMarkup(structures: structures))
    }

    func startsPage(at index: Int) -> Bool { paragraphs.startsPage(at: index) }

    func sourceByteOffset(at index: Int) -> Int? { paragraphs.textStartByte(at: index) }
}

extension Document {
    /// A document from a plain-text book: one element per paragraph, headings marked, a form
    /// feed starting a new page. Elements are made as they are first asked for, and let go when
    /// nobody holds them (``Document/Elements``); the document keeps the book's paragraphs.
    ///
    /// - Parameters:
    ///   - book: the book.
    ///   - locale: a BCP-47 tag or ICU locale id for tokenization.
    ///   - layout: the width and the lines per page.
    /// - Complexity: O(1), making no element.
    public convenience init(book: PlainTextBook, locale: String = "en", layout: PageLayout = PageLayout()) {
        self.init(contents: PlainTextContents(paragraphs: book.paragraphs, locale: locale), layout: layout)
    }

    /// The paragraphs of the plain-text book the document was made from, or `nil` for any other
    /// document.
    var bookParagraphs: PlainTextBook.Paragraphs? { (elementContents as? PlainTextContents)?.paragraphs }
}

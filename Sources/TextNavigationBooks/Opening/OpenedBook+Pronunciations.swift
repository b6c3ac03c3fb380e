import TextNavigation

extension OpenedBook {
    /// How the book is said where not as written, for a ``ReadAloudPlayer``: its ruby readings
    /// (Aozora Bunko's `《…》`, EPUB's `<rt>`) and inline `ssml:ph` first, then `lexicon` (the
    /// listener's), then the PLS lexicons its content documents link.
    public func pronunciations(lexicon: PronunciationLexicon? = nil) -> any PronunciationSource {
        BookPronunciations(book: self, listener: lexicon)
    }
}

/// An opened book's pronunciations (see ``OpenedBook/pronunciations(lexicon:)``).
struct BookPronunciations: PronunciationSource {
    let book: OpenedBook
    let listener: PronunciationLexicon?

    func pronunciations(ofElement element: Int, in range: Range<Int>, language: String?) -> [Pronunciation] {
        let elements = book.document.elements
        guard element >= 0, element < elements.count, !range.isEmpty else { return [] }
        let language = language.flatMap { SpeechSettings.isUndetermined($0) ? nil : $0 } ?? bookLanguage
        var layers: [[Pronunciation]] = []
        if let plainText = book.plainText, plainText.paragraphs.indices.contains(element) {
            layers.append(plainText.paragraphs[element].rubyAnnotations.map(Self.reading))
        } else {
            let markup = elements[element].markup
            layers.append(markup.ruby.map(Self.reading) + markup.pronunciations)
        }
        var lexicons: [PronunciationLexicon] = listener.map { [$0] } ?? []
        if let epub = book.epub, let document = epub.contentDocument(containing: element) {
            lexicons += document.lexicons.compactMap { epub.lexicons[$0] }
        }
        let fromLexicons = LexiconPronunciations(document: book.document, lexicons: lexicons, defaultLanguage: language)
        layers.append(fromLexicons.pronunciations(ofElement: element, in: range, language: language))
        return Pronunciation.layered(layers).filter {
            $0.range.lowerBound >= range.lowerBound && $0.range.upperBound <= range.upperBound
        }
    }

    /// The language of text whose own is not known: the EPUB's, else the plain text's locale.
    private var bookLanguage: String {
        if let epub = book.epub, epub.language != "und" { return epub.language }
        return book.locale
    }

    private static func reading(_ annotation: RubyAnnotation) -> Pronunciation {
        Pronunciation(range: annotation.range, spoken: .text(annotation.reading))
    }
}

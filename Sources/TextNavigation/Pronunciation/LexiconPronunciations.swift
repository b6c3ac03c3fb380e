/// The pronunciations lexicons give a document's text, in order of precedence: for a book with
/// no markup of its own (plain text sent by a client), or as a part of a book's source.
public struct LexiconPronunciations: PronunciationSource {
    /// The document whose elements' text is matched.
    public let document: Document
    /// The lexicons, the first winning where entries of two overlap.
    public let lexicons: [PronunciationLexicon]
    /// The language of text whose own is not known.
    public let defaultLanguage: String

    public init(document: Document, lexicons: [PronunciationLexicon], defaultLanguage: String) {
        self.document = document
        self.lexicons = lexicons
        self.defaultLanguage = defaultLanguage
    }

    public func pronunciations(ofElement element: Int, in range: Range<Int>, language: String?) -> [Pronunciation] {
        Pronunciation.layered(
            lexicons.map {
                $0.pronunciations(
                    ofElement: element, in: range, of: document, language: language ?? defaultLanguage)
            })
    }
}

extension PronunciationLexicon {
    /// The pronunciations the lexicon gives `range` of element `element` of `document`, in
    /// element offsets (none for an element or range the document does not have).
    public func pronunciations(ofElement element: Int, in range: Range<Int>, of document: Document, language: String?)
        -> [Pronunciation]
    {
        guard !isEmpty, document.elements.indices.contains(element),
            let text = document.elements[element].text.string(in: range)
        else { return [] }
        let start = range.lowerBound
        return pronunciations(in: text, language: language).map {
            Pronunciation(range: ($0.range.lowerBound + start)..<($0.range.upperBound + start), spoken: $0.spoken)
        }
    }
}

import TextNavigation

/// EPUB 3's pronunciation lexicons: W3C PLS 1.0 documents (`application/pls+xml`) that a
/// content document links from its head (`<link rel="pronunciation"
/// type="application/pls+xml" hreflang="en" href="…"/>`), whose entries apply to that
/// document's text.
///
/// Each `lexeme`'s graphemes are said by its first `phoneme` (in its `alphabet`, else the
/// lexicon's, else IPA) or, without one, its first `alias`. A lexicon applies to text in its
/// `xml:lang` (else the link's `hreflang`; else every language). A lexicon that cannot be read
/// is not used, and named among the book's problems.
enum PLSLexicon {
    static let mediaType = "application/pls+xml"
    /// The largest PLS document read, in bytes: some hundred thousand entries, far more than
    /// a book's names and terms; a larger one is not used.
    static let maximumSize = 8 << 20

    /// The PLS documents the content document at `path` (whose root is `root`) links, as entry
    /// names, with each link's `hreflang`.
    static func links(of root: XMLNode, documentPath path: String) -> [(path: String, language: String?)] {
        guard let head = root.element(named: "head") else { return [] }
        return head.elements(named: "link").compactMap { link in
            let relations = (link.attribute("rel") ?? "").lowercased().split(separator: " ")
            guard relations.contains("pronunciation"),
                (link.attribute("type") ?? mediaType).lowercased() == mediaType,
                let href = link.attribute("href"),
                let resolved = EPUBPath.resolve(href, against: EPUBPath.folder(of: path))
            else { return nil }
            return (resolved.path, link.attribute("hreflang")?.trimmingSpaces.nonEmpty)
        }
    }

    /// The entries of the PLS document whose root is `root`; `language` when it gives none.
    ///
    /// - Throws: ``PronunciationLexiconError/badPLS(reason:)`` when the root is no `lexicon`,
    ///   ``PronunciationLexiconError/tooManyEntries(limit:)`` past `limit` entries.
    static func entries(of root: XMLNode, language: String?, limit: Int) throws(PronunciationLexiconError)
        -> [PronunciationLexicon.Entry]
    {
        guard root.name == "lexicon" else { throw .badPLS(reason: "its root is <\(root.name)>, not <lexicon>") }
        let language = root.declaredLanguage ?? language
        let alphabet = PhoneticAlphabet(rawValue: root.attribute("alphabet")?.trimmingSpaces.nonEmpty ?? "ipa")
        var entries: [PronunciationLexicon.Entry] = []
        for lexeme in root.elements(named: "lexeme") {
            let spoken: Pronunciation.Spoken
            if let phoneme = lexeme.element(named: "phoneme"), !phoneme.text.isEmpty {
                let own = phoneme.attribute("alphabet")?.trimmingSpaces.nonEmpty.map(PhoneticAlphabet.init(rawValue:))
                spoken = .phonemes(phoneme.text, alphabet: own ?? alphabet)
            } else if let alias = lexeme.element(named: "alias") {
                spoken = alias.text.isEmpty ? .silence : .text(alias.text)
            } else {
                continue
            }
            for grapheme in lexeme.elements(named: "grapheme") where !grapheme.text.isEmpty {
                guard entries.count < limit else { throw .tooManyEntries(limit: limit) }
                entries.append(.init(match: .word(grapheme.text), spoken: spoken, language: language))
            }
        }
        return entries
    }
}

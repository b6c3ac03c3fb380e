/// Where a ``ReadAloudPlayer`` finds how each utterance is pronounced: a book's ruby readings,
/// its inline `ssml:ph` and PLS lexicons, a listener's ``PronunciationLexicon``.
/// `TextNavigationBooks` gives one for an opened book (`OpenedBook.pronunciations(lexicon:)`).
public protocol PronunciationSource: Sendable {
    /// The pronunciations inside `range` of element `element` (in element offsets, sorted, not
    /// overlapping), whose text is in `language` (`nil`: the book's).
    func pronunciations(ofElement element: Int, in range: Range<Int>, language: String?) -> [Pronunciation]
}

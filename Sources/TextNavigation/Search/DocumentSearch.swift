internal import CICU

/// A search through a document's text for a query, element after element in document order
/// from a position, yielding each match as it is found (``SearchMatch``), so a long book's
/// first results come at once and a caller stops when it has enough.
///
/// Text is compared code point by code point after folding both sides alike
/// (``SearchOptions``): ICU's simple case folding and canonical decomposition's base letter, so
/// that offsets in the folded text are the element's own. This is primary collation strength
/// for the Latin, Greek and Cyrillic letters books use, without a collation element walk per
/// character (ICU's `usearch`), which is what makes a 10 MB book searchable in well under a
/// tenth of a second. Folding that changes length (`ß` → `ss`) is not done: `ß` finds `ß`.
/// A match lies within one element, starts and ends between characters, and the next is
/// looked for after its end (matches do not overlap).
///
/// Not `Sendable`: one caller's iteration; searches on different tasks may share a document.
public struct DocumentSearch: Sequence, IteratorProtocol {
    /// The longest query, in UTF-16 units.
    public static let maximumQueryLength = 10_000

    public let document: Document
    public let options: SearchOptions
    /// The folded query, without the marks folding drops.
    private let query: [UInt16]
    /// Whether the query starts or ends in a script written without spaces between words.
    private let isUnspacedQuery: Bool
    private var element: Int
    private var offset: Int
    /// The text of `element` and its folded copy, once folded.
    private var text = TextStorage("")
    private var folded: [UInt16] = []
    private var foldedElement = -1

    /// A search for `query` in `document` from `position` (the document's start by default).
    ///
    /// - Throws: ``SearchError/emptyQuery`` for a query of white space alone,
    ///   ``SearchError/queryTooLong(_:)`` past ``maximumQueryLength``.
    public init(
        for query: String, in document: Document, options: SearchOptions = SearchOptions(),
        from position: ReadingPosition = ReadingPosition(element: 0, offset: 0)
    ) throws(SearchError) {
        let units = Array(query.utf16)
        guard units.count <= Self.maximumQueryLength else { throw .queryTooLong(units.count) }
        guard query.contains(where: { !$0.isWhitespace }) else { throw .emptyQuery }
        self.document = document
        self.options = options
        self.query = units.withUnsafeBufferPointer { Self.fold($0, options) }.filter { $0 != 0 }
        let scalars = query.unicodeScalars.filter { !$0.properties.isWhitespace }
        isUnspacedQuery = [scalars.first, scalars.last].contains { $0.map(ICU.Properties.isUnspaced) ?? false }
        element = Swift.max(0, position.element)
        offset = Swift.max(0, position.offset)
    }

    /// The next match, or `nil` at the document's end.
    public mutating func next() -> SearchMatch? {
        let count = document.elements.count
        while element < count {
            if foldedElement != element { foldElement() }
            var end: Int32 = 0
            let start = folded.withUnsafeBufferPointer { text in
                query.withUnsafeBufferPointer { query in
                    cicu_search_find(
                        text.baseAddress, Int32(text.count), query.baseAddress, Int32(query.count), Int32(offset), &end)
                }
            }
            guard start >= 0 else {
                element += 1
                offset = 0
                continue
            }
            let match = SearchMatch(element: element, range: Int(start)..<Int(end))
            if isWholeCharacters(match), !options.matchesWholeWords || isUnspacedQuery || isWholeWords(match) {
                offset = Int(end)
                return match
            }
            offset = Int(start) + 1
        }
        return nil
    }

    private mutating func foldElement() {
        text = document.elementContents?.text(at: element) ?? document.elements[element].text
        folded = text.withUTF16 { Self.fold($0, options) }
        foldedElement = element
    }

    /// `input` folded as `options` say.
    private static func fold(_ input: UnsafeBufferPointer<UInt16>, _ options: SearchOptions) -> [UInt16] {
        ICU.Properties.folded(input, ignoringCase: options.ignoresCase, ignoringDiacritics: options.ignoresDiacritics)
    }

    /// Whether `match` starts and ends between characters (grapheme clusters): `e` is no match
    /// in a decomposed `é` when diacritics count.
    private func isWholeCharacters(_ match: SearchMatch) -> Bool {
        // Between two code units below U+0300 (no combining marks there), other than CR LF, is
        // always a boundary: most matches need no grapheme iterator.
        func isPlainBoundary(_ offset: Int) -> Bool {
            guard offset > 0, offset < text.count else { return true }
            let (before, after) = (text[offset - 1], text[offset])
            return before < 0x300 && after < 0x300 && !(before == 0x0D && after == 0x0A)
        }
        if isPlainBoundary(match.range.lowerBound), isPlainBoundary(match.range.upperBound) { return true }
        let tokenizer = document.elements[match.element].stringTokenizer
        return tokenizer.isCharacterBoundary(match.range.lowerBound)
            && tokenizer.isCharacterBoundary(match.range.upperBound)
    }

    /// Whether `match` neither starts nor ends inside a word unit of its element.
    private func isWholeWords(_ match: SearchMatch) -> Bool {
        let words = document.elements[match.element].stringTokenizer.units(for: .word)
        for edge in [match.range.lowerBound, match.range.upperBound] {
            let index = words.firstIndex(endingAfter: edge)
            if index < words.count, words[index].lowerBound < edge { return false }
        }
        return true
    }

}

import Foundation

/// A selection a reader saved ("Save selection" in the edit rotor): where it is in which book,
/// what it says, and enough text around it to find it again after the book changes.
///
/// A plain value, so a reading position (a locator) can be turned into one and back; the
/// `SavedSelectionStore` keeps it durably.
public struct SavedSelection: Codable, Sendable, Hashable, Identifiable {
    /// How many characters (grapheme clusters) of context ``init(id:book:elementIndex:elementText:utf16Range:granularity:pageHint:createdAt:note:)``
    /// keeps on each side of the selected text.
    public static let contextLength = 50

    /// The selection's identity, chosen when it is made, so saving it again updates it rather
    /// than adding a copy.
    public var id: UUID
    /// The book's identity: the fingerprint of its bytes, or a backend's identifier for it.
    public var book: BookIdentity
    /// The index of the element (paragraph or heading) holding the selection, in document order.
    public var elementIndex: Int
    /// The selection's UTF-16 code-unit offsets within the element's text.
    public var utf16Range: Range<Int>
    /// The selected text.
    public var text: String
    /// Up to about ``contextLength`` characters of the element's text just before the selection.
    public var contextBefore: String
    /// Up to about ``contextLength`` characters of the element's text just after the selection.
    public var contextAfter: String
    /// The page (from 1, as ``Locator/page``) the selection was on when saved; pages change with
    /// layout, so only a hint. `nil` when unknown.
    public var pageHint: Int?
    /// The granularity the selection was made by (word, sentence, ...).
    public var granularity: TextGranularity
    /// When the selection was saved.
    public var createdAt: Date
    /// The reader's note, or `nil` when there is none.
    public var note: String?

    /// A saved selection from its parts, taken as given.
    public init(
        id: UUID = UUID(),
        book: BookIdentity,
        elementIndex: Int,
        utf16Range: Range<Int>,
        text: String,
        contextBefore: String,
        contextAfter: String,
        pageHint: Int? = nil,
        granularity: TextGranularity,
        createdAt: Date = Date(),
        note: String? = nil
    ) {
        self.id = id
        self.book = book
        self.elementIndex = elementIndex
        self.utf16Range = utf16Range
        self.text = text
        self.contextBefore = contextBefore
        self.contextAfter = contextAfter
        self.pageHint = pageHint
        self.granularity = granularity
        self.createdAt = createdAt
        self.note = note
    }

    /// A saved selection of `utf16Range` in `elementText`, taking the selected text and up to
    /// ``contextLength`` characters of context on each side from the element.
    ///
    /// - Returns: `nil` when `utf16Range` reaches outside `elementText`, or either end falls
    ///   inside a surrogate pair.
    public init?(
        id: UUID = UUID(),
        book: BookIdentity,
        elementIndex: Int,
        elementText: String,
        utf16Range: Range<Int>,
        granularity: TextGranularity,
        pageHint: Int? = nil,
        createdAt: Date = Date(),
        note: String? = nil
    ) {
        let utf16 = elementText.utf16
        guard utf16Range.lowerBound >= 0, utf16Range.upperBound <= utf16.count,
            let lower = utf16.index(utf16.startIndex, offsetBy: utf16Range.lowerBound)
                .samePosition(in: elementText.unicodeScalars),
            let upper = utf16.index(utf16.startIndex, offsetBy: utf16Range.upperBound)
                .samePosition(in: elementText.unicodeScalars)
        else { return nil }
        let scalars = elementText.unicodeScalars
        self.init(
            id: id,
            book: book,
            elementIndex: elementIndex,
            utf16Range: utf16Range,
            text: String(scalars[lower..<upper]),
            contextBefore: String(String(scalars[..<lower]).suffix(Self.contextLength)),
            contextAfter: String(String(scalars[upper...]).prefix(Self.contextLength)),
            pageHint: pageHint,
            granularity: granularity,
            createdAt: createdAt,
            note: note
        )
    }
}

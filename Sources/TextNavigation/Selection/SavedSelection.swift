import Foundation

/// A selection a reader saved ("Save selection" in the edit rotor): where it is in which book,
/// what it says, and enough text around it to find it again after the book changes.
///
/// A plain value, so a reading position (a locator) can be turned into one and back; the
/// `SavedSelectionStore` keeps it durably. ``resolve(in:)`` finds it again in the book as it is
/// now, by the text around its start and its end.
///
/// A selection across elements is saved as one record per element it touches
/// (``SelectionController/saveSelection(note:)``), sharing a ``groupID``;
/// ``resolve(_:in:)`` turns them back into one selection.
public struct SavedSelection: Codable, Sendable, Hashable, Identifiable {
    /// How many UTF-16 code units of context ``init(id:book:elementIndex:elementText:utf16Range:granularity:pageHint:createdAt:note:groupID:)``
    /// keeps on each side of the selected text, widened to whole characters: the unit and the
    /// length a ``Locator`` keeps (``Locator/contextLength``).
    public static let contextLength = Locator.contextLength

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
    /// About ``contextLength`` UTF-16 units (whole characters) of the element's text just
    /// before the selection.
    public var contextBefore: String
    /// About ``contextLength`` UTF-16 units (whole characters) of the element's text just after
    /// the selection.
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
    /// The selection across elements this record is a part of: the records of one save share
    /// it. `nil` for a selection in one element.
    public var groupID: UUID?

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
        note: String? = nil,
        groupID: UUID? = nil
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
        self.groupID = groupID
    }

    /// A saved selection of `utf16Range` in `elementText`, taking the selected text and about
    /// ``contextLength`` UTF-16 units of context (whole characters) on each side from the
    /// element.
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
        note: String? = nil,
        groupID: UUID? = nil
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
            contextBefore: Self.trailing(String(scalars[..<lower])[...]),
            contextAfter: Self.leading(String(scalars[upper...])[...]),
            pageHint: pageHint,
            granularity: granularity,
            createdAt: createdAt,
            note: note,
            groupID: groupID
        )
    }

    /// The first characters of `text` that hold ``contextLength`` UTF-16 units, or all of it
    /// when it is shorter: a context counted as a ``Locator`` counts it.
    static func leading(_ text: Substring) -> String {
        var units = 0
        var end = text.startIndex
        while end < text.endIndex, units < contextLength {
            units += text[end].utf16.count
            end = text.index(after: end)
        }
        return String(text[..<end])
    }

    /// The last characters of `text` that hold ``contextLength`` UTF-16 units, or all of it
    /// when it is shorter.
    static func trailing(_ text: Substring) -> String {
        var units = 0
        var start = text.endIndex
        while start > text.startIndex, units < contextLength {
            start = text.index(before: start)
            units += text[start].utf16.count
        }
        return String(text[start...])
    }
}

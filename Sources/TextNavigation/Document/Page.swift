/// One page of a document, and the page control that turns it (`accessibilityScroll`).
///
/// A page covers the reading positions from ``start`` up to (not including) the next page's
/// start. A paragraph longer than a page continues on the next page: pages cut elements at line
/// boundaries, and elements never change with pagination.
public struct Page: Sendable {
    /// The document the page belongs to.
    public let document: Document
    /// The page's index, from 0.
    public private(set) var index: Int

    init(document: Document, index: Int) {
        self.document = document
        self.index = index
    }

    /// The page number, from 1.
    public var number: Int { index + 1 }
    /// How many pages the document has.
    public var pageCount: Int { document.pageCount }
    /// What VoiceOver announces after a page turn: "Page 2 of 40".
    public var announcement: String { "Page \(number) of \(pageCount)" }

    /// The first position on the page.
    public var start: ReadingPosition { document.pageStart(index) }
    /// The first position after the page: the next page's start, or the document's end.
    public var end: ReadingPosition { document.pageEnd(index) }

    /// The elements on the page, each with the part of it that is on this page and its traits
    /// here: the last one carries ``ElementTraits/causesPageTurn`` where the document says so.
    public var elements: [PageElement] { document.pageElements(index) }

    /// Whether reading should ask this page to scroll forward when it reaches the page's end.
    public var lastElementCausesPageTurn: Bool { elements.last?.traits.contains(.causesPageTurn) ?? false }

    /// Turns the page: `true` when it turned (read ``announcement`` then), `false` at the last
    /// page going forward or the first going backward.
    public mutating func scroll(_ direction: TextStorageDirection) -> Bool {
        let target = direction == .forward ? index + 1 : index - 1
        guard target >= 0, target < pageCount else { return false }
        index = target
        return true
    }
}

/// An element as it stands on one page.
public struct PageElement: Sendable {
    /// The element.
    public let element: any NavigableElement
    /// The element's index in the document.
    public let elementIndex: Int
    /// The part of the element's text on the page.
    public let range: Range<Int>
    /// The element's traits on this page (with ``ElementTraits/causesPageTurn`` on the page's
    /// last element in a paginated document).
    public let traits: ElementTraits
}

import Synchronization

/// A document: elements linked as text-navigation elements, and cut into pages.
///
/// **Reading order** is the links' order: ``Navigator``, ``ReadingSession`` and
/// ``SelectionController`` go from an element to its ``NavigableElement/nextTextNavigationElement``
/// (previous), and back to a ``ReadingPosition`` by ``index(of:)``. A document made with elements
/// keeps the links a backend set and links the sequential neighbours only where none is set, so
/// a backend that re-links its elements (a sidebar skipped, columns read one after the other)
/// is read as it linked them. A link that is `nil` or leads outside the document ends reading
/// there. Links in a cycle end where they would repeat: a read-all, a selection being extended
/// and a navigator's move never come back to an element they have been to (a navigator moved
/// again and again follows the cycle round, one move at a time). A book's document reads its
/// paragraphs in order. Pages and element indices stay in the elements' order.
///
/// Its elements are any ``NavigableElement``s: ``TextElement``s, ``ScannedPage``s, a backend's
/// own types. Pages come from one of two places:
/// - **Layout** (``init(elements:layout:pageBreaksBefore:)``, and books): elements are laid out
///   at ``PageLayout/width`` and cut every ``PageLayout/linesPerPage`` lines, with a blank line
///   between paragraphs and a new page wherever a break is forced (a form feed in a book).
///   Every page's last element carries ``ElementTraits/causesPageTurn``. Changing the layout
///   re-paginates; reading positions do not move.
/// - **A reader backend** (``init(pages:marksPageTurns:relayout:)``): pages of whole elements.
///   Each page's last element causes a page turn unless the backend says otherwise, and a
///   backend that lays out its own pages re-paginates through its relayout callback.
///
/// `Sendable`: elements are `Sendable`, and the pagination is computed lazily behind a lock, so
/// any number of tasks may read one document, each with its own session.
public final class Document: Sendable {
    /// What a reader backend's relayout callback does: given the new layout, returns the
    /// document's elements cut into pages anew (the same elements, in the same order).
    public typealias PageRelayout = @Sendable (PageLayout) -> [[any NavigableElement]]

    /// The elements in reading order (a book's are made as they are first asked for; see
    /// ``Elements``).
    public let elements: Elements

    /// How a backend-made document's pages are cut, or `nil` for pages from layout.
    private let backendPages: BackendPages?
    private let forcedBreaks: ForcedBreaks
    private let state: Locked<State>
    /// The positions list, made on first use (the text's lengths do not change with layout).
    private let positions = Locked<PositionList?>(nil)

    /// The elements that always start a page: given as indices, or asked of the contents the
    /// elements are made from (not copied into a set: a book of form feeds has millions).
    private enum ForcedBreaks: Sendable {
        case indices(Set<Int>)
        case contents(any ElementContentSource)

        func isForced(before index: Int) -> Bool {
            switch self {
            case .indices(let indices): indices.contains(index)
            case .contents(let contents): contents.startsPage(at: index)
            }
        }
    }

    /// A backend's pages: whether their last elements turn pages, and how they are cut again.
    private struct BackendPages: Sendable {
        let marksPageTurns: Bool
        let relayout: PageRelayout?
    }

    private struct State {
        var layout: PageLayout?
        var pageStarts: [ReadingPosition]?
    }

    /// A paginated document over `elements`, laid out with `layout`. Links the elements set
    /// stay; an element whose next (previous) element is `nil` is linked to the one after
    /// (before) it.
    ///
    /// - Parameters:
    ///   - elements: the elements in layout order (pages are cut in this order), their links
    ///     giving the reading order; ``TextElement``s are laid out at the layout's width, other
    ///     elements keep their own lines.
    ///   - layout: the width and the lines per page.
    ///   - pageBreaksBefore: indices of elements that always start a page.
    public convenience init(
        elements: [any NavigableElement], layout: PageLayout = PageLayout(), pageBreaksBefore: Set<Int> = []
    ) {
        Self.linkWhereUnset(elements)
        let given = Elements(source: .given(elements))
        given.relayout(layout.lineSettings)
        self.init(elements: given, layout: layout, pageBreaksBefore: .indices(pageBreaksBefore))
    }

    /// A paginated document over elements already laid out at `layout`'s width.
    private init(elements: Elements, layout: PageLayout, pageBreaksBefore: ForcedBreaks) {
        self.elements = elements
        self.backendPages = nil
        self.forcedBreaks = pageBreaksBefore
        self.state = Locked(State(layout: layout))
    }

    /// A document whose pages a reader backend decided: each inner array is one page's
    /// elements. Empty pages are dropped. Links the elements set stay; an element whose next
    /// (previous) element is `nil` is linked to the one after (before) it, across pages.
    ///
    /// Reading all goes on across pages by itself: each page's last element carries
    /// ``ElementTraits/causesPageTurn`` on its page (``Page/elements``), as UIKit asks of a
    /// paged reader, unless `marksPageTurns` is `false`.
    ///
    /// - Parameters:
    ///   - pages: the elements of each page, in layout order, their links giving the reading
    ///     order.
    ///   - marksPageTurns: whether each page's last element causes a page turn. Pass `false`
    ///     to keep the traits the elements have: reading then stops at a page whose last
    ///     element lacks `causesPageTurn`.
    ///   - relayout: how the backend cuts its elements into pages for a new layout, called by
    ///     ``relayout(_:)``; `nil` when the pages never change.
    public init(
        pages: [[any NavigableElement]], marksPageTurns: Bool = true, relayout: PageRelayout? = nil
    ) {
        let elements = pages.flatMap { $0 }
        self.elements = Elements(source: .given(elements))
        self.backendPages = BackendPages(marksPageTurns: marksPageTurns, relayout: relayout)
        self.forcedBreaks = .indices([])
        self.state = Locked(State(layout: nil, pageStarts: Self.pageStarts(of: pages)))
        Self.linkWhereUnset(elements)
    }

    /// A document whose elements are made from `contents` as they are first asked for, and let
    /// go when nobody holds them (``Elements``), laid out with `layout`; the elements that
    /// `contents` says start a page do (what the books target makes its documents with).
    ///
    /// - Complexity: O(1), making no element.
    package convenience init(contents: any ElementContentSource, layout: PageLayout) {
        let factory = ElementFactory(contents: contents, settings: layout.lineSettings)
        self.init(elements: Elements(source: .made(factory)), layout: layout, pageBreaksBefore: .contents(contents))
    }

    /// The contents the document's elements are made from, or `nil` for a document made with
    /// its elements.
    package var elementContents: (any ElementContentSource)? {
        if case .contents(let contents) = forcedBreaks { return contents }
        return nil
    }

    /// The document's positions list and progression (``PositionList``), made on first use
    /// from the elements' text lengths without making a book's elements.
    ///
    /// - Complexity: O(n) in the number of elements the first time, O(1) after.
    public var positionList: PositionList {
        if let list = positions.withLock({ $0 }) { return list }
        let count = elements.count
        let list: PositionList
        if let contents = elementContents {
            list = PositionList(
                lengths: (0..<count).map(contents.textLength(at:)), resources: (0..<count).map(contents.resource(at:)))
        } else {
            list = PositionList(
                lengths: elements.map(\.text.count), resources: elements.map(\.markup.href))
        }
        positions.withLock { $0 = $0 ?? list }
        return list
    }

    /// The page layout: the one given last, or `nil` for backend-made pages never laid out.
    public var layout: PageLayout? { state.withLock { $0.layout } }

    /// Whether the document cuts its pages from its layout (a backend's pages are cut by the
    /// backend).
    var isPaginatedByLayout: Bool { backendPages == nil }

    /// Lays the document out again for `layout`. Reading positions, and so every locator, stay
    /// valid; pages change.
    ///
    /// Backend-made pages are cut again by the backend's relayout callback (after the text
    /// elements are laid out at the new width); its pages must hold the document's elements in
    /// the same order, else they are refused and the pages stay as they were.
    ///
    /// - Parameter layout: the new width and lines per page.
    /// - Returns: `false` when the pages could not change: backend-made pages without a
    ///   relayout callback, or a callback whose pages hold other elements.
    @discardableResult
    public func relayout(_ layout: PageLayout) -> Bool {
        guard let backendPages else {
            elements.relayout(layout.lineSettings)
            state.withLock { $0 = State(layout: layout) }
            return true
        }
        guard let relayout = backendPages.relayout else { return false }
        elements.relayout(layout.lineSettings)
        let pages = relayout(layout)
        let flattened = pages.joined()
        guard flattened.count == elements.count,
            zip(flattened, elements).allSatisfy({ $0 === $1 })
        else { return false }
        let starts = Self.pageStarts(of: pages)
        state.withLock { $0 = State(layout: layout, pageStarts: starts) }
        return true
    }

    /// Where the non-empty pages among `pages` start.
    private static func pageStarts(of pages: [[any NavigableElement]]) -> [ReadingPosition] {
        var starts: [ReadingPosition] = []
        var index = 0
        for page in pages where !page.isEmpty {
            starts.append(ReadingPosition(element: index, offset: 0))
            index += page.count
        }
        return starts.isEmpty ? [ReadingPosition(element: 0, offset: 0)] : starts
    }

    /// The first position of the document.
    public var startPosition: ReadingPosition { ReadingPosition(element: 0, offset: 0) }

    /// The last position of the document: the end of its last element.
    public var endPosition: ReadingPosition {
        guard let last = elements.indices.last else { return ReadingPosition(element: 0, offset: 0) }
        return ReadingPosition(element: last, offset: elements.textLength(at: last))
    }

    /// Whether `position` names an element of the document and an offset within its text.
    public func contains(_ position: ReadingPosition) -> Bool {
        position.element >= 0 && position.element < elements.count && position.offset >= 0
            && position.offset <= elements.textLength(at: position.element)
    }

    // MARK: Pages

    /// The number of pages (at least 1).
    ///
    /// - Complexity: the first call after a layout change lays out the whole document.
    public var pageCount: Int { pageStarts().count }

    /// Page `index` (from 0), or `nil` when there is no such page.
    public func page(at index: Int) -> Page? {
        index >= 0 && index < pageCount ? Page(document: self, index: index) : nil
    }

    /// The page holding `position` (the last page for positions past the end).
    public func page(containing position: ReadingPosition) -> Page {
        Page(document: self, index: pageIndex(containing: position))
    }

    /// The index of the page holding `position`.
    ///
    /// - Complexity: O(log p) once pages are computed.
    public func pageIndex(containing position: ReadingPosition) -> Int {
        let starts = pageStarts()
        var low = 0
        var high = starts.count
        while low + 1 < high {
            let middle = (low + high) / 2
            if starts[middle] <= position { low = middle } else { high = middle }
        }
        return low
    }

    func pageStart(_ index: Int) -> ReadingPosition {
        let starts = pageStarts()
        return starts[min(max(0, index), starts.count - 1)]
    }

    func pageEnd(_ index: Int) -> ReadingPosition {
        let starts = pageStarts()
        return index + 1 < starts.count ? starts[index + 1] : endPosition
    }

    func pageElements(_ index: Int) -> [PageElement] {
        guard !elements.isEmpty else { return [] }
        let start = pageStart(index)
        let end = pageEnd(index)
        let isLastPage = index + 1 >= pageCount
        var result: [PageElement] = []
        for elementIndex in start.element...min(end.element, elements.count - 1) {
            let element = elements[elementIndex]
            let lower = elementIndex == start.element ? start.offset : 0
            let upper = elementIndex == end.element && !isLastPage ? end.offset : element.text.count
            if upper <= lower, !(element.text.isEmpty && (elementIndex < end.element || isLastPage)) { continue }
            result.append(
                PageElement(element: element, elementIndex: elementIndex, range: lower..<upper, traits: element.traits))
        }
        if backendPages?.marksPageTurns ?? true, let last = result.popLast() {
            result.append(
                PageElement(
                    element: last.element, elementIndex: last.elementIndex, range: last.range,
                    traits: last.traits.union(.causesPageTurn)))
        }
        return result
    }

    private func pageStarts() -> [ReadingPosition] {
        if let starts = state.withLock({ $0.pageStarts }) { return starts }
        let layout = state.withLock { $0.layout }
        let starts = paginate(linesPerPage: layout?.linesPerPage ?? Int.max)
        keep(pageStarts: starts, for: layout)
        return starts
    }

    /// The layout, and whether its pages are known.
    var paginationState: (layout: PageLayout?, isPaginated: Bool) {
        state.withLock { ($0.layout, $0.pageStarts != nil) }
    }

    /// Keeps `starts` as the pages of `layout`, unless the layout changed meanwhile.
    func keep(pageStarts starts: [ReadingPosition], for layout: PageLayout?) {
        state.withLock { state in
            if state.layout == layout { state.pageStarts = starts }
        }
    }

    /// Whether a page break is forced before element `index` (a form feed in a book).
    func isPageBreakForced(before index: Int) -> Bool { forcedBreaks.isForced(before: index) }
}

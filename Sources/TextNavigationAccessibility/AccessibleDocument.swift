import CAccessibilityBridge
import TextNavigation

/// A ``Document`` published on the Linux accessibility bus (AT-SPI), so that a screen reader
/// (Orca), unchanged, reads it: by character, word, sentence and line, say-all across pages,
/// with the caret and selection shared.
///
/// The tree is an application, a frame, a document frame and one text object per element, with
/// its role (paragraph, heading with its level, image named by its label, scanned page), its
/// states, its `language` text attribute and `FLOWS_TO`/`FLOWS_FROM` relations from the
/// element links (say-all follows them). Text queries are answered by the element's tokenizer
/// and geometry with ATK's boundary conventions (``ATKSegments``); extents come from the page
/// laid out on a screen of cells (``PageScreen``), ``cellWidth`` by ``cellHeight`` pixels each,
/// the frame at the screen's origin.
///
/// Only the elements of the pages around the caret are published (the caret's page, the one
/// before and the one after, and the element say-all flows to): a book of any length keeps a
/// few dozen objects alive.
///
/// The bridge is one per process, and everything happens on the thread that made the document
/// and pumps the main loop (``iterate(blocking:)``): screen readers call synchronously, about a
/// hundred times a keystroke, and each answer is computed from units the element keeps.
public final class AccessibleDocument {
    /// The document published.
    public let document: Document
    /// The width of a cell in pixels.
    public let cellWidth: Int
    /// The height of a cell (a line) in pixels.
    public let cellHeight: Int
    /// Where the caret is.
    public internal(set) var caret: ReadingPosition
    /// The selection, in one element (UTF-16 offsets), or `nil`.
    public internal(set) var selection: (element: Int, range: Range<Int>)?
    /// The page on the screen.
    public private(set) var shownPage: Int
    /// Called when the screen reader moved the caret, changed the selection or turned the page:
    /// the host redraws.
    public var didChange: (() -> Void)?

    let frame: OpaquePointer
    let documentNode: OpaquePointer
    var published: [Int: AccessibleElement] = [:]
    var screens: [Int: PageScreen] = [:]
    var inputHandlers: [UInt32: InputHandler] = [:]
    var navigator: Navigator

    /// Publishes `document` on the accessibility bus, as an application named
    /// `applicationName` with a frame titled `title`, the caret at `caret` and focused.
    ///
    /// - Throws: ``AccessibilityError/busUnavailable(_:)`` with no bus to register on (no D-Bus
    ///   session), ``AccessibilityError/alreadyPublished`` when this process publishes one.
    public init(
        document: Document, title: String, applicationName: String = "readaloud",
        caret: ReadingPosition? = nil, cellWidth: Int = 8, cellHeight: Int = 16
    ) throws(AccessibilityError) {
        guard !ra_bridge_is_started() else { throw .alreadyPublished }
        self.document = document
        self.cellWidth = max(1, cellWidth)
        self.cellHeight = max(1, cellHeight)
        navigator = Navigator(document: document, position: caret)
        self.caret = navigator.position
        shownPage = document.elements.isEmpty ? 0 : document.pageIndex(containing: navigator.position)
        var callbacks = Self.callbacks
        var message = [CChar](repeating: 0, count: 256)
        guard ra_bridge_start(&callbacks, applicationName, &message, Int32(message.count)) == 0 else {
            throw .busUnavailable(
                String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        let layout = document.layout ?? PageLayout()
        let bounds = ra_rect(
            x: 0, y: 0, width: Int32(layout.cellWidth * self.cellWidth),
            height: Int32(2 * layout.linesPerPage * self.cellHeight))
        frame = ra_frame_new(title, bounds)
        documentNode = ra_document_new(frame, title, bounds)
        Self.current = self
        moveCaret(to: self.caret)
    }

    deinit {
        if Self.current === self { Self.current = nil }
    }

    /// The one document this process publishes, which the C callbacks reach.
    nonisolated(unsafe) static weak var current: AccessibleDocument?

    /// The frame's width in pixels: the layout's width in cells.
    var screenWidth: Int { (document.layout ?? PageLayout()).cellWidth * cellWidth }

    /// The elements published now, by index.
    public var publishedElements: [Int] { published.keys.sorted() }

    /// The screen of page `page` (``PageScreen``), the one extents are computed from.
    public func screen(ofPage page: Int) -> PageScreen {
        if let known = screens[page] { return known }
        let made = PageScreen(document: document, page: page)
        if screens.count > 8 { screens.removeAll() }
        screens[page] = made
        return made
    }

    /// Moves the caret to `position` (clamped into the document) as the host's own caret move
    /// (a key the screen reader let through): the element's page is shown and published, the
    /// element focused, and `text-caret-moved` emitted.
    public func moveCaret(to position: ReadingPosition) {
        navigator.move(to: position)
        caret = navigator.position
        guard !document.elements.isEmpty else { return }
        show(page: document.pageIndex(containing: caret))
        let element = publish(caret.element)
        ra_node_focus(element.node)
        ra_text_set_caret(element.node, Int32(element.characters.scalarOffset(caret.offset)))
    }

    /// Selects `range` (UTF-16 offsets) of element `element`, or removes the selection with an
    /// empty range, announcing it with `text-selection-changed`.
    public func select(_ range: Range<Int>, inElement element: Int) {
        guard document.elements.indices.contains(element) else { return }
        let published = publish(element)
        let map = published.characters
        if let old = selection, old.element != element, let oldNode = self.published[old.element] {
            ra_text_set_selection(oldNode.node, 0, 0)
        }
        selection = range.isEmpty ? nil : (element, range)
        ra_text_set_selection(
            published.node, Int32(map.scalarOffset(range.lowerBound)), Int32(map.scalarOffset(range.upperBound)))
    }

    /// Lays the document out again (``Document/relayout(_:)``) and publishes it anew: every
    /// text object is withdrawn (its lines, extents and units were the old layout's) and the
    /// pages around the caret published again, the caret kept. A screen reader's calls between
    /// two iterations of the loop see either the old objects whole or the new ones.
    ///
    /// - Returns: `false` when the document's pages could not change (see
    ///   ``Document/relayout(_:)``); nothing is withdrawn then.
    @discardableResult
    public func relayout(_ layout: PageLayout) -> Bool {
        guard document.relayout(layout) else { return false }
        for element in published.values { ra_node_remove(element.node) }
        published.removeAll()
        screens.removeAll()
        moveCaret(to: caret)
        return true
    }

    /// Shows page `page`: its elements, the page before and the page after are published, the
    /// others withdrawn (`children-changed::remove`).
    func show(page: Int) {
        shownPage = min(max(0, page), max(0, document.pageCount - 1))
        var kept = Set<Int>()
        for index in max(0, shownPage - 1)...min(shownPage + 1, max(0, document.pageCount - 1)) {
            for pageElement in document.page(at: index)?.elements ?? [] { kept.insert(pageElement.elementIndex) }
        }
        kept.insert(caret.element)
        for (index, element) in published where !kept.contains(index) {
            ra_node_remove(element.node)
            published[index] = nil
        }
        for index in kept.sorted() { _ = publish(index) }
    }

    /// The published element `index`, published now if it was not: inserted among the
    /// document frame's children in document order.
    @discardableResult
    func publish(_ index: Int) -> AccessibleElement {
        if let known = published[index] { return known }
        let element = AccessibleElement(index: index, element: document.elements[index])
        let position = published.keys.filter { $0 < index }.count
        published[index] = element
        ra_node_insert(documentNode, Int32(position), element.node)
        return element
    }
}

@available(*, unavailable)
extension AccessibleDocument: Sendable {}

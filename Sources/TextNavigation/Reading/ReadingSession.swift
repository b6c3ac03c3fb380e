/// "Read all" (Speak Screen): the units of a document in reading order from a position to the
/// end, turning pages by itself.
///
/// - Elements come in the document's reading order: after an element, the one its
///   ``NavigableElement/nextTextNavigationElement`` is (see ``Document``). Reading ends where
///   that link is `nil` or leads outside the document, or where it leads back to an element
///   this session has read (a cycle). When the next element is on another page, the page turns
///   to it: forward a page at a time, as below; back to an earlier page in one turn.
/// - Reading from a position starts at the start of the unit holding it (by default the start
///   of the page the reader is on, not the chapter's start); reading from a page starts with
///   the first unit that starts on it. Every utterance's ``Utterance/page`` is the page on
///   which its unit starts.
/// - A unit that crosses a page edge is one utterance, on the page where it starts; the page
///   turns before the first unit that starts on the next page. A page turns only when its last
///   element has ``ElementTraits/causesPageTurn`` and the page can scroll forward; otherwise
///   reading ends there.
/// - Nothing is dropped or repeated: within each element the utterances, in order, with the
///   gaps between them, are its text exactly. The units are the tokenizer's
///   ``StringTokenizer/readingUnits(for:)``: an element with no word but some text that is not
///   white space (a line of asterisks, a row of emoji) is read by its sentences at word
///   granularity; an element with no unit at all but such text (a backend's element without
///   lines) is read as one utterance.
/// - Elements outside the reading order (``ElementMarkup/isOutsideReadingOrder``: an EPUB's
///   `linear="no"` documents) and elements of the kinds of content the session skips
///   (``skipping``: notes by default, see ``ContentKind``) are passed by, except the run of
///   them the session starts in: a reader who followed a note reference and reads from there
///   hears the note, then reading goes on with what follows it.
/// - After a heading's last utterance comes a ``ReadingEvent/heading(element:text:)`` event
///   (with the table of contents' title, ``ElementMarkup/headingTitle``, when it has one), and
///   after any element's last utterance its high-importance custom content
///   (``ReadingEvent/customContent(element:content:)``), as VoiceOver reads `AXCustomContent`.
///
/// Opening a long book at a saved place need not wait for the whole book to be laid out: a
/// session made with `deferringPagination` produces its first utterance before the document
/// is paginated, and paginates on the next event (see
/// ``init(document:granularity:from:deferringPagination:narration:skipping:)``).
///
/// Pull events with ``next()`` or `for event in session`: a class, its own iterator, so a loop
/// reads the session itself (after `break`, ``position`` is where it stopped; `Array(session)`
/// reads it to the end). ``pause()`` stops after the current event; ``position`` is then where
/// to resume, in this session (``resume()``) or a new one. Not `Sendable`: one reader's
/// session. Sessions on different tasks may share a document.
// Long because: one pull-based state machine (cursor, page, pending events, the run passed by)
// whose private state every step reads; the narration's and the pages' parts are in their own
// types.
public final class ReadingSession: Sequence, IteratorProtocol {
    /// The session's state.
    public enum State: Sendable, Hashable {
        /// Made, nothing read yet.
        case ready
        case reading
        /// Paused: ``next()`` returns `nil` until ``resume()``.
        case paused
        /// The ``ReadingEvent/end`` event has been produced.
        case finished
    }

    public let document: Document
    public let granularity: TextGranularity
    /// The recorded narration read-all plays where it has some (each ``NarratedSpan`` one
    /// utterance), or `nil`.
    public let narration: Narration?
    /// The kinds of content read-all passes by (``ContentKind/skippedByDefault`` unless the
    /// session was made with others).
    public let skipping: Set<ContentKind>
    /// Where reading ends early: before this element (the next chapter's first), which it
    /// reaches as it would the document's end; `nil` reads to the end.
    public var endElement: Int?
    /// Where reading goes on from: the end of the last utterance, always a position in the
    /// document (the end of the last element read once reading has ended), so a new session
    /// made from it goes on without repeating anything.
    public var position: ReadingPosition {
        guard cursor.element >= document.elements.count, !document.elements.isEmpty else { return cursor }
        return ReadingPosition(element: walk.element, offset: document.elements.textLength(at: walk.element))
    }

    /// The next place to read: may be one past the last element, where reading ends.
    private var cursor: ReadingPosition
    /// The elements read, in reading order: the walk is at the cursor's element, or at the last
    /// element read once the cursor is past the end.
    private var walk: ReadingOrderWalk
    public private(set) var state: State = .ready

    /// The page the reader is on; `nil` until a session that defers pagination needs it.
    private var page: Page?
    /// Where a session that defers pagination started: its first page is the one holding this.
    private var deferredStart: ReadingPosition?
    /// Whether a session that defers pagination has produced its first utterance.
    private var hasDeferredUtterance = false
    private var pending: [ReadingEvent] = []
    private var cachedUnits: (element: Int, units: TextUnits, spans: [NarratedSpan])?
    /// The element being read, and what every utterance asks of it, looked up once per element.
    private var current: UtteranceSource?
    /// The reading positions of the page the reader is on, from its start up to the next
    /// page's start (`nil` on the last page), once a unit has been placed on it.
    private var pageSpan: (index: Int, start: ReadingPosition, end: ReadingPosition?)?
    private var elementHadUtterance = false
    /// Whether elements passed by (outside the reading order, or of a kind skipped) are read:
    /// only in the run of them where the session starts.
    private var readsPassedBy = false
    /// The elements before this index have their units prepared (read ahead, see
    /// ``units(in:)``).
    private var preparedEnd = 0
    /// How many UTF-16 units the next read-ahead prepares: small at first, so the first
    /// utterance does not wait, doubling up to ``Document/preparationBudget``.
    private var preparationBudget = 4_096

    /// A session from `position` (clamped into the document).
    ///
    /// - Parameters:
    ///   - document: the document to read.
    ///   - granularity: the unit of each utterance (``TextGranularity/document`` reads by
    ///     paragraph).
    ///   - position: where to read from: the start of the unit holding it.
    ///   - deferringPagination: when `true` and the document's pages come from layout, the
    ///     session does not paginate the document to start: the first utterance is produced
    ///     from the element at `position` alone (its ``Utterance/page`` is found when asked),
    ///     and the next event paginates the document. Page turns that would come before the
    ///     first utterance (a start in the white space just before a page edge) then come after
    ///     it, before the second; the events are otherwise the same. Backend-made pages are
    ///     never deferred (they cost nothing to count).
    ///   - narration: recorded narration to play where it has some (see ``Narration``).
    ///   - skipping: the kinds of content to pass by (see ``ContentKind``).
    /// - Complexity: O(length of the element at `position`) when deferring; otherwise the first
    ///   session of a document lays out the whole document.
    public convenience init(
        document: Document, granularity: TextGranularity = .sentence, from position: ReadingPosition,
        deferringPagination: Bool = false, narration: Narration? = nil,
        skipping: Set<ContentKind> = ContentKind.skippedByDefault
    ) {
        self.init(
            document: document, granularity: granularity, from: position, page: nil,
            deferringPagination: deferringPagination, narration: narration, skipping: skipping)
    }

    /// A session from the first unit that starts on page `page`: a unit begun on the page
    /// before, and crossing onto this one, is not read again. Its utterances are on this page
    /// until the page turns.
    ///
    /// - Parameters:
    ///   - document: the document to read.
    ///   - granularity: the unit of each utterance (``TextGranularity/document`` reads by
    ///     paragraph).
    ///   - page: the page number, from 1 as ``Page/number`` and ``Utterance/page`` count;
    ///     clamped to the document's pages.
    ///   - narration: recorded narration to play where it has some (see ``Narration``).
    ///   - skipping: the kinds of content to pass by (see ``ContentKind``).
    public convenience init(
        document: Document, granularity: TextGranularity = .sentence, page: Int = 1, narration: Narration? = nil,
        skipping: Set<ContentKind> = ContentKind.skippedByDefault
    ) {
        let clamped = Swift.min(Swift.max(1, page), document.pageCount) - 1
        self.init(
            document: document, granularity: granularity, from: document.pageStart(clamped), page: clamped,
            deferringPagination: false, narration: narration, skipping: skipping)
    }

    /// The session from `position`; with a `page`, reading starts with the first unit starting
    /// at or after `position`, on that page, instead of the unit holding it.
    private init(
        document: Document, granularity: TextGranularity, from position: ReadingPosition, page pageIndex: Int?,
        deferringPagination: Bool, narration: Narration?, skipping: Set<ContentKind>
    ) {
        let granularity = granularity == .document ? TextGranularity.paragraph : granularity
        (self.document, self.granularity, self.skipping) = (document, granularity, skipping)
        self.narration = narration?.isEmpty == false ? narration : nil
        var navigator = Navigator(document: document)
        navigator.move(to: position)
        var cursor = navigator.position
        self.walk = ReadingOrderWalk(document: document, from: cursor.element, .forward)
        if cursor.element < document.elements.count {
            // Start at the start of the unit holding the position, or, from a page's start,
            // after the unit begun on the page before: the units read-all reads (a run with no
            // word in it is read by its sentence), so the page the reader is on is the one
            // the first utterance starts on.
            let units = Self.readingUnits(
                of: document.elements[cursor.element], at: cursor.element, granularity, narration: self.narration)
            let index = units.firstIndex(endingAfter: cursor.offset)
            if index < units.count, units[index].lowerBound < cursor.offset {
                cursor.offset = pageIndex == nil ? units[index].lowerBound : units[index].upperBound
            }
        }
        self.cursor = cursor
        // The reader is on the page where the first unit starts.
        if let pageIndex {
            self.page = document.page(at: pageIndex)
        } else if deferringPagination, document.isPaginatedByLayout {
            self.deferredStart = cursor
        } else {
            self.page = document.page(containing: cursor)
        }
        self.elementHadUtterance = cursor.offset > 0
        self.readsPassedBy =
            cursor.element < document.elements.count
            && UtteranceSource(document.elements[cursor.element], at: cursor.element).isPassedBy(skipping: skipping)
    }

    /// Stops producing events until ``resume()``; ``position`` is where reading will go on.
    public func pause() {
        if state != .finished { state = .paused }
    }

    /// Goes on after ``pause()``.
    public func resume() {
        if state == .paused { state = .reading }
    }

    /// The next event, or `nil` when paused or after ``ReadingEvent/end``.
    public func next() -> ReadingEvent? {
        guard state != .paused, state != .finished else { return nil }
        state = .reading
        if !pending.isEmpty { return pending.removeFirst() }
        while cursor.element < document.elements.count, cursor.element < endElement ?? Int.max {
            let elementIndex = cursor.element
            let element = currentElement(at: elementIndex)
            guard takesPart(element) else {
                advanceElement()
                continue
            }
            let next = nextRange(in: element, at: elementIndex)
            if let range = next.range {
                return event(
                    reading: range, label: next.label, narration: next.narration, of: element, at: elementIndex,
                    isLastInElement: next.isLast)
            }
            if next.isLast { advanceElement() }
        }
        // The end of the document: the last page's scroll forward fails, so reading ends.
        return finish()
    }

    /// The element at `index`, looked up when reading reaches it.
    private func currentElement(at index: Int) -> UtteranceSource {
        if let current, current.index == index { return current }
        let made = UtteranceSource(document.elements[index], at: index)
        current = made
        return made
    }

    /// Whether read-all reads `element` where it is now: elements passed by (outside the
    /// reading order, or of a kind skipped) only in the run of them the session started in.
    private func takesPart(_ element: UtteranceSource) -> Bool {
        guard element.isPassedBy(skipping: skipping) != readsPassedBy else { return true }
        if readsPassedBy {
            readsPassedBy = false
            return true
        }
        return false
    }

    /// The next range of `element` to read, moving the cursor past it: its next unit, its whole
    /// text when it has no unit, or, for an element read by its label, an empty range with the
    /// label. `range` is `nil` when there is nothing (more) to say; `isLast` when nothing of the
    /// element is left after it.
    private func nextRange(in element: UtteranceSource, at index: Int)
        -> (range: Range<Int>?, label: String?, narration: NarratedSpan?, isLast: Bool)
    {
        if let label = element.labelRead {
            return (elementHadUtterance ? nil : 0..<0, label, nil, true)
        }
        let elementUnits = units(in: index)
        let unit = elementUnits.firstIndex(endingAfter: cursor.offset)
        var range: Range<Int>?
        var narrated: NarratedSpan?
        if unit < elementUnits.count {
            let found = elementUnits[unit]
            narrated = cachedUnits?.spans.first { $0.range == found }
            if let narrated, narration?.passesBy(narrated, skipping: skipping) == true {
                cursor.offset = found.upperBound
                return (nil, nil, nil, unit + 1 >= elementUnits.count)
            }
            // A narrated span is played even when its text is white space alone.
            range = narrated == nil ? trimmed(found, in: element) : found
            cursor.offset = found.upperBound
        } else if !elementHadUtterance {
            // No unit at all: read the element's text if there is something to say.
            range = trimmed(0..<element.text.count, in: element)
            cursor.offset = element.text.count
        }
        return (range?.isEmpty == false ? range : nil, nil, narrated, unit + 1 >= elementUnits.count)
    }

    /// The events for reading `range` of `element` (or its `label`): the page turns before it,
    /// its utterance, and what follows the element's last utterance.
    private func event(
        reading range: Range<Int>, label: String?, narration: NarratedSpan?, of element: UtteranceSource,
        at elementIndex: Int, isLastInElement: Bool
    ) -> ReadingEvent {
        let unitStart = ReadingPosition(element: elementIndex, offset: range.lowerBound)
        let pageNumber: Utterance.PageNumber
        var turns: [ReadingEvent] = []
        if page == nil, let deferredStart, !hasDeferredUtterance {
            // The first utterance of a deferring session: its page is found when asked.
            hasDeferredUtterance = true
            pageNumber = .deferred(Utterance.DeferredPage(document: document, start: deferredStart, unit: unitStart))
        } else {
            guard let made = turnPages(toward: unitStart) else { return finish() }
            turns = made
            pageNumber = .known(currentPage().number)
        }
        elementHadUtterance = true
        let utterance = Utterance(
            source: element, range: range, page: pageNumber, granularity: granularity, readsLabel: label != nil,
            narration: narration)
        let endEvents = isLastInElement ? Self.eventsAtEnd(of: element.element, index: elementIndex) : []
        if isLastInElement { advanceElement() }
        // Most utterances come alone: no queue to fill and drain.
        if turns.isEmpty, endEvents.isEmpty { return .utterance(utterance) }
        pending = turns + [.utterance(utterance)] + endEvents
        return pending.removeFirst()
    }

    /// What follows an element's last utterance: "Heading" for a heading, then its
    /// high-importance custom content (the rest is on demand, like `AXCustomContent`).
    private static func eventsAtEnd(of element: any NavigableElement, index: Int) -> [ReadingEvent] {
        var events: [ReadingEvent] = []
        if element.traits.contains(.heading) {
            events.append(.heading(element: index, text: element.markup.headingTitle ?? element.string))
        }
        for content in element.customContent where content.importance == .high {
            events.append(.customContent(element: index, content: content))
        }
        return events
    }

    private func finish() -> ReadingEvent {
        state = .finished
        pending.removeAll()
        return .end
    }

    /// Goes on to the next element in reading order, or one past the last element at the end.
    private func advanceElement() {
        cursor = ReadingPosition(element: walk.step() ?? document.elements.count, offset: 0)
        elementHadUtterance = false
    }

    /// Turns pages until the one holding `target`, giving a page-turn event for each; `nil`
    /// when a page may not turn, and reading ends there. A target on an earlier page (where a
    /// link leads back) turns back to it at once.
    private func turnPages(toward target: ReadingPosition) -> [ReadingEvent]? {
        var page = currentPage()
        // Most units start on the page the reader is on: no need to ask the document.
        if let span = pageSpan, span.index == page.index, span.start <= target,
            span.end.map({ target < $0 }) ?? true
        {
            return []
        }
        defer { self.page = page }
        let targetIndex = document.pageIndex(containing: target)
        var turns: [ReadingEvent] = []
        if targetIndex < page.index, let earlier = document.page(at: targetIndex) {
            turns.append(.pageTurn(from: page.number, to: earlier.number, announcement: earlier.announcement))
            page = earlier
        }
        while page.index < targetIndex {
            let from = page.number
            guard page.lastElementCausesPageTurn, page.scroll(.forward) else { return nil }
            turns.append(.pageTurn(from: from, to: page.number, announcement: page.announcement))
        }
        let index = page.index
        pageSpan = (
            index, document.pageStart(index), index + 1 < document.pageCount ? document.pageStart(index + 1) : nil
        )
        return turns
    }

    /// The page the reader is on, found (paginating the document) the first time a session that
    /// defers pagination needs it.
    private func currentPage() -> Page {
        if let page { return page }
        let found = document.page(containing: deferredStart ?? cursor)
        page = found
        return found
    }

    /// The units of the element at `element`. Words and sentences are read ahead: reaching an
    /// element whose units are not yet known prepares it and the elements after it, a stretch
    /// of text at a time (the first utterance's element, found when the session was made,
    /// prepares nothing), in one ICU pass where they are paragraphs of one book
    /// (``Document/prepareUnitsAhead(_:from:budget:)``).
    private func units(in element: Int) -> TextUnits {
        if let cachedUnits, cachedUnits.element == element { return cachedUnits.units }
        if let narration, case let spans = narration.spans(in: element), !spans.isEmpty {
            let units = Self.readingUnits(
                of: document.elements[element], at: element, granularity, narration: narration)
            cachedUnits = (element, units, spans)
            return units
        }
        if element >= preparedEnd, granularity == .word || granularity == .sentence,
            !document.elements[element].stringTokenizer.hasUnits(granularity)
        {
            preparedEnd = document.prepareUnitsAhead(granularity, from: element, budget: preparationBudget)
            preparationBudget = Swift.min(preparationBudget * 2, Document.preparationBudget)
        }
        let elementUnits = document.elements[element].stringTokenizer.readingUnits(for: granularity)
        cachedUnits = (element, elementUnits, [])
        return elementUnits
    }

    /// The units read-all reads in `element` (at index `index`): the tokenizer's reading units,
    /// and with narration its spans in their place (``Narration/units(_:around:)``).
    private static func readingUnits(
        of element: any NavigableElement, at index: Int, _ granularity: TextGranularity, narration: Narration?
    ) -> TextUnits {
        let units = element.stringTokenizer.readingUnits(for: granularity)
        guard let spans = narration?.spans(in: index), !spans.isEmpty else { return units }
        return Narration.units(units, around: spans) { element.text.string(in: $0) ?? "" }
    }

    private func trimmed(_ range: Range<Int>, in element: UtteranceSource) -> Range<Int> {
        element.element.stringTokenizer.rangeTrimmingWhiteSpace(range)
    }
}

extension Document {
    /// A document's elements in reading order, indexed from 0.
    ///
    /// A document made with elements (``Document/init(elements:layout:pageBreaksBefore:)``,
    /// ``Document/init(pages:marksPageTurns:relayout:)``) holds them all. A book's document
    /// (`Document(book:locale:layout:)` (books target)) makes each element when it is first asked for and
    /// keeps it while anyone holds it, and also the few it handed out most recently: asking for
    /// an index again gives the same element as long as it is alive, and an element nobody holds
    /// is let go, with its tokenizer's caches, so a book's memory does not grow with every
    /// paragraph read. Hold an element (or its tokenizer) to keep its caches. A book's document
    /// reads its paragraphs in order: links set on an element it made would not outlive the
    /// element, and navigation and reading do not follow them.
    ///
    /// - Complexity: `count` is O(1); the subscript is O(1) (for a book, a lock, and the
    ///   element's construction when it is not alive).
    public struct Elements: RandomAccessCollection, Sendable {
        public typealias Index = Int
        public typealias Indices = Range<Int>

        enum Source: Sendable {
            case given([any NavigableElement])
            case made(ElementFactory)
        }

        let source: Source
        /// The index of each given element, by identity (the first, for an element given twice);
        /// empty for a book's elements, which know their own.
        private let indexByIdentity: [ObjectIdentifier: Int]

        init(source: Source) {
            self.source = source
            guard case .given(let elements) = source else {
                indexByIdentity = [:]
                return
            }
            indexByIdentity = Dictionary(
                zip(elements.lazy.map { ObjectIdentifier($0) }, elements.indices),
                uniquingKeysWith: { first, _ in first })
        }

        public var startIndex: Int { 0 }

        public var endIndex: Int {
            switch source {
            case .given(let elements): elements.count
            case .made(let factory): factory.count
            }
        }

        /// The element at `position`, which must be a valid index.
        public subscript(position: Int) -> any NavigableElement {
            switch source {
            case .given(let elements): elements[position]
            case .made(let factory): factory.element(at: position)
            }
        }

        /// The index of `element` among these elements (by identity), or `nil`: a dictionary
        /// look-up for given elements; for a book's, the element's own index, nothing made.
        func index(of element: any NavigableElement) -> Int? {
            switch source {
            case .given: indexByIdentity[ObjectIdentifier(element)]
            case .made(let factory): (element as? TextElement)?.index(in: factory)
            }
        }

        /// Whether the elements are read in their order whatever their links say: a book's,
        /// made on demand and let go, so that links set on one would not last.
        var readsInElementOrder: Bool {
            if case .made = source { return true }
            return false
        }

        /// The tokenizers of the elements at `indices` (valid indices), in order: for a book's
        /// document, the elements found or made under one lock rather than one per element,
        /// those made kept as handed out (``ElementFactory/tokenizers(in:)``).
        func tokenizers(in indices: Range<Int>) -> [StringTokenizer] {
            switch source {
            case .given(let elements): elements[indices].map { $0.stringTokenizer }
            case .made(let factory): factory.tokenizers(in: indices)
            }
        }

        /// The tokenizers of the elements at `indices` (valid indices) that are alive now, in
        /// order, `nil` for the others: none is made, and none is recorded as handed out (a
        /// document made with elements holds them all).
        func aliveTokenizers(in indices: Range<Int>) -> [StringTokenizer?] {
            switch source {
            case .given(let elements): elements[indices].map { $0.stringTokenizer }
            case .made(let factory): factory.aliveElements(in: indices).map { $0?.tokenizer }
            }
        }

        /// The locale of the element at `index` (a BCP-47 tag or ICU id), without making the
        /// element.
        func locale(at index: Int) -> String {
            switch source {
            case .given(let elements): elements[index].stringTokenizer.locale
            case .made(let factory): factory.locale(at: index)
            }
        }

        /// The length of the text of the element at `index` in UTF-16 code units, without making
        /// the element or its text.
        func textLength(at index: Int) -> Int {
            switch source {
            case .given(let elements): elements[index].text.count
            case .made(let factory): factory.textLength(at: index)
            }
        }

        /// `body`'s answer, given the length of each element's text in UTF-16 code units by
        /// index (a valid index), without making the elements or their texts, for a pass that
        /// weighs element after element (``Document/elementRun(from:budget:)``).
        ///
        /// The source is taken out once for the pass: ``textLength(at:)`` takes a book's factory
        /// out of the enum for each element and retains it around its call to the contents (an
        /// opaque call), and the factory's elements hold it weakly, so each retain and release is
        /// an atomic on its side table (three quarters of the Analects' sequential character pass
        /// went to the weighing).
        func withTextLengths<R>(_ body: ((Int) -> Int) -> R) -> R {
            switch source {
            case .given(let elements): body { elements[$0].text.count }
            case .made(let factory): factory.withTextLengths(body)
            }
        }

        /// The text of the element at `index`, without making the element.
        func text(at index: Int) -> TextStorage {
            switch source {
            case .given(let elements): elements[index].text
            case .made(let factory): factory.text(at: index)
            }
        }

        /// The line units of the elements in `run` (valid indices) at the document's width,
        /// given to `body` in order, without making the elements (an element that is alive gives
        /// its own).
        func lineUnits(in run: Range<Int>, _ body: (TextUnits) -> Void) {
            switch source {
            case .given(let elements):
                for index in run {
                    // A text element's lines are found without making its tokenizer.
                    body(
                        (elements[index] as? TextElement)?.lines.lineUnits
                            ?? elements[index].stringTokenizer.units(for: .line))
                }
            case .made(let factory): factory.lineUnits(in: run, body)
            }
        }

        /// Lays the elements out with `settings`: those alive now, and those made later.
        func relayout(_ settings: LineSettings) {
            switch source {
            case .given(let elements):
                // Other elements lay themselves out (a backend's relayout callback does).
                for case let element as TextElement in elements { element.lines.relayout(settings) }
            case .made(let factory): factory.relayout(settings)
            }
        }
    }
}

/// The elements of a book's document, made on demand: one per paragraph, a heading's traits for a
/// heading, laid out at the document's width.
///
/// Each index's element is held weakly, so it stays the same object while anyone holds it. The
/// elements handed out most recently are held too, up to ``recentTextBudget`` UTF-16 units of
/// their text, each weighing ``elementWeight`` more (and at least ``recentMinimum`` of them): a
/// reader asking for the same index again and again (a session, a navigator) does not make it
/// anew each time, and elements read ahead (``Document/prepareUnitsAhead(_:from:budget:)``) keep
/// their units until they are read.
///
/// `Sendable`: the paragraphs and locale are immutable; the width, the weak references and the
/// recent elements live behind a lock (`Locked`).
final class ElementFactory: LinkedElementSource {
    /// How much text the most recently handed out elements hold, at most, in UTF-16 units:
    /// twice what a reader prepares ahead at a time (``Document/preparationBudget``, so that
    /// what it prepared stays until it is read), and no more, for a whole read-all's memory is
    /// the book's text and this.
    static let recentTextBudget = 2 * Document.preparationBudget
    /// What an element weighs against ``recentTextBudget`` beside its text, in UTF-16 units: its
    /// own state (tokenizer, layout, units, locks: 1.2 KB an element of the Analects read by
    /// sentence, by massif) as a kilobyte of text, so that a book of short paragraphs keeps a
    /// few dozen of them (a million of one character each kept a quarter of a million, 350 MB,
    /// before elements weighed anything; at 64 units, the Analects' read-all held 300 of them,
    /// 0.35 MB, a sixth of the book's text).
    static let elementWeight = 512
    /// How many of the most recently handed out elements are held, at least.
    static let recentMinimum = 32

    private let source: any ElementContentSource
    /// The number of elements, asked of `source` once.
    let count: Int
    private let state: Locked<State>

    private struct State {
        var settings: LineSettings
        /// The elements made that may be alive, by index: every one among the recent elements,
        /// and those let go from them while someone held them (swept when they outnumber the
        /// recent ones, so that a book of millions of paragraphs does not keep a slot for each).
        var alive: [Int: WeakElement] = [:]
        /// How many entries `alive` may have before the dead ones are swept out.
        var sweepAt = 1024
        /// The elements handed out most recently, oldest first from `head`, each there once;
        /// slots before `head` are empty.
        var recent: [TextElement?] = []
        var head = 0
        /// How many slots were dropped from the front of `recent` in all, so that a slot's
        /// number (its index plus this) stays the same as slots are dropped.
        var dropped = 0
        /// The text length of the elements in `recent`.
        var recentText = 0

        /// Element `index`, the one alive or one `make` makes now, recorded as handed out: an
        /// element still among the recent ones stays where it is (it is held either way, and
        /// counted once against the budget); one that is not goes last. The elements this lets
        /// go are added to `released` (to be released outside the lock); one that nobody else
        /// holds is forgotten now, so its weak reference's side table goes with it.
        ///
        /// The index is looked up once, its entry read and written in place (a copy of it would
        /// add and drop a weak reference).
        mutating func handOut(
            _ index: Int, releasing released: inout [TextElement], make: () -> TextElement
        ) -> TextElement {
            let (element, isRecent) = Self.claim(
                &alive[index, default: WeakElement()], slot: dropped + recent.count, oldest: dropped + head,
                make: make)
            if isRecent { return element }
            recent.append(element)
            recentText += element.text.count + ElementFactory.elementWeight
            while recent.count - head > ElementFactory.recentMinimum, recentText > ElementFactory.recentTextBudget {
                var evicted = recent[head].take()!
                head += 1
                recentText -= evicted.text.count + ElementFactory.elementWeight
                if isKnownUniquelyReferenced(&evicted) { alive[evicted.index] = nil }
                released.append(evicted)
            }
            if alive.count > sweepAt {
                alive = alive.filter { $0.value.element != nil }
                sweepAt = max(1024, 2 * alive.count)
            }
            if head >= 1024, head * 2 >= recent.count {
                recent.removeFirst(head)
                dropped += head
                head = 0
            }
            return element
        }

        /// Element `index` if it is alive, its entry read in place (a copy of it would add and
        /// drop a weak reference).
        mutating func aliveElement(_ index: Int) -> TextElement? {
            guard let entry = alive.index(forKey: index) else { return nil }
            return Self.element(of: &alive.values[entry])
        }

        private static func element(of entry: inout WeakElement) -> TextElement? { entry.element }

        /// The element of `entry` (made by `make` when none is alive), and whether it is among
        /// the recent elements still (its slot number is `oldest` or later: only the element
        /// made for an index while it is alive can be in that slot); when it is not, `entry`
        /// records `slot` as its slot, for the caller to put it there.
        private static func claim(
            _ entry: inout WeakElement, slot: Int, oldest: Int, make: () -> TextElement
        ) -> (TextElement, isRecent: Bool) {
            if let alive = entry.element {
                if entry.recentSlot >= oldest { return (alive, true) }
                entry.recentSlot = slot
                return (alive, false)
            }
            let made = make()
            entry.element = made
            entry.recentSlot = slot
            return (made, false)
        }
    }

    private struct WeakElement {
        weak var element: TextElement?
        /// The number of the slot of `State.recent` the element went into last (see
        /// `State.dropped`), or -1.
        var recentSlot = -1
    }

    /// Elements made from `contents` (a book's paragraphs or blocks), each with its own
    /// locale, traits and markup.
    init(contents: any ElementContentSource, settings: LineSettings) {
        self.source = contents
        self.count = contents.count
        self.state = Locked(State(settings: settings))
    }

    /// The text of element `index`.
    func text(at index: Int) -> TextStorage { source.text(at: index) }

    /// The length of element `index`'s text in UTF-16 code units.
    func textLength(at index: Int) -> Int { source.textLength(at: index) }

    /// `body`'s answer, given the length of each element's text by index (a valid index), the
    /// contents asked directly (``Document/Elements/withTextLengths(_:)``).
    func withTextLengths<R>(_ body: ((Int) -> Int) -> R) -> R {
        let source = source
        return body { source.textLength(at: $0) }
    }

    /// How many elements the factory keeps track of (tests only): those it holds, and those
    /// others may still hold.
    var trackedCount: Int { state.withLock { $0.alive.count } }

    /// Element `index`: the one alive, or a new one.
    func element(at index: Int) -> TextElement {
        precondition(index >= 0 && index < count, "element index out of range")
        let (element, released): (TextElement, [TextElement]) = state.withLock { state in
            var released: [TextElement] = []
            let settings = state.settings
            let element = state.handOut(index, releasing: &released) { make(index, settings: settings) }
            return (element, released)
        }
        withExtendedLifetime(released) {}  // freed outside the lock
        return element
    }

    /// The tokenizers of the elements at `indices` (valid indices), in order, the elements
    /// found or made under one lock: an element alive now lends its tokenizer, and one made now
    /// is handed out (as by ``element(at:)``), so that it stays made until it is read.
    ///
    /// An element alive now is not recorded again: someone holds it, or it is among the recent
    /// elements already (a reader preparing the elements ahead of it finds most of them not
    /// made yet). Recording each one costs more than tokenizing a short paragraph.
    func tokenizers(in indices: Range<Int>) -> [StringTokenizer] {
        precondition(indices.lowerBound >= 0 && indices.upperBound <= count, "element index out of range")
        let (tokenizers, released): ([StringTokenizer], [TextElement]) = state.withLock { state in
            var tokenizers: [StringTokenizer] = []
            tokenizers.reserveCapacity(indices.count)
            var released: [TextElement] = []
            let settings = state.settings
            for index in indices {
                let element =
                    state.aliveElement(index)
                    ?? state.handOut(index, releasing: &released) { make(index, settings: settings) }
                tokenizers.append(element.tokenizer)
            }
            return (tokenizers, released)
        }
        withExtendedLifetime(released) {}  // freed outside the lock
        return tokenizers
    }

    /// The elements at `indices` (valid indices) that are alive now, `nil` for the others,
    /// under one lock: none is made or recorded as handed out.
    func aliveElements(in indices: Range<Int>) -> [TextElement?] {
        state.withLock { state in indices.map { state.alive[$0]?.element } }
    }

    /// The locale of element `index`.
    func locale(at index: Int) -> String { source.locale(at: index) }

    /// A new element `index`, laid out with `settings` (made with the lock held).
    private func make(_ index: Int, settings: LineSettings) -> TextElement {
        let content = source.content(at: index)
        return TextElement(
            text: content.text, traits: content.traits, label: nil, customActions: [], customContent: [],
            locale: content.locale, settings: settings, maker: self, index: index, markup: content.markup)
    }

    /// The line units of the elements at `indices` (valid indices), given to `body` in order: a
    /// live element's, or found afresh (nothing kept) by one line pass in cells or a layout with
    /// another font model; the live elements and the settings read under one lock.
    func lineUnits(in indices: Range<Int>, _ body: (TextUnits) -> Void) {
        let (alive, settings) = state.withLock { state in
            (indices.map { state.alive[$0]?.element }, state.settings)
        }
        guard settings.usesCells else {
            for (index, alive) in zip(indices, alive) {
                let (text, locale) = (text(at: index), locale(at: index))
                body(alive?.lines.lineUnits ?? LiveLayout(storage: text, locale: locale, settings: settings).lineUnits)
            }
            return
        }
        LinePass.with(width: settings.width) { pass in
            for (index, alive) in zip(indices, alive) {
                let units = alive?.lines.lineUnits ?? pass.lineUnits(of: text(at: index), locale: locale(at: index))
                body(units)
            }
        }
    }

    /// Lays the live elements out with `settings`, and makes later ones with them.
    func relayout(_ settings: LineSettings) {
        state.withLock { state in
            state.settings = settings
            for slot in state.alive.values {
                // Under the lock, so that no element is made with the old settings meanwhile.
                slot.element?.lines.relayout(settings)
            }
        }
    }
}

import SeededRandom
import Testing
import TextNavigation

/// The contract of the tokenizer, text input, navigator, read-all and locators, checked over
/// every book in `Books/` at several widths: at every unit boundary, and at a seeded random
/// sample of all positions. The full sweep (`READALOUD_FULL_TESTS=1`, as CI runs) reads each
/// book whole; by default each book's first ``defaultBytes`` (every script and every check, on
/// about a fifth of the text).
///
/// Invariants, for a position `p` of an element's text (length `n`), granularity `g` and
/// direction `d`:
/// 1. **toBoundary round trip**: `q = position(from: p, toBoundary: g, inDirection: d)` is not
///    `p`, lies in `0...n` on `d`'s side of `p`, on a grapheme boundary; from `q` back (the
///    reverse direction) lands on a boundary of `g` (a unit's start or end), and on `p` itself
///    when `p` was one.
/// 2. **Enclosing ranges**: `rangeEnclosingPosition(p, g, d)` is `nil` exactly when
///    `isPosition(p, withinTextUnit: g, d)` is false; otherwise it is one of `g`'s units and holds
///    `p` under the direction rule: forward `start <= p < end`, backward `start < p <= end`.
/// 3. **Boundaries**: `isPosition(p, atBoundary: g, .forward)` is true exactly at a unit's end,
///    `.backward` exactly at a unit's start (word, sentence, paragraph).
/// 4. **No empty unit**: every unit of every granularity is non-empty, in order, not overlapping,
///    inside the text, with both edges on grapheme boundaries.
/// 5. **Out of range**: `-1` and `n + 1` give `nil` and `false` everywhere.
/// 6. **Text input**: over a `LaidOutTextInput` of the element at the width, a position moved
///    by one cluster and back returns to itself, and the line units are the layout's lines.
/// 7. **Navigator**: moving forward from the document's start visits every unit of every element
///    in order, and moving backward from there visits them in reverse (no gap, no repeat); from
///    a unit's start, back then forward returns to that unit; the position is always in the
///    document.
/// 8. **Read-all**: from the first page, and from a sampled position, utterances are the
///    element's text in their ranges, in order, never overlapping or empty; what lies between
///    them is white space (line, sentence) or holds no letter or digit (word); every element
///    with visible text after the start is read, and reading ends with `.end`.
/// 9. **Locators**: the locator of a sampled position, and of every page start, holds that
///    position (a position inside a grapheme cluster: the cluster's start), goes through its
///    JSON unchanged and resolves to the position it holds, before and after a relayout.
@Suite("Reliability: invariants over every book at several widths")
struct InvariantTests {
    static let books = [
        "alice-in-wonderland.txt", "kokoro.txt", "lunyu-analects.txt", "rashomon.txt", "udhr-arabic.txt",
    ]
    /// Widths in cells: one cluster a line, a narrow column, and the CLI's default.
    static let widths = [1, 37, 70]
    /// Random positions sampled per book and width (all granularities and directions at each).
    static let sampleSize = 300
    /// How much of each book the default run reads (Rashōmon and the Arabic declaration are
    /// shorter, so whole): its lines within the first 40 KB.
    static let defaultBytes = 40_000

    @Test(arguments: books, widths)
    func invariantsHold(book: String, width: Int) throws {
        let document = try BookDocuments.document(
            book, layout: PageLayout(width: Double(width), linesPerPage: 25),
            firstBytes: FullTests.isRequested ? nil : Self.defaultBytes)
        var checker = InvariantChecker(document: document, label: "\(book) at width \(width)")
        var random = SplitMix64(seed: UInt64(width) &* 0x9E37 &+ UInt64(book.utf8.count))
        // Width-independent units are checked at the first width; line units at every width.
        let granularities: [TextGranularity] =
            width == Self.widths[0] ? [.word, .sentence, .paragraph, .line] : [.line]
        for index in document.elements.indices {
            checker.checkUnits(of: index)
            for granularity in granularities {
                checker.checkEveryBoundary(of: index, granularity)
            }
        }
        let samples = (0..<Self.sampleSize).map { _ in checker.randomPosition(&random) }
        for position in samples {
            checker.checkAllQueries(at: position)
        }
        checker.checkTextInput(width: Double(width), samples: samples)
        for granularity in granularities + (width == Self.widths[0] ? [.character] : []) {
            checker.checkNavigatorWalk(granularity)
        }
        checker.checkNavigatorRoundTrips(from: samples)
        checker.checkReadAll(.line, from: nil)
        checker.checkReadAll(width == Self.widths[0] ? .word : .sentence, from: samples.first)
        checker.checkLocators(at: samples + (0..<document.pageCount).map { document.page(at: $0)!.start })
        #expect(checker.checked > 1_000, "\(checker.label): too few checks")
        #expect(checker.failures.isEmpty, "\(checker.label): \(checker.failures.count) failures")
        for failure in checker.failures.prefix(12) {
            Issue.record("\(checker.label): \(failure)")
        }
    }
}

/// Runs the invariants of ``InvariantTests`` over one document, collecting failures as text
/// (recording an issue per failure would be slow in loops over every position).
struct InvariantChecker {
    let document: Document
    let label: String
    private(set) var failures: [String] = []
    private(set) var checked = 0

    init(document: Document, label: String) {
        self.document = document
        self.label = label
    }

    private mutating func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        checked += 1
        if !condition, failures.count < 200 { failures.append(message()) }
    }

    func randomPosition(_ random: inout SplitMix64) -> ReadingPosition {
        let element = Int.random(in: 0..<document.elements.count, using: &random)
        let length = document.elements[element].text.count
        return ReadingPosition(element: element, offset: Int.random(in: 0...length, using: &random))
    }

    // MARK: Tokenizer (invariants 1 to 5)

    /// Invariants 4 and 5 for every granularity of element `index`.
    mutating func checkUnits(of index: Int) {
        let tokenizer = document.elements[index].stringTokenizer
        let length = tokenizer.length
        for granularity in [TextGranularity.word, .sentence, .paragraph, .line] {
            var previousEnd = 0
            for unit in tokenizer.units(for: granularity).ranges {
                expect(!unit.isEmpty, "\(granularity) unit \(unit) of element \(index) is empty")
                expect(unit.lowerBound >= previousEnd, "\(granularity) unit \(unit) of element \(index) overlaps")
                expect(unit.upperBound <= length, "\(granularity) unit \(unit) past element \(index)'s end")
                expect(
                    tokenizer.isCharacterBoundary(unit.lowerBound) && tokenizer.isCharacterBoundary(unit.upperBound),
                    "\(granularity) unit \(unit) of element \(index) cuts a cluster")
                previousEnd = unit.upperBound
            }
        }
        for offset in [-1, length + 1] {
            let position = TextPosition(offset: offset)
            for granularity in TextGranularity.allCases {
                for direction in TextDirection.allCases {
                    expect(
                        tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: direction) == nil
                            && tokenizer.position(from: position, toBoundary: granularity, inDirection: direction)
                                == nil
                            && !tokenizer.isPosition(position, withinTextUnit: granularity, inDirection: direction)
                            && !tokenizer.isPosition(position, atBoundary: granularity, inDirection: direction),
                        "element \(index): out-of-range \(offset) answered \(granularity) \(direction)")
                }
            }
        }
    }

    /// Invariants 1 to 3 at every start and end of `granularity`'s units in element `index`.
    mutating func checkEveryBoundary(of index: Int, _ granularity: TextGranularity) {
        let tokenizer = document.elements[index].stringTokenizer
        let units = tokenizer.units(for: granularity)
        var edges = Set<Int>()
        for unit in units.ranges {
            edges.insert(unit.lowerBound)
            edges.insert(unit.upperBound)
        }
        for offset in edges.sorted() {
            for direction in [TextStorageDirection.forward, .backward] {
                check(tokenizer, element: index, TextPosition(offset: offset), granularity, direction)
            }
        }
    }

    /// Invariants 1 to 3 for every granularity and storage direction at `position`, and the
    /// layout directions' answers equal to the storage direction they map to.
    mutating func checkAllQueries(at position: ReadingPosition) {
        let tokenizer = document.elements[position.element].stringTokenizer
        for granularity in TextGranularity.allCases {
            for direction in [TextStorageDirection.forward, .backward] {
                check(tokenizer, element: position.element, position.textPosition, granularity, direction)
            }
            let writing = tokenizer.writingDirection(at: position.offset)
            for layout in [TextDirection.right, .left] {
                let storage = TextDirection.storage(layout.storageDirection(in: writing))
                expect(
                    tokenizer.rangeEnclosingPosition(position.textPosition, with: granularity, inDirection: layout)
                        == tokenizer.rangeEnclosingPosition(
                            position.textPosition, with: granularity, inDirection: storage),
                    "\(position): \(granularity) \(layout) is not \(storage)")
            }
        }
    }

    private mutating func check(
        _ tokenizer: StringTokenizer, element: Int, _ position: TextPosition, _ granularity: TextGranularity,
        _ storage: TextStorageDirection
    ) {
        let direction = TextDirection.storage(storage)
        let length = tokenizer.length
        let p = position.offset
        let context = "element \(element) at \(position), \(granularity) \(storage)"
        let units = granularity == .character || granularity == .document ? nil : tokenizer.units(for: granularity)
        func isEdge(_ offset: Int) -> Bool {
            switch granularity {
            case .character: tokenizer.isCharacterBoundary(offset)
            case .document: offset == 0 || offset == length
            default:
                tokenizer.isPosition(TextPosition(offset: offset), atBoundary: granularity, inDirection: .forward)
                    || tokenizer.isPosition(
                        TextPosition(offset: offset), atBoundary: granularity, inDirection: .backward)
            }
        }
        // 1. toBoundary there and back.
        if let q = tokenizer.position(from: position, toBoundary: granularity, inDirection: direction) {
            expect(q != position, "\(context): toBoundary returned its input")
            expect(q.offset >= 0 && q.offset <= length, "\(context): toBoundary \(q) outside the text")
            expect(storage == .forward ? q.offset >= p : q.offset <= p, "\(context): toBoundary \(q) went back")
            expect(tokenizer.isCharacterBoundary(q.offset), "\(context): toBoundary \(q) inside a cluster")
            if let r = tokenizer.position(from: q, toBoundary: granularity, inDirection: .storage(storage.reversed)) {
                expect(isEdge(r.offset), "\(context): back from \(q) to \(r), not a boundary")
                if isEdge(p), granularity != .document, granularity != .line {
                    expect(r.offset == p, "\(context): back from \(q) to \(r), not to the boundary it left")
                }
            }
        }
        // 2. Enclosing range and within.
        let enclosing = tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: direction)
        let within = tokenizer.isPosition(position, withinTextUnit: granularity, inDirection: direction)
        expect((enclosing != nil) == within, "\(context): enclosing \(String(describing: enclosing)), within \(within)")
        if let enclosing, let units, granularity != .line {
            let range = enclosing.offsets
            expect(units.ranges.contains(range), "\(context): enclosing \(range) is not a unit")
            let holds =
                storage == .forward
                ? range.lowerBound <= p && p < range.upperBound : range.lowerBound < p && p <= range.upperBound
            expect(holds, "\(context): enclosing \(range) does not hold the position")
        }
        // 3. Boundaries.
        if let units, granularity != .line {
            let atForward = tokenizer.isPosition(position, atBoundary: granularity, inDirection: .forward)
            let atBackward = tokenizer.isPosition(position, atBoundary: granularity, inDirection: .backward)
            expect(
                atForward == units.ranges.contains { $0.upperBound == p }, "\(context): forward boundary \(atForward)")
            expect(
                atBackward == units.ranges.contains { $0.lowerBound == p },
                "\(context): backward boundary \(atBackward)"
            )
        }
    }

    // MARK: Text input (invariant 6)

    mutating func checkTextInput(width: Double, samples: [ReadingPosition]) {
        var inputs: [Int: LaidOutTextInput] = [:]
        for position in samples.prefix(60) {
            let element = document.elements[position.element]
            guard
                let input = inputs[position.element]
                    ?? (try? LaidOutTextInput(
                        storage: element.text, locale: (element as? TextElement)?.locale ?? "en", width: width))
            else {
                expect(false, "no text input for element \(position.element)")
                continue
            }
            inputs[position.element] = input
            expect(
                input.stringTokenizer.units(for: .line) == input.layout.lineUnits,
                "element \(position.element): line units are not the layout's lines")
            guard let start = input.position(from: position.textPosition, offset: 0) else { continue }
            if let next = input.position(from: start, offset: 1) {
                expect(input.position(from: next, offset: -1) == start, "\(position): one cluster on and back")
                expect(input.offset(from: start, to: next) == 1, "\(position): offset to the next cluster")
            }
        }
    }

    // MARK: Navigator (invariant 7)

    mutating func checkNavigatorWalk(_ granularity: TextGranularity) {
        let elements = granularity == .character ? min(document.elements.count, 40) : document.elements.count
        var expected: [NavigationUnit] = []
        for index in 0..<elements {
            let element = document.elements[index]
            for range in element.stringTokenizer.units(for: granularity).ranges {
                expected.append(
                    NavigationUnit(
                        element: index, range: range, text: element.text.string(in: range)!, granularity: granularity))
            }
        }
        guard !expected.isEmpty else { return }
        var navigator = Navigator(document: document)
        var visited: [NavigationUnit] = navigator.currentUnit(granularity).map { [$0] } ?? []
        while visited.count < expected.count, let unit = navigator.move(.forward, by: granularity) {
            visited.append(unit)
            if !document.contains(navigator.position) { break }
        }
        expect(visited == expected, "navigator by \(granularity) forward: \(Self.firstDifference(visited, expected))")
        var backward = [visited.last!]
        while backward.count < expected.count + 1, let unit = navigator.move(.backward, by: granularity) {
            backward.append(unit)
        }
        let reversed = Array(backward.reversed())
        expect(
            reversed == expected, "navigator by \(granularity) backward: \(Self.firstDifference(reversed, expected))")
    }

    private static func firstDifference(_ visited: [NavigationUnit], _ expected: [NavigationUnit]) -> String {
        guard let index = visited.indices.first(where: { $0 >= expected.count || visited[$0] != expected[$0] }) else {
            return "\(visited.count) units visited, \(expected.count) expected"
        }
        return "at \(index): \(visited[index]) instead of \(expected[index])"
    }

    mutating func checkNavigatorRoundTrips(from samples: [ReadingPosition]) {
        for position in samples.prefix(100) {
            for granularity in [TextGranularity.word, .sentence, .line, .paragraph] {
                var navigator = Navigator(document: document, position: position)
                guard let unit = navigator.move(.forward, by: granularity) else { continue }
                expect(document.contains(navigator.position), "\(position): navigator left the document")
                if navigator.move(.backward, by: granularity) != nil {
                    let again = navigator.move(.forward, by: granularity)
                    expect(
                        again == unit, "\(position): \(granularity) back then forward gave \(String(describing: again))"
                    )
                }
            }
        }
    }

    // MARK: Read-all (invariant 8)

    mutating func checkReadAll(_ granularity: TextGranularity, from start: ReadingPosition?) {
        let session =
            start.map { ReadingSession(document: document, granularity: granularity, from: $0) }
            ?? ReadingSession(document: document, granularity: granularity, page: 1)
        let first = session.position
        var covered = Array(repeating: [Range<Int>](), count: document.elements.count)
        var last: (element: Int, end: Int)?
        var ended = false
        var events = 0
        while let event = session.next() {
            events += 1
            guard events < 4_000_000 else {
                expect(false, "read-all by \(granularity) did not end")
                break
            }
            switch event {
            case .utterance(let utterance):
                let text = document.elements[utterance.element].text
                expect(!utterance.range.isEmpty, "read-all: empty utterance at \(utterance.position)")
                expect(text.string(in: utterance.range) == utterance.text, "read-all: text at \(utterance.position)")
                if let last {
                    expect(
                        utterance.element > last.element
                            || (utterance.element == last.element && utterance.range.lowerBound >= last.end),
                        "read-all by \(granularity): \(utterance.position) repeats or goes back")
                }
                last = (utterance.element, utterance.range.upperBound)
                covered[utterance.element].append(utterance.range)
            case .end: ended = true
            default: break
            }
        }
        expect(ended, "read-all by \(granularity) ended without .end")
        for index in first.element..<document.elements.count {
            let element = document.elements[index]
            let units = Array(element.string.utf16)
            var cursor = index == first.element ? first.offset : 0
            for range in covered[index] + [units.count..<units.count] where range.lowerBound >= cursor {
                let gap = String(decoding: units[cursor..<range.lowerBound], as: UTF16.self)
                let lost =
                    granularity == .word
                    ? gap.contains { $0.isLetter || $0.isNumber } : gap.contains { !$0.isWhitespace }
                expect(!lost, "read-all by \(granularity) lost \(gap.prefix(40).debugDescription) in element \(index)")
                cursor = range.upperBound
            }
        }
    }

    // MARK: Locators (invariant 9)

    mutating func checkLocators(at positions: [ReadingPosition]) {
        let layout = document.layout!
        var stored: [(ReadingPosition, String)] = []
        for requested in positions {
            // A position inside a cluster stands for the cluster's start.
            let tokenizer = document.elements[requested.element].stringTokenizer
            var position = requested
            if !tokenizer.isCharacterBoundary(position.offset) {
                position.offset = tokenizer.characterBoundary(before: position.offset) ?? 0
            }
            let locator = Locator(position: requested, in: document)
            expect(locator.position == position, "locator of \(requested) holds \(locator.position)")
            let decoded = try? Locator(json: locator.json)
            expect(decoded == locator, "locator of \(position) changed through its JSON")
            expect((try? locator.resolve(in: document)) == position, "locator of \(position) does not resolve to it")
            stored.append((position, locator.json))
        }
        document.relayout(PageLayout(width: layout.width + 13, linesPerPage: layout.linesPerPage + 3))
        for (position, json) in stored {
            let resolved = try? Locator(json: json).resolve(in: document)
            expect(
                resolved == position,
                "after relayout the locator of \(position) resolves to \(String(describing: resolved))")
        }
        document.relayout(layout)
    }
}

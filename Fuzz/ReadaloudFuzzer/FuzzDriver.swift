import Foundation
import TextNavigation
import TextNavigationBooks

/// Drives readaloud's public API with a program read from fuzzer bytes (see ``FuzzInput``):
/// a book from arbitrary bytes, then tokenizer queries, navigation, read-all, locators, pages,
/// layout geometry and saved selections, with positions in and out of range, every
/// granularity and direction, and widths including 0 and 1.
///
/// Besides crashes, it stops (a fatal error, which libFuzzer reports as a crash) when an answer
/// breaks the API's contract:
/// - out-of-range positions give `nil` or `false`;
/// - `toBoundary` never returns its input, stays in the text, moves in its direction and lands
///   on a grapheme boundary;
/// - an enclosing range is `nil` exactly when the position is not within a unit, and otherwise
///   holds the position on the side its storage direction says;
/// - a navigator's position always lies in the document, and each unit it gives is the
///   element's text in the unit's range;
/// - read-all ends, and its utterances are the element text in their ranges, in order, never
///   overlapping, never empty;
/// - a locator's JSON decodes to the same locator, and resolves in its own document to its
///   own position.
struct FuzzDriver {
    static let locales = ["en", "ja", "ar", "th", "zh", "", "de@ss=standard", "he", "x-bogus@@", "ko"]
    static let widths: [Double] = [0, 1, 2, 3, 5, 8, 13, 40, 70, 100_000]
    static let granularities: [TextGranularity] = [.character, .word, .sentence, .line, .paragraph, .document]
    static let directions = TextDirection.allCases

    var input: FuzzInput
    let document: Document
    let locale: String

    /// Runs one input; returns when the program is done.
    static func run(_ bytes: [UInt8]) {
        let input = FuzzInput(bytes)
        let locale = locales[Int(input.flags >> 2) % locales.count]
        let layout = PageLayout(
            width: widths[Int(input.widthSelector) % widths.count], linesPerPage: Int(input.linesPerPage))
        let document: Document
        if let archive = EPUBFuzzInput.archive(from: input.text) {
            // An EPUB, as its content says: small limits, so a bomb is refused quickly.
            let book: EPUBBook
            do {
                book = try EPUBBook(bytes: archive, limits: EPUBLimits(maxEntrySize: 1 << 20, maxTotalSize: 4 << 20))
            } catch {
                require(!error.description.isEmpty, "an EPUB error says what was wrong")
                return
            }
            document = Document(epub: book, layout: layout)
            require(document.elements.count == book.elementCount, "one element per block")
            for page in book.printPages {
                require(document.contains(page.position), "a print page starts in the document")
            }
            for clip in book.mediaOverlays {
                require(
                    document.contains(clip.text.lowerBound) && document.contains(clip.text.upperBound),
                    "a Media Overlay clip's text lies in the document")
                require(clip.begin >= 0 && clip.end.map { $0 > clip.begin } ?? true, "a clip ends after it begins")
            }
            for index in document.elements.indices {
                let element = document.elements[index]
                for annotation in element.markup.ruby {
                    require(
                        annotation.range.lowerBound >= 0 && annotation.range.upperBound <= element.text.count,
                        "a ruby annotation lies in its element")
                }
            }
        } else {
            let options = PlainTextBook.Options(lossy: input.flags & 1 != 0, allowsNUL: input.flags & 2 != 0)
            let book: PlainTextBook
            do {
                book = try PlainTextBook(bytes: input.text, options: options)
            } catch {
                require(!error.description.isEmpty, "a loading error says what was wrong")
                return
            }
            document = Document(book: book, locale: locale, layout: layout)
            require(document.elements.count == book.paragraphs.count, "one element per paragraph")
        }
        var driver = FuzzDriver(input: input, document: document, locale: locale)
        if !input.hasOperations {
            driver.defaultProgram()
            return
        }
        while driver.input.hasOperations {
            driver.step()
        }
    }

    /// What an input without operations runs: every query at every position of the first
    /// element (when short), and read-all by sentence to the end.
    mutating func defaultProgram() {
        if let element = document.elements.first, element.text.count <= 512 {
            for granularity in Self.granularities { sweep(element, granularity) }
        }
        readAll(granularity: .sentence, from: nil, limit: nil)
    }

    mutating func step() {
        switch input.next() % 12 {
        case 0: queryOnce()
        case 1:
            if let element = pickElement(), element.text.count <= 2048 {
                sweep(element, input.pick(Self.granularities))
            }
        case 2: navigate()
        case 3:
            let granularity = input.pick(Self.granularities)
            let from = input.next() % 2 == 0 ? pickPosition() : nil
            readAll(granularity: granularity, from: from, limit: input.next() % 4 == 0 ? nil : Int(input.next()))
        case 4: locatorRoundTrip()
        case 5: foreignLocator()
        case 6:
            document.relayout(
                PageLayout(width: input.pick(Self.widths), linesPerPage: input.integer(around: 3, spread: 40)))
        case 7: pages()
        case 8: geometry()
        case 9: savedSelection()
        case 10: textInput()
        default: storageSlices()
        }
    }

    // MARK: Picking

    mutating func pickElement() -> (any NavigableElement)? {
        guard !document.elements.isEmpty else { return nil }
        return document.elements[Int(input.next()) % document.elements.count]
    }

    mutating func pickPosition() -> ReadingPosition {
        let element = input.integer(around: 0, spread: max(0, document.elements.count - 1))
        let length =
            document.contains(ReadingPosition(element: element, offset: 0))
            ? document.elements[element].text.count : 8
        let offset = input.integer(around: 0, spread: length)
        return ReadingPosition(element: element, offset: offset, affinity: input.pick([.downstream, .upstream]))
    }

    // MARK: Tokenizer

    mutating func queryOnce() {
        guard let element = pickElement() else { return }
        let length = element.text.count
        let position = TextPosition(
            offset: input.integer(around: 0, spread: length), affinity: input.pick([.downstream, .upstream]))
        check(
            element.stringTokenizer, position, length: length, input.pick(Self.granularities),
            input.pick(Self.directions))
    }

    func sweep(_ element: any NavigableElement, _ granularity: TextGranularity) {
        let length = element.text.count
        for offset in -2...(length + 2) {
            for affinity in [TextAffinity.downstream, .upstream] {
                for direction in Self.directions {
                    check(
                        element.stringTokenizer, TextPosition(offset: offset, affinity: affinity), length: length,
                        granularity, direction)
                }
            }
        }
    }

    func check(
        _ tokenizer: StringTokenizer, _ position: TextPosition, length: Int, _ granularity: TextGranularity,
        _ direction: TextDirection
    ) {
        let enclosing = tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: direction)
        let within = tokenizer.isPosition(position, withinTextUnit: granularity, inDirection: direction)
        let atBoundary = tokenizer.isPosition(position, atBoundary: granularity, inDirection: direction)
        let next = tokenizer.position(from: position, toBoundary: granularity, inDirection: direction)
        let label = "\(granularity) \(direction) at \(position) of \(length)"
        guard position.offset >= 0, position.offset <= length else {
            require(enclosing == nil && !within && !atBoundary && next == nil, "out of range answers at \(label)")
            return
        }
        require(
            (enclosing != nil) == within, "enclosing \(String(describing: enclosing)) vs within \(within): \(label)")
        if let enclosing {
            require(
                enclosing.start.offset >= 0 && enclosing.end.offset <= length
                    && enclosing.start.offset <= enclosing.end.offset,
                "enclosing \(enclosing) outside the text: \(label)")
            if case .storage(let storage) = direction, granularity != .character, granularity != .document,
                granularity != .line
            {
                let holds =
                    storage == .forward
                    ? enclosing.start.offset <= position.offset && position.offset < enclosing.end.offset
                    : enclosing.start.offset < position.offset && position.offset <= enclosing.end.offset
                require(holds, "enclosing \(enclosing) does not hold the position: \(label)")
            }
            if granularity != .document, length > 0 {
                require(!enclosing.isEmpty, "empty enclosing unit \(enclosing): \(label)")
            }
        }
        if let next {
            require(next.offset >= 0 && next.offset <= length, "toBoundary \(next) outside the text: \(label)")
            require(next != position, "toBoundary returned its input: \(label)")
            if granularity != .line {
                require(next.offset != position.offset, "toBoundary stayed at \(next): \(label)")
            }
            if case .storage(let storage) = direction {
                require(
                    storage == .forward ? next.offset >= position.offset : next.offset <= position.offset,
                    "toBoundary went the wrong way to \(next): \(label)")
            }
            require(tokenizer.isCharacterBoundary(next.offset), "toBoundary \(next) inside a cluster: \(label)")
        }
    }

    // MARK: Navigation and reading

    mutating func navigate() {
        let behavior = input.pick(BoundaryBehavior.allCases)
        var navigator = Navigator(document: document, position: pickPosition(), boundaryBehavior: behavior)
        expectInDocument(navigator.position, "navigator start")
        for _ in 0..<(input.next() % 32) {
            if input.next() % 8 == 0 { navigator.move(to: pickPosition()) }
            let granularity = input.pick(Self.granularities)
            _ = navigator.currentUnit(granularity).map { expectValid($0, "current unit") }
            let before = navigator.position
            let unit = navigator.move(input.pick(TextStorageDirection.allCases), by: granularity)
            expectInDocument(navigator.position, "navigator after a move")
            if let unit {
                expectValid(unit, "moved-to unit")
            } else {
                require(navigator.position == before, "a move that found nothing moved from \(before)")
            }
        }
    }

    func expectInDocument(_ position: ReadingPosition, _ what: String) {
        if document.elements.isEmpty {
            require(position.element == 0 && position.offset == 0, "\(what): \(position) in an empty document")
        } else {
            require(document.contains(position), "\(what): \(position) is outside the document")
        }
    }

    func expectValid(_ unit: NavigationUnit, _ what: String) {
        require(unit.element >= 0 && unit.element < document.elements.count, "\(what): element \(unit.element)")
        let text = document.elements[unit.element].text
        require(unit.range.lowerBound >= 0 && unit.range.upperBound <= text.count, "\(what): range \(unit.range)")
        require(text.string(in: unit.range) == unit.text, "\(what): text of \(unit.range)")
    }

    mutating func readAll(granularity: TextGranularity, from: ReadingPosition?, limit: Int?) {
        let session =
            from.map { ReadingSession(document: document, granularity: granularity, from: $0) }
            ?? ReadingSession(document: document, granularity: granularity, page: Int(input.next()) - 1)
        expectInDocument(session.position, "session start")
        let totalLength = document.elements.reduce(0) { $0 + $1.text.count }
        // Each utterance is non-empty and they do not overlap; a page turn or a heading follows
        // at most one of them: more events than this is a loop.
        let bound = 3 * (totalLength + document.elements.count) + 4 + 2 * document.pageCount
        var events = 0
        var last: (element: Int, end: Int)?
        var page: Int?
        var ended = false
        while let event = session.next() {
            events += 1
            require(events <= bound, "read-all did not end after \(bound) events")
            switch event {
            case .utterance(let utterance):
                let text = document.elements[utterance.element].text
                require(!utterance.range.isEmpty, "empty utterance at \(utterance.position)")
                require(utterance.range.upperBound <= text.count, "utterance \(utterance.range) past its element")
                require(text.string(in: utterance.range) == utterance.text, "utterance text at \(utterance.position)")
                if let last {
                    require(
                        utterance.element > last.element
                            || (utterance.element == last.element && utterance.range.lowerBound >= last.end),
                        "utterance at \(utterance.position) repeats or goes back from \(last)")
                }
                last = (utterance.element, utterance.range.upperBound)
                if let page { require(utterance.page == page, "utterance on page \(utterance.page), not \(page)") }
                page = utterance.page
            case .pageTurn(let from, let to, _):
                if let page { require(from == page, "page turn from \(from) on page \(page)") }
                require(to == from + 1, "page turn from \(from) to \(to)")
                page = to
            case .heading(let element, _):
                require(document.elements[element].traits.contains(.heading), "heading event for a body element")
            case .customContent(let element, let content):
                require(
                    content.importance == .high, "custom content of element \(element) read without high importance")
            case .printPage(let element, _):
                // The player announces print pages; a session never gives them.
                require(false, "a reading session gave a print page (element \(element))")
            case .end:
                ended = true
            }
            if let limit, events >= limit {
                session.pause()
                let resumeAt = session.position
                expectInDocument(resumeAt, "pause position")
                require(session.next() == nil, "a paused session gave an event")
                session.resume()
                break
            }
        }
        if limit == nil { require(ended, "read-all without a limit ended without .end") }
    }

    // MARK: Locators

    mutating func locatorRoundTrip() {
        guard !document.elements.isEmpty else { return }
        let locator = Locator(position: pickPosition(), in: document)
        expectInDocument(locator.position, "locator position")
        let decoded: Locator
        do {
            decoded = try Locator(json: locator.json)
        } catch {
            fatalError("a locator's own JSON does not decode: \(error) in \(locator.json)")
        }
        require(decoded == locator, "locator JSON round trip changed \(locator) to \(decoded)")
        do {
            let resolved = try decoded.resolve(in: document)
            require(resolved == locator.position, "locator of \(locator.position) resolved to \(resolved)")
        } catch {
            fatalError("a locator does not resolve in its own document: \(error) for \(locator.json)")
        }
    }

    mutating func foreignLocator() {
        let count = Int(input.next())
        var bytes: [UInt8] = []
        for _ in 0..<count { bytes.append(input.next()) }
        let json = String(decoding: bytes, as: UTF8.self)
        if let locator = try? Locator(json: json) {
            if let resolved = try? locator.resolve(in: document) {
                expectInDocument(resolved, "resolved foreign locator")
            }
        }
    }

    // MARK: Pages

    mutating func pages() {
        let count = document.pageCount
        require(count >= 1, "a document has at least one page")
        let index = input.integer(around: 0, spread: count)
        guard var page = document.page(at: index) else {
            require(index < 0 || index >= count, "page \(index) of \(count) missing")
            return
        }
        require(page.start <= page.end, "page \(index) starts after it ends")
        for element in page.elements {
            require(element.range.upperBound <= element.element.text.count, "page element range past its text")
        }
        let holder = document.pageIndex(containing: pickPosition())
        require(holder >= 0 && holder < count, "page index \(holder) of \(count)")
        _ = page.scroll(input.pick(TextStorageDirection.allCases))
        _ = page.announcement
    }

    // MARK: Geometry and selection

    mutating func geometry() {
        guard let element = pickElement() else { return }
        let width = input.pick([Double](arrayLiteral: 0, 1, 2.5, 10, 70, -3, .nan, .infinity, .greatestFiniteMagnitude))
        guard let layout = try? TextLayout(storage: element.text, locale: locale, width: width) else { return }
        let length = element.text.count
        var covered = 0
        for line in layout.lines {
            require(line.range.lowerBound == covered, "lines do not partition the text at \(covered)")
            covered = line.range.upperBound
        }
        require(covered == length || (length == 0 && layout.lines.count <= 1), "lines end at \(covered) of \(length)")
        for _ in 0..<(input.next() % 8) {
            let a = TextPosition(
                offset: input.integer(around: 0, spread: length), affinity: input.pick([.downstream, .upstream]))
            let b = TextPosition(offset: input.integer(around: 0, spread: length))
            let inRange = a.offset >= 0 && a.offset <= length
            require((layout.caretRect(for: a) != nil) == inRange, "caret at \(a) of \(length)")
            for rect in layout.selectionRects(for: TextRange(a, b)) {
                require(!rect.rect.minX.isNaN && !rect.rect.minY.isNaN, "NaN selection rect for \(a)-\(b)")
            }
            _ = layout.firstRect(for: TextRange(a, b))
            let point = Point(
                x: input.pick([0, 1, -5, 3.5, 1e9, Double.nan, .infinity, -.infinity]),
                y: input.pick([0, 0.5, 1, 7, -1, 1e9, Double.nan, .infinity]))
            if let closest = layout.closestPosition(to: point) {
                require(closest.offset >= 0 && closest.offset <= length, "closest position \(closest) to \(point)")
            }
            if let range = layout.characterRange(at: point) {
                require(range.start.offset >= 0 && range.end.offset <= length, "character range \(range) at \(point)")
            }
            _ = layout.closestPosition(to: point, within: TextRange(a, b))
            _ = layout.lineNumber(for: a)
        }
    }

    /// A laid-out text input over an element: selection, cluster and line movement, relayout.
    mutating func textInput() {
        guard let element = pickElement() else { return }
        let width = input.pick([Double](arrayLiteral: 0, 1, 3, 40, -1, .nan, .infinity))
        guard let textInput = try? LaidOutTextInput(storage: element.text, locale: locale, width: width) else { return }
        let length = element.text.count
        for _ in 0..<(input.next() % 8) {
            let a = TextPosition(
                offset: input.integer(around: 0, spread: length), affinity: input.pick([.downstream, .upstream]))
            let b = TextPosition(offset: input.integer(around: 0, spread: length))
            let inRange = { (p: TextPosition) in p.offset >= 0 && p.offset <= length }
            textInput.selectedTextRange = TextRange(a, b)
            if let selection = textInput.selectedTextRange {
                require(inRange(selection.start) && inRange(selection.end), "selection \(selection) outside the text")
                require(textInput.text(in: selection) != nil, "no text for the selection \(selection)")
            }
            require((textInput.textRange(from: a, to: b) != nil) == (inRange(a) && inRange(b)), "textRange \(a) \(b)")
            let steps = input.integer(around: 0, spread: 4)
            if let moved = textInput.position(from: a, offset: steps) {
                require(inRange(moved), "position(from: \(a), offset: \(steps)) = \(moved)")
                require(textInput.stringTokenizer.isCharacterBoundary(moved.offset), "\(moved) inside a cluster")
                if inRange(a), textInput.stringTokenizer.isCharacterBoundary(a.offset) {
                    require(
                        textInput.offset(from: a, to: moved) == steps, "offset(from:to:) disagrees with \(steps) steps")
                }
            }
            let direction = input.pick(Self.directions)
            if let moved = textInput.position(from: a, in: direction, offset: steps) {
                require(inRange(moved), "position(from: \(a), in: \(direction), offset: \(steps)) = \(moved)")
            }
            if let extended = textInput.characterRange(byExtending: a, in: direction) {
                require(inRange(extended.start) && inRange(extended.end), "extended \(extended) outside the text")
            }
            _ = textInput.position(within: TextRange(a, b), farthestIn: direction)
            _ = textInput.baseWritingDirection(for: a, in: input.pick(TextStorageDirection.allCases))
            _ = textInput.selectionRects(for: TextRange(a, b))
            _ = textInput.caretRect(for: a)
            if input.next() % 4 == 0 { textInput.relayout(width: input.pick([0, 1, 7, 100])) }
        }
    }

    mutating func savedSelection() {
        guard let element = pickElement() else { return }
        let string = element.string
        let length = element.text.count
        let lower = input.integer(around: 0, spread: length)
        let upper = input.integer(around: 0, spread: length)
        guard lower <= upper else { return }
        let granularity = input.pick(Self.granularities)
        if let selection = SavedSelection(
            book: "fuzz", elementIndex: 0, elementText: string, utf16Range: lower..<upper, granularity: granularity)
        {
            require(lower >= 0 && upper <= length, "a selection outside the text was made: \(lower)..<\(upper)")
            let encoded = try? JSONEncoder().encode(selection)
            let decoded = encoded.flatMap { try? JSONDecoder().decode(SavedSelection.self, from: $0) }
            require(decoded == selection, "a saved selection's JSON does not round-trip")
        }
    }

    mutating func storageSlices() {
        guard let element = pickElement() else { return }
        let text = element.text
        let lower = input.integer(around: 0, spread: text.count)
        let upper = input.integer(around: 0, spread: text.count)
        let range = min(lower, upper)..<max(lower, upper)
        let valid = range.lowerBound >= 0 && range.upperBound <= text.count
        require((text.string(in: range) != nil) == valid, "string(in:) at \(range) of \(text.count)")
        require((text.substorage(range)?.count == range.count) == valid, "substorage(\(range)) of \(text.count)")
        _ = text.codeUnit(at: lower)
        _ = text.scalar(at: lower)
        _ = text.scalar(before: upper)
    }
}

/// Stops the process with `message` when `condition` is false: a contract broken.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("readaloud-fuzz: \(message())") }
}

import Foundation
import TextNavigation

/// The keyboard-driven reader (`readaloud BOOK -i`): a loop that reads keys, moves through the
/// document with the library's navigator, selection controller and read-all session, announces
/// through its announcement queue, and redraws.
///
/// Not `Sendable`: it owns the terminal and runs on one thread.
final class InteractiveReader {
    /// What the reader needs besides the document.
    struct Settings {
        /// The book's title for the status line.
        var title: String
        /// The book's identity in the stores (its fingerprint).
        var book: BookIdentity
        /// The unit the rotor starts on.
        var unit: RotorUnit
        /// The time between utterances while reading all without speech.
        var pace: Duration
        /// The voice read-all speaks with, and how it makes an utterance's markup; `nil`
        /// without speech.
        var speech: ReadAllPlayer.Speech?
        /// Why read-all does not speak, said when it starts, or `nil`.
        var speechProblem: String?
        /// Where saved selections live, or `nil` when the store could not be opened.
        var store: SavedSelectionStore?
        /// Why there is no store, said when the user asks for it.
        var storeProblem: String?
        /// Where the last position is kept, or `nil` when it is not kept.
        var positions: LastPositionStore?
    }

    /// What is open over the page.
    private enum Mode {
        case reading
        /// The key list, scrolled to its row `first`.
        case help(first: Int)
        case actions(ChoiceList<ActionsList.Entry>, madeSelection: Bool)
        case saved(ChoiceList<SavedSelection>)
        case prompt(LinePrompt)
    }

    /// The text sizes `+` and `-` step through: a larger size lays out fewer cells a line.
    static let textScales: [Double] = [1, 1.25, 1.5, 2, 2.5, 3]

    private let document: Document
    private let terminal: Terminal
    private let settings: Settings
    private var cursor: ReaderCursor
    private var unit: RotorUnit
    private let selection: SelectionController
    private let sink = StatusLineSink()
    private let announcements: AnnouncementQueue
    private let clipboard = Clipboard()
    private var textScaleIndex = 0
    private var highContrast = false
    private var mode = Mode.reading
    private var player: ReadAllPlayer?
    private var lastFind = ""
    private var pageCache: (index: Int, layout: PageLayout?, view: PageView)?
    private let clock = ContinuousClock()

    init(document: Document, terminal: Terminal, start: ReadingPosition, settings: Settings) {
        self.document = document
        self.terminal = terminal
        self.settings = settings
        self.cursor = ReaderCursor(document: document, position: start)
        self.unit = settings.unit
        self.selection = SelectionController(document: document)
        self.announcements = AnnouncementQueue(sink: sink)
        let clipboard = self.clipboard
        selection.pasteboard = { clipboard.copy($0) }
        if let store = settings.store { selection.saveTarget = (store, settings.book) }
    }

    /// Why the position could not be kept the last time saving it failed, or `nil`.
    private(set) var positionProblem: String?
    /// The page whose position was kept last.
    private var keptPage: Int?

    /// Runs until the user quits or a signal arrives; returns the exit status (0 for `q`,
    /// 130 for Ctrl-C, 128 + the signal's number for SIGINT, SIGTERM and SIGHUP). The
    /// position is kept at every page turn and at the end.
    func run() -> Int32 {
        let status = loop()
        stopReading()
        settings.speech?.voice.stopAndWait()
        keepPosition()
        return status
    }

    /// Stops reading all; the voice falls silent at once.
    private func stopReading() {
        player?.stop()
        player = nil
    }

    /// Keeps the position for the next opening of the book.
    private func keepPosition() {
        guard let positions = settings.positions else { return }
        do {
            try positions.save(Locator(position: cursor.position, in: document), forBook: settings.book)
            keptPage = cursor.pageIndex
            positionProblem = nil
        } catch {
            positionProblem = error.localizedDescription
        }
    }

    private func loop() -> Int32 {
        applyLayout()
        keptPage = cursor.pageIndex
        announcements.post(Announcement(document.page(containing: cursor.position).announcement))
        var lastDrawn = ""
        var needsDrawing = true
        while true {
            if let signal = terminal.pendingSignal { return 128 + signal }
            let now = clock.now
            sink.finishIfDue(at: now)
            if player != nil { needsDrawing = advanceReading(at: now) || needsDrawing }
            if cursor.pageIndex != keptPage { keepPosition() }
            if needsDrawing || sink.text != lastDrawn {
                lastDrawn = sink.text
                draw()
                needsDrawing = false
            }
            guard let key = terminal.readKey(waitingAtMost: player == nil ? 200 : 40) else { continue }
            if let status = handle(key) { return status }
            needsDrawing = true
        }
    }

    // MARK: Keys

    /// Handles a key; returns an exit status when the reader should end.
    private func handle(_ key: KeyPress) -> Int32? {
        if key == .resize {
            sink.dismiss()
            applyLayout()
            return nil
        }
        switch mode {
        case .reading:
            if key == .interrupt { return 130 }
            sink.dismiss()
            guard let command = KeyMap.command(for: key) else { return nil }
            return perform(command)
        case .help(let first):
            switch key {
            case .down: mode = .help(first: min(first + 1, max(0, KeyMap.helpLines.count - 1)))
            case .up: mode = .help(first: max(0, first - 1))
            default: mode = .reading
            }
        case .actions(var list, let madeSelection):
            switch list.handle(key) {
            case .stay: mode = .actions(list, madeSelection: madeSelection)
            case .cancel:
                mode = .reading
                if madeSelection { selection.clear() }
            case .choose(let entry):
                mode = .reading
                let succeeded = entry.action.handler(entry.range)
                var result = succeeded ? "\(entry.action.name): done" : "\(entry.action.name): failed"
                if let copied = clipboard.takeNewCopy(), terminal.setClipboard(copied) {
                    result += " (sent to the system clipboard)"
                }
                announce(result)
                if madeSelection { selection.clear() }
            }
        case .saved(var list):
            switch list.handle(key) {
            case .stay: mode = .saved(list)
            case .cancel: mode = .reading
            case .choose(let saved):
                mode = .reading
                jump(to: saved)
            }
        case .prompt(var prompt):
            switch prompt.handle(key) {
            case .stay: mode = .prompt(prompt)
            case .cancel: mode = .reading
            case .submit(let text):
                mode = .reading
                switch prompt.purpose {
                case .goToPage: goToPage(text)
                case .find: find(text)
                }
            }
        }
        return nil
    }

    private func perform(_ command: KeyMap.Command) -> Int32? {
        switch command {
        case .readAll, .stop, .help, .quit, .highContrast, .largerText, .smallerText:
            break
        default:
            // Any other key stops reading all, as VoiceOver's say-all stops on a key.
            stopReading()
        }
        switch command {
        case .nextUnit, .previousUnit:
            move(edge: command == .nextUnit ? "End of book" : "Start of book") {
                $0.move(forward: command == .nextUnit, by: unit)
            }
        case .nextLine, .previousLine:
            move(edge: command == .nextLine ? "End of book" : "Start of book") {
                $0.move(forward: command == .nextLine, by: TextGranularity.line)
            }
        case .lineStart:
            move(edge: nil) { $0.moveToLineStart() }
        case .lineEnd:
            move(edge: nil) { $0.moveToLineEnd() }
        case .nextPage, .previousPage:
            let target = cursor.pageIndex + (command == .nextPage ? 1 : -1)
            if cursor.moveToPage(target) {
                announce(document.page(containing: cursor.position).announcement, priority: .high)
            } else {
                announce(command == .nextPage ? "Last page" : "First page")
            }
        case .rotorNext, .rotorPrevious:
            unit = unit.rotated(forward: command == .rotorNext)
            announce(unit.rawValue)
        case .readAll:
            toggleReadAll()
        case .stop:
            if player != nil {
                stopReading()
                announce("Stopped")
            } else if selection.selection != nil {
                selection.clear()
                announce("Selection cleared")
            }
        case .selectForward, .selectBackward:
            moveSelectionFocus(forward: command == .selectForward)
        case .actions:
            openActions()
        case .savedSelections:
            openSavedSelections()
        case .largerText, .smallerText:
            let step = command == .largerText ? 1 : -1
            let index = textScaleIndex + step
            guard Self.textScales.indices.contains(index) else {
                announce(step > 0 ? "Largest text size" : "Smallest text size")
                return nil
            }
            textScaleIndex = index
            applyLayout()
            announce("Text size \(Int(Self.textScales[index] * 100))%")
        case .highContrast:
            highContrast.toggle()
            applyLayout()
            announce(highContrast ? "High contrast on" : "High contrast off")
        case .goToPage:
            mode = .prompt(LinePrompt(.goToPage, label: "Go to page (1 to \(document.pageCount)): "))
        case .find:
            mode = .prompt(LinePrompt(.find, label: lastFind.isEmpty ? "Find: " : "Find (Enter: \(lastFind)): "))
        case .help:
            mode = .help(first: 0)
        case .quit:
            return 0
        }
        return nil
    }

    /// Moves the cursor with `body`, announcing a page turn or a heading reached, or `edge`
    /// when it did not move.
    private func move(edge: String?, _ body: (inout ReaderCursor) -> Bool) {
        let before = cursor.position
        let page = cursor.pageIndex
        guard body(&cursor) else {
            if let edge { announce(edge) }
            return
        }
        announceArrival(from: before, page: page)
    }

    private func announceArrival(from before: ReadingPosition, page: Int) {
        if cursor.pageIndex != page {
            announce(document.page(containing: cursor.position).announcement, priority: .high)
        }
        if cursor.position.element != before.element,
            document.elements[cursor.position.element].traits.contains(.heading)
        {
            announce("Heading", priority: .low)
        }
    }

    private func announce(_ text: String, priority: AnnouncementPriority = .default) {
        announcements.post(Announcement(text, priority: priority))
    }

    // MARK: Read all

    private func toggleReadAll() {
        let now = clock.now
        if player == nil {
            player = ReadAllPlayer(
                document: document, from: cursor.position, granularity: unit.readingGranularity, pace: settings.pace,
                speech: settings.speech, now: now)
            if let problem = settings.speechProblem { announce("No speech: \(problem)") }
        } else {
            player!.togglePause(now: now)
            announce(player!.state == .paused ? "Paused" : "Reading")
        }
    }

    /// Moves the highlight along when the next utterance is due; `true` when something changed.
    private func advanceReading(at now: ContinuousClock.Instant) -> Bool {
        guard var player else { return false }
        let steps = player.advanceIfDue(at: now)
        self.player = player
        for step in steps {
            switch step {
            case .utterance(let utterance):
                cursor.move(to: utterance.position)
            case .word(let position):
                cursor.move(to: position)
            case .announcement(let announcement):
                announcements.post(announcement)
            case .failure(let failure):
                announce("Speech failed: \(failure)", priority: .high)
            case .end:
                stopReading()
                announce("End of reading")
            }
        }
        return !steps.isEmpty
    }

    // MARK: Selection and lists

    /// Moves the selection's focus one unit of the rotor's granularity forward (Shift-→) or
    /// backward (Shift-←), with the engine's semantics in both directions: a selection whose
    /// focus lies that way from its anchor is extended, one whose focus lies the other way is
    /// shrunk toward its anchor. From a caret (nothing, or nothing but a caret, selected),
    /// forward selects the unit at the cursor, backward selects from the cursor back to the
    /// start of the unit before it.
    private func moveSelectionFocus(forward: Bool) {
        let granularity = unit.textGranularity
        if let current = selection.selection, !current.isEmpty {
            let changed =
                current.isBackward == !forward
                ? selection.extend(by: granularity) : selection.shrink(by: granularity)
            guard changed else {
                announce("Nothing more to select")
                return
            }
        } else if forward {
            if !selection.select(granularity, at: cursor.position) {
                guard let range = cursor.highlightedRange(for: unit) else { return }
                selection.select(
                    from: ReadingPosition(element: range.element, offset: range.range.lowerBound),
                    to: ReadingPosition(element: range.element, offset: range.range.upperBound))
            }
        } else {
            var before = cursor
            guard before.move(forward: false, by: granularity) else {
                announce("Nothing more to select")
                return
            }
            selection.select(from: cursor.position, to: before.position)
        }
        announceSelection()
    }

    private func announceSelection() {
        let text = CommonOptions.oneLine(selection.selectedText)
        guard !text.isEmpty else {
            announce("Nothing selected")
            return
        }
        announce("Selected: " + (text.count > 60 ? text.prefix(60) + "…" : text))
    }

    private func openActions() {
        var madeSelection = false
        if selection.selection?.isEmpty ?? true, let range = cursor.highlightedRange(for: unit) {
            madeSelection = selection.select(
                from: ReadingPosition(element: range.element, offset: range.range.lowerBound),
                to: ReadingPosition(element: range.element, offset: range.range.upperBound))
        }
        mode = .actions(
            ActionsList.make(selection: selection, element: cursor.position.element), madeSelection: madeSelection)
    }

    private func openSavedSelections() {
        guard let store = settings.store else {
            announce("Saved selections are unavailable: \(settings.storeProblem ?? "no store")")
            return
        }
        do {
            mode = .saved(SavedSelectionsList.make(try store.selections(forBook: settings.book)))
        } catch {
            announce("Saved selections are unavailable: \(error)")
        }
    }

    private func jump(to saved: SavedSelection) {
        guard let range = SavedSelectionsList.range(of: saved, in: document) else {
            announce("That selection is no longer in this book")
            return
        }
        let before = cursor.position
        let page = cursor.pageIndex
        cursor.move(to: range.start)
        if range.end > range.start { selection.select(from: range.start, to: range.end) }
        announceArrival(from: before, page: page)
        announce("Saved selection: " + CommonOptions.oneLine(saved.text).prefix(50))
    }

    // MARK: Go to page and find

    private func goToPage(_ text: String) {
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)), number >= 1, number <= document.pageCount
        else {
            announce("There is no page '\(text)': the book has \(document.pageCount) pages")
            return
        }
        _ = cursor.moveToPage(number - 1)
        announce(document.page(containing: cursor.position).announcement, priority: .high)
    }

    /// Finds `text` (or the last text found, when empty) after the cursor, wrapping around to
    /// the start of the book, ignoring case.
    private func find(_ text: String) {
        let query = text.isEmpty ? lastFind : text
        guard !query.isEmpty else { return }
        lastFind = query
        let elements = document.elements
        let start = cursor.position
        for step in 0...elements.count {
            let index = (start.element + step) % elements.count
            let string = elements[index].string
            let cursorIndex = Self.characterIndex(in: string, atUTF16: start.offset)
            let searchRange: Range<String.Index>
            if step == 0 {
                // From the character after the cursor's.
                let from = cursorIndex < string.endIndex ? string.index(after: cursorIndex) : cursorIndex
                searchRange = from..<string.endIndex
            } else if step == elements.count {
                // Back in the cursor's element: the part before the cursor.
                searchRange = string.startIndex..<cursorIndex
            } else {
                searchRange = string.startIndex..<string.endIndex
            }
            guard let found = string.range(of: query, options: [.caseInsensitive], range: searchRange) else { continue }
            let offset = string.utf16.distance(from: string.startIndex, to: found.lowerBound)
            let before = cursor.position
            let page = cursor.pageIndex
            cursor.move(to: ReadingPosition(element: index, offset: offset))
            announceArrival(from: before, page: page)
            announce("Found: \(query)")
            return
        }
        announce("Not found: \(query)")
    }

    /// The index of the character holding UTF-16 offset `offset` of `string` (clamped).
    private static func characterIndex(in string: String, atUTF16 offset: Int) -> String.Index {
        let utf16 = string.utf16
        let raw = utf16.index(utf16.startIndex, offsetBy: min(max(0, offset), utf16.count))
        return raw.samePosition(in: string) ?? string.indices.last { $0 <= raw } ?? string.startIndex
    }

    // MARK: Layout and drawing

    /// Lays the document out for the terminal's size, the text size and the margin; the page
    /// shown is then the one holding the cursor, so the current unit stays in view.
    private func applyLayout() {
        let size = terminal.size
        let available = max(4, size.columns - 2 * ScreenRenderer.margin)
        let width = max(1, Int(Double(available) / Self.textScales[textScaleIndex]))
        let layout = PageLayout(width: width, linesPerPage: max(1, size.rows - 1))
        if document.layout != layout { document.relayout(layout) }
        pageCache = nil
    }

    private func pageView() -> PageView {
        let index = cursor.pageIndex
        if let cache = pageCache, cache.index == index, cache.layout == document.layout { return cache.view }
        let view = PageView(document: document, pageIndex: index)
        pageCache = (index, document.layout, view)
        return view
    }

    private func draw() {
        let page = document.page(containing: cursor.position)
        var status = "\(page.announcement)  \(unit.rawValue)  \(settings.title)"
        if let player {
            status += player.state == .paused ? "  (paused)" : player.isSpeaking ? "  (speaking)" : "  (reading)"
        }
        if !sink.text.isEmpty { status += "  — " + sink.text }
        var highlight = cursor.highlightedRange(for: unit)
        if let utterance = player?.current {
            // The word being spoken, else the utterance.
            highlight = (utterance.element, player?.word ?? utterance.range)
        }
        var frame = ScreenRenderer.Frame(
            page: pageView(), highlight: highlight, selection: selection.selection?.parts(in: document) ?? [],
            status: status, overlay: nil, prompt: nil, highContrast: highContrast)
        switch mode {
        case .reading:
            break
        case .help(let first):
            frame.overlay = ScreenRenderer.Overlay(
                title: "Keys (↓ ↑ scroll, any other key closes this list)",
                rows: Array(KeyMap.helpLines.dropFirst(first)),
                chosen: nil)
        case .actions(let list, _):
            frame.overlay = ScreenRenderer.Overlay(
                title: "\(list.title): \(list.query)", rows: list.rows, chosen: list.chosen)
        case .saved(let list):
            frame.overlay = ScreenRenderer.Overlay(
                title: "\(list.title): \(list.query)", rows: list.rows, chosen: list.chosen)
        case .prompt(let prompt):
            frame.prompt = prompt.label + prompt.text
        }
        ScreenRenderer(terminal: terminal).draw(frame)
    }
}

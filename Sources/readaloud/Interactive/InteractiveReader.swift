import Foundation
import TextNavigation
import TextNavigationStore

/// The keyboard-driven reader (`readaloud BOOK -i`): a loop that reads keys, moves through the
/// document with the library's navigator, selection controller and read-all session, announces
/// through its announcement queue, and redraws.
///
/// Its concerns live in extensions, one a file: keys (`InteractiveReader+Keys.swift`), read all,
/// selection and lists, go to page and find, layout and drawing; its state is internal so that
/// they reach it, and nothing else in the command line does.
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
        /// The voice read-all speaks with; `nil` without speech.
        var speech: ReadAllPlayer.Speech?
        /// Why read-all does not speak, said when it starts, or `nil`.
        var speechProblem: String?
        /// The book's recorded narration read-all plays (`--narration`), or `nil`.
        var narration: Narration? = nil
        /// The kinds of content read-all passes by (`--skip`).
        var skipping: Set<ContentKind> = ContentKind.skippedByDefault
        /// How the book is said where not as written (its ruby, lexicons, the listener's).
        var pronunciations: (any PronunciationSource)?
        /// The book's chapters, for `]`, `[` and stopping at a chapter's end.
        var chapters = ChapterList([], elementCount: 0)
        /// Where saved selections live, or `nil` when the store could not be opened.
        var store: SavedSelectionStore?
        /// Why there is no store, said when the user asks for it.
        var storeProblem: String?
        /// Where the last position is kept, or `nil` when it is not kept.
        var positions: LastPositionStore?
        /// Where read all's events are written too (`--transcript`), or `nil`.
        var transcript: ReadAllTranscript?
    }

    /// What is open over the page.
    enum Mode {
        case reading
        /// The key list, scrolled to its row `first`.
        case help(first: Int)
        case actions(ChoiceList<ActionsList.Entry>, madeSelection: Bool)
        case saved(ChoiceList<SavedSelection>)
        case prompt(LinePrompt)
    }

    /// The text sizes `+` and `-` step through: a larger size lays out fewer cells a line.
    static let textScales: [Double] = [1, 1.25, 1.5, 2, 2.5, 3]

    let document: Document
    let terminal: Terminal
    let settings: Settings
    var cursor: ReaderCursor
    var unit: RotorUnit
    let selection: SelectionController
    let sink = StatusLineSink()
    let announcements: AnnouncementQueue
    let clipboard = Clipboard()
    var textScaleIndex = 0
    var highContrast = false
    var mode = Mode.reading
    var player: ReadAllPlayer?
    var lastFind = ""
    /// The sleep timer's minutes (`t`), or `nil` when it is off.
    var sleepMinutes: Int?
    /// Whether read-all stops at the end of the chapter it starts in (`e`).
    var stopsAtChapterEnd = false
    /// Whether read-all pauses after each utterance (`p`).
    var pausesAfterEachUnit = false
    var pageCache: (index: Int, layout: PageLayout?, view: PageView)?
    let clock = ContinuousClock()

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
        settings.speech?.engine.stopAndWait()
        keepPosition()
        return status
    }

    /// Stops reading all; the voice falls silent at once.
    func stopReading() {
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
            if player != nil { needsDrawing = advanceReading() || needsDrawing }
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

    // MARK: Announcing

    /// Announces a page turn or a heading reached since the cursor was at `before` on `page`.
    func announceArrival(from before: ReadingPosition, page: Int) {
        if cursor.pageIndex != page {
            announce(document.page(containing: cursor.position).announcement, priority: .high)
        }
        if cursor.position.element != before.element,
            document.elements[cursor.position.element].traits.contains(.heading)
        {
            announce("Heading", priority: .low)
        }
    }

    func announce(_ text: String, priority: AnnouncementPriority = .default) {
        announcements.post(Announcement(text, priority: priority))
    }
}

import Dispatch
import ReadaloudJSON
import TextNavigation
import TextNavigationBooks
import TextNavigationSpeech

/// `readaloud BOOK`: read all, from the start, a page or a locator, to the end of the book,
/// turning pages.
enum ReadCommand {
    static let spec = CommandSpec(
        name: nil,
        abstract: "Read a plain-text or EPUB book aloud (as text or JSON Lines), turning pages to the end.",
        positionals: [CommonOptions.book],
        options: [
            granularity.spec, width.spec, linesPerPage.spec, from.spec, page.spec, printPage.spec, format.spec,
            CommonOptions.locale.spec,
        ] + SpeechOptions.all + [
            SpeechOptions.narration.spec, CommonOptions.skip.spec, LexiconOption.lexicon.spec,
        ] + ChapterOptions.all + [
            CommonOptions.lossy.spec,
            CommandSpec.Option(name: "version", valueName: nil, help: "Show the version."),
        ],
        discussion: """
            Text output prints what would be spoken, one unit per line. Lines the reader adds \
            begin with two spaces (book text never does): "Title, by Creator" first when the book \
            names itself (an EPUB's dc:title and dc:creator), "Page N of M" then and at each page \
            turn, "Heading" after a heading. An utterance's page is the page where its unit \
            starts; --page N starts with the first unit that starts on page N. JSON Lines output \
            prints one event per line, a "start" event first (see docs/cli.md for the schema). With --speak, the word being spoken is \
            highlighted on a terminal, and JSON Lines gets a "progress" event per word. An EPUB with \
            Media Overlays is read by its recorded narration where it has some (each clip played \
            in its place, the voice reading the rest; --narration off reads with the voice alone).

            --skip passes by kinds of content (notes by default, which are read when reading \
            starts in one, as after following a note reference); --skip none reads everything.

            Ctrl-C (or SIGTERM, SIGHUP) stops after the current unit and prints the locator to \
            resume from with --from (exit status 130; 143, 129); with --speak it stops the speech \
            at once, and the locator points at the word that was being spoken.

            With -i (--interactive) the book opens in a full-screen, keyboard-driven reader \
            instead; see 'readaloud BOOK -i --help'.

            SUBCOMMANDS:
              units   Print each unit of a book on its own line.
              probe   Show the tokenizer's answers at every position.
              search  Find a text in a whole book.
              bench   Measure speed and memory against raw ICU.
              save    Save the unit at a locator as a selection.
              saved   List a book's saved selections.
              unsave  Remove a saved selection.
              serve   Answer JSON-RPC 2.0 requests on standard input (for backends in any language).
              render  Draw one page to a PNG with a real font, the current unit highlighted.
              export  Write an audiobook (.m4b, .opus), a synchronized EPUB 3 or subtitles.
            See 'readaloud <subcommand> --help' for each one's options.
            """)

    static let granularity = CommonOptions.granularity(
        [TextGranularity.character, .word, .sentence, .line, .paragraph], default: .sentence)
    static let width = CommandOption.integer(
        "width", valueName: "N", help: "Line width in cells for layout and pages.", in: 1...100_000,
        default: PageLayout().cellWidth)
    static let linesPerPage = CommandOption.integer(
        "lines-per-page", valueName: "N", help: "Lines on a page.", in: 1...100_000, default: PageLayout().linesPerPage)
    static let from = CommandOption.text(
        "from", valueName: "LOCATOR",
        help: "Start at a locator (the JSON printed when reading stops, or in a JSONL utterance).")
    static let page = CommandOption.integer(
        "page", valueName: "N", help: "Start with the first unit that starts on page N (from 1).",
        in: 1...Int(Int32.max))
    static let printPage = CommandOption.text(
        "print-page", valueName: "LABEL",
        help: "EPUB: start where the printed page LABEL starts (its page-break marker).")
    static let format = CommandOption.choice(
        "format", valueName: "F", help: "Output for people or programs.", allowed: EventFormatter.Format.allCases,
        default: .text)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let speech = try checkOptions(arguments)
        let locale = arguments[CommonOptions.locale]
        _ = try CommonOptions.tokenizer(for: TextStorage(""), locale: locale)  // validate the locale once
        // Before pagination, which the first utterance waits for (its page number, "Page 1 of
        // N"): a Ctrl-C then stops after the first utterance, with a locator.
        InterruptRequest.install()
        let opened = try OpenedBook.open(
            at: arguments.positionals[0], lossy: arguments[CommonOptions.lossy], locale: locale,
            layout: PageLayout(width: Double(arguments[width]), linesPerPage: arguments[linesPerPage]))
        let (start, startPage) = try start(arguments, in: opened)
        let narration = SpeechOptions.narration(arguments, of: opened)
        let engine = try SpeechOptions.speechEngine(arguments, settings: speech, book: opened, narration: narration)
        let pronunciations = opened.pronunciations(lexicon: try LexiconOption.load(arguments))
        try read(
            opened.document, metadata: opened.metadata, from: start, page: startPage,
            granularity: arguments[granularity], settings: speech, narration: narration,
            skipping: arguments[CommonOptions.skip], pronunciations: pronunciations,
            stops: ChapterOptions.stops(
                arguments, in: opened, from: start ?? opened.document.page(at: startPage - 1)?.start),
            engine: engine, format: arguments[Self.format])
    }

    /// The speech settings, once the options are known to go together.
    private static func checkOptions(_ arguments: ParsedArguments) throws(CommandFailure) -> SpeechSettings {
        let spec = arguments.spec
        let speech: SpeechSettings
        do throws(UsageError) {
            speech = try SpeechOptions.settings(arguments, locale: arguments[CommonOptions.locale])
        } catch {
            throw CommandFailure(error)
        }
        let pageOption = arguments[page]
        if pageOption != nil, arguments.isGiven(from) {
            throw CommandFailure(UsageError("'--from' and '--page' cannot be used together", spec: spec))
        }
        if arguments.isGiven(printPage), pageOption != nil || arguments.isGiven(from) {
            throw CommandFailure(UsageError("'--print-page' cannot be used with '--from' or '--page'", spec: spec))
        }
        if arguments.isGiven(ChapterOptions.chapter),
            pageOption != nil || arguments.isGiven(from) || arguments.isGiven(printPage)
        {
            throw CommandFailure(
                UsageError("'--chapter' cannot be used with '--from', '--page' or '--print-page'", spec: spec))
        }
        return speech
    }

    /// Where reading starts, as the options ask (a locator, a printed page or a page): a
    /// position (the start of the unit holding it) or a page; and the page (from 1) where the
    /// first unit starts.
    private static func start(_ arguments: ParsedArguments, in opened: OpenedBook) throws(CommandFailure) -> (
        ReadingPosition?, page: Int
    ) {
        let document = opened.document
        var position: ReadingPosition?
        if let chapterStart = try ChapterOptions.start(arguments, in: opened) {
            position = chapterStart
        } else if let locator = arguments[Self.from] {
            do {
                position = try Locator.resolve(json: locator, in: document)
            } catch {
                throw CommandFailure("--from: \(error)", exitCode: .dataError)
            }
        } else if let label = arguments[Self.printPage] {
            position = try printPageStart(of: label, in: opened.epub)
        }
        if let position {
            // The page where the first unit (the one holding the position) starts.
            let session = ReadingSession(document: document, granularity: arguments[granularity], from: position)
            return (session.position, document.pageIndex(containing: session.position) + 1)
        }
        let number = arguments[page] ?? 1
        guard number <= document.pageCount else {
            throw CommandFailure(
                UsageError(
                    "--page \(number) is past the end: the book has \(document.pageCount) pages at this layout",
                    spec: arguments.spec))
        }
        return (nil, number)
    }

    /// Where the print page `label` starts in `epub`.
    private static func printPageStart(of label: String, in epub: EPUBBook?) throws(CommandFailure) -> ReadingPosition {
        guard let epub else {
            throw CommandFailure("--print-page works with EPUB books (plain text has no print pages)", exitCode: .usage)
        }
        guard let page = epub.printPages.first(where: { $0.label == label }) else {
            let known = epub.printPages.prefix(5).map(\.label).joined(separator: ", ")
            throw CommandFailure(
                "--print-page: the book has no print page '\(label)'"
                    + (known.isEmpty ? " (it has no print page markers)" : " (its pages start: \(known), ...)"),
                exitCode: .usage)
        }
        return page.position
    }

    /// Reads `document` to its end with the library's player, from `position` or else the
    /// start of page `page`, printing (and with an engine, speaking) each event; on Ctrl-C (or
    /// SIGTERM, SIGHUP) stops at once, printing the locator of what was heard (after the last
    /// unit printed, or, speaking, the word being spoken).
    private static func read(
        _ document: Document, metadata: BookMetadata, from position: ReadingPosition?, page: Int,
        granularity: TextGranularity,
        settings: SpeechSettings, narration: Narration?, skipping: Set<ContentKind>,
        pronunciations: any PronunciationSource, stops: ReadingStops,
        engine: (any SoundingSpeechEngine)?,
        format: EventFormatter.Format
    ) throws(CommandFailure) {
        let output = StandardOutput.shared
        output.line(
            EventFormatter.startLine(page: page, document: document, metadata: metadata, format: format))
        let printer = ReadAllPrinter(
            document: document, format: format, isSpeaking: engine != nil,
            pronunciations: {
                ReadAloudPlayer.pronunciations(of: $0, document: document, skipping: skipping, source: pronunciations)
            })
        let done = DispatchSemaphore(value: 0)
        let player = ReadAloudPlayer(
            document: document, granularity: granularity, engine: engine ?? SilentSpeechEngine(), settings: settings,
            narration: narration, skipping: skipping, pronunciations: pronunciations
        ) { event in
            printer.present(event)
            switch event {
            case .reading(.end), .failed, .sleepTimerEnded: done.signal()
            default: break
            }
        }
        player.stops = stops
        if let position { player.play(from: position) } else { player.play(page: page) }
        while done.wait(timeout: .now() + .milliseconds(5)) == .timedOut {
            guard InterruptRequest.isRequested else { continue }
            let locator = player.stop()
            engine?.stopAndWait()
            printer.endHighlightedLine()
            reportStop(at: locator, format: format)
            throw CommandFailure("", exitCode: InterruptRequest.exitCode)
        }
        engine?.stopAndWait()
        if let failure = printer.failure { throw CommandFailure(failure, exitCode: .unavailable) }
        if printer.sleepTimerEnded { reportStop(at: player.heardLocator, format: format) }
        output.flush()
    }

    /// Prints the locator to go on from after a stop: a `stopped` event, or a line on standard
    /// error.
    private static func reportStop(at locator: Locator, format: EventFormatter.Format) {
        let output = StandardOutput.shared
        switch format {
        case .jsonl:
            var stopped = JSONObject()
            stopped.add("type", "stopped")
            stopped.add("locator", EventFormatter.locatorObject(locator))
            output.line(stopped.text)
            output.flush()
        case .text:
            output.flush()
            writeToStandardError(
                "Stopped. To go on from here: --from '\(EventFormatter.locatorObject(locator).text)'\n")
        }
    }
}

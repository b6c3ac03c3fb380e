import ReadaloudJSON
import TextNavigation
import TextNavigationBooks

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
            CommonOptions.lossy.spec,
            CommandSpec.Option(name: "version", valueName: nil, help: "Show the version."),
        ],
        discussion: """
            Text output prints what would be spoken, one unit per line. Lines the reader adds \
            begin with two spaces (book text never does): "Page N of M" first and at each page \
            turn, "Heading" after a heading. An utterance's page is the page where its unit \
            starts; --page N starts with the first unit that starts on page N. JSON Lines output \
            prints one event per line, a "start" event first (see docs/cli.md for the schema). With --speak, the word being spoken is \
            highlighted on a terminal, and JSON Lines gets a "progress" event per word.

            Ctrl-C (or SIGTERM, SIGHUP) stops after the current unit and prints the locator to \
            resume from with --from (exit status 130; 143, 129); with --speak it stops the speech \
            at once, and the locator points at the word that was being spoken.

            With -i (--interactive) the book opens in a full-screen, keyboard-driven reader \
            instead; see 'readaloud BOOK -i --help'.

            SUBCOMMANDS:
              units   Print each unit of a book on its own line.
              probe   Show the tokenizer's answers at every position.
              bench   Measure speed and memory against raw ICU.
              save    Save the unit at a locator as a selection.
              saved   List a book's saved selections.
              unsave  Remove a saved selection.
              serve   Answer JSON-RPC 2.0 requests on standard input (for backends in any language).
            See 'readaloud <subcommand> --help' for each one's options.
            """)

    static let granularity = CommonOptions.granularity(
        [TextGranularity.character, .word, .sentence, .line, .paragraph], default: .sentence)
    static let width = CommandOption.integer(
        "width", valueName: "N", help: "Line width in cells for layout and pages.", in: 1...100_000,
        default: PageLayout().width)
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
            layout: PageLayout(width: arguments[width], linesPerPage: arguments[linesPerPage]))
        var (session, startPage) = try start(arguments, in: opened)
        let speaker = try SpeechOptions.speaker(
            arguments, settings: speech, document: opened.document, readings: opened.readings)
        try read(&session, of: opened, from: startPage, speaker: speaker, format: arguments[Self.format])
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
        return speech
    }

    /// The reading session at the start the options ask for (a locator, a printed page or a
    /// page), and the page (from 1) where its first unit starts.
    private static func start(_ arguments: ParsedArguments, in opened: OpenedBook) throws(CommandFailure) -> (
        ReadingSession, page: Int
    ) {
        let document = opened.document
        let granularity = arguments[Self.granularity]
        if let locator = arguments[Self.from] {
            let position: ReadingPosition
            do {
                position = try Locator(json: locator).resolve(in: document)
            } catch {
                throw CommandFailure("--from: \(error)", exitCode: .dataError)
            }
            let session = ReadingSession(document: document, granularity: granularity, from: position)
            // The page where the first unit (the one holding the position) starts.
            return (session, document.pageIndex(containing: session.position) + 1)
        } else if let label = arguments[Self.printPage] {
            let session = ReadingSession(
                document: document, granularity: granularity,
                from: try PrintPageAnnouncer.start(of: label, in: opened.epub))
            return (session, document.pageIndex(containing: session.position) + 1)
        }
        let number = arguments[page] ?? 1
        guard number <= document.pageCount else {
            throw CommandFailure(
                UsageError(
                    "--page \(number) is past the end: the book has \(document.pageCount) pages at this layout",
                    spec: arguments.spec))
        }
        return (ReadingSession(document: document, granularity: granularity, page: number), number)
    }

    /// Reads `session` to the end of the book, printing or speaking each event; on Ctrl-C (or
    /// SIGTERM, SIGHUP) stops after the current unit, printing the locator to go on from.
    private static func read(
        _ session: inout ReadingSession, of opened: OpenedBook, from startPage: Int, speaker: Speaker?,
        format: EventFormatter.Format
    ) throws(CommandFailure) {
        let document = opened.document
        var stoppedAt: ReadingPosition?
        let output = StandardOutput.shared
        output.line(
            EventFormatter.startLine(
                page: startPage, pages: document.pageCount, elements: document.elements.count, format: format))
        var printPages = PrintPageAnnouncer(epub: opened.epub, from: session.position)
        while let event = session.next() {
            if case .utterance(let utterance) = event {
                for label in printPages.labels(passedReading: utterance) {
                    let line = EventFormatter.printPageLine(label: label, format: format)
                    if let speaker {
                        speaker.announce("Page \(label)", line: line) { InterruptRequest.isRequested }
                    } else {
                        output.line(line)
                    }
                }
            }
            let line = EventFormatter.line(for: event, format: format, document: document)
            if let speaker {
                stoppedAt = try speaker.present(event, line: line, format: format) { InterruptRequest.isRequested }
            } else if let line {
                output.line(line)
            }
            if InterruptRequest.isRequested, event != .end {
                reportStop(at: Locator(position: stoppedAt ?? session.position, in: document), format: format)
                throw CommandFailure("", exitCode: InterruptRequest.exitCode)
            }
        }
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

import Foundation
import TextNavigation
import TextNavigationBooks
import TextNavigationSpeech
import TextNavigationStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `readaloud BOOK -i` (`--interactive`): the full-screen, keyboard-driven reader.
enum InteractiveCommand {
    static let spec = CommandSpec(
        name: nil,
        abstract: "Read a book in a full-screen, keyboard-driven reader in the terminal.",
        positionals: [CommandSpec.Positional(name: "book", help: "A UTF-8 plain-text book file.")],
        options: [
            CommandSpec.Option(name: "interactive", valueName: nil, help: "Open the terminal reader (also -i)."),
            granularity.spec, from.spec, pace.spec, noSpeech.spec, transcript.spec,
        ] + SpeechOptions.all + [
            SpeechOptions.narration.spec, CommonOptions.skip.spec, LexiconOption.lexicon.spec,
            SelectionStoreOptions.store.spec, CommonOptions.locale.spec, CommonOptions.lossy.spec,
        ],
        discussion: """
            Keys: arrows move by the rotor's unit and by line, Tab changes the unit, Space reads \
            all, Shift-arrows select, a lists actions, s lists saved selections, q quits; ? shows \
            every key; x leaves the table, list, note or quotation being read. The place the book is left at is kept beside the saved-selections store \
            and the book opens there next time.

            Read all speaks when speech is available (speech-dispatcher, else espeak-ng on the \
            sound device, as --speak chooses), the highlight following each word; --speak makes \
            speech required, --no-speech or --pace reads without it.
            """)

    static let granularity = CommonOptions.granularity(
        RotorUnit.allCases.filter { $0.granularity != nil }, default: .sentence)
    static let from = CommandOption.text(
        "from", valueName: "LOCATOR", help: "Open at a locator instead of where the book was left.")
    static let pace = CommandOption.integer(
        "pace", valueName: "MS",
        help:
            "Read all without speech, each utterance highlighted for MS milliseconds (50 to 10000; without speech the default is 800).",
        in: 50...10_000, default: 800)
    static let noSpeech = CommandOption.flag("no-speech", help: "Read all without speech, at the --pace.")
    static let transcript = CommandOption.text(
        "transcript", valueName: "FILE",
        help: "Also write what read all presents to FILE as it goes, as the JSON Lines of --format jsonl.")

    /// Whether `arguments` ask for the reader (`-i` or `--interactive`); `-i` is rewritten to
    /// `--interactive` for the parser.
    static func isRequested(by arguments: inout [String]) -> Bool {
        var requested = false
        for index in arguments.indices {
            if arguments[index] == "--" { break }
            if arguments[index] == "-i" { arguments[index] = "--interactive" }
            if arguments[index] == "--interactive" { requested = true }
        }
        return requested
    }

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let path = arguments.positionals[0]
        try checkTerminal(for: path)
        let unit = arguments[granularity]
        let (book, identity) = try SelectionStoreOptions.book(arguments)
        let locale = arguments[CommonOptions.locale]
        _ = try CommonOptions.tokenizer(for: TextStorage(""), locale: locale)  // validate the locale once
        let document = book.document  // plain text in --locale, or an EPUB
        let narration = SpeechOptions.narration(arguments, of: book)
        let (speech, speechProblem) = try Self.speech(arguments, locale: locale, book: book, narration: narration)
        let pronunciations = book.pronunciations(lexicon: try LexiconOption.load(arguments))
        let stores = Self.stores(arguments)
        let start = try Self.start(arguments, in: document, book: identity, positions: stores.positions)
        let transcript = try arguments[Self.transcript].map { path throws(CommandFailure) in
            try ReadAllTranscript(path: path)
        }

        let terminal = Terminal()
        try terminal.start()
        let reader = InteractiveReader(
            document: document, terminal: terminal, start: start,
            settings: InteractiveReader.Settings(
                title: book.displayTitle, book: identity,
                unit: unit, pace: .milliseconds(arguments[pace]), speech: speech, speechProblem: speechProblem,
                narration: narration, skipping: arguments[CommonOptions.skip], pronunciations: pronunciations,
                chapters: book.chapters,
                store: stores.selections, storeProblem: stores.problem, positions: stores.positions,
                transcript: transcript))
        let status = reader.run()
        terminal.stop()
        if let problem = reader.positionProblem {
            writeToStandardError("Warning: the reading position was not kept: \(problem)\n")
        }
        if status == ExitCode.interrupted.rawValue { throw CommandFailure("", exitCode: .interrupted) }
        // SIGTERM and SIGHUP end with 128 + the signal's number, as a shell reports them.
        if status != 0 { exit(status) }
    }

    /// Refuses a book on standard input, or standard input that is not a terminal: the reader
    /// reads keys from it.
    private static func checkTerminal(for path: String) throws(CommandFailure) {
        guard path != "-" else {
            throw CommandFailure(
                UsageError(
                    "--interactive reads keys from standard input, so the book must be a file, not '-'",
                    spec: spec))
        }
        guard isatty(0) != 0 else {
            throw CommandFailure(
                UsageError(
                    "--interactive needs a terminal: standard input is not one (run it in a terminal, without a pipe or redirection)",
                    spec: spec))
        }
    }

    /// The saved selections' store (or why it could not be opened) and the last positions' store
    /// beside it.
    private static func stores(_ arguments: ParsedArguments) -> (
        selections: SavedSelectionStore?, problem: String?, positions: LastPositionStore?
    ) {
        var store: SavedSelectionStore?
        var storeProblem: String?
        do {
            store = try SelectionStoreOptions.open(arguments)
        } catch {
            storeProblem = error.message
        }
        let storeURL =
            arguments[SelectionStoreOptions.store].map { URL(fileURLWithPath: $0) }
            ?? (try? SavedSelectionStore.defaultURL())
        return (store, storeProblem, storeURL.map(LastPositionStore.init(besideSelectionsStore:)))
    }

    /// Where reading starts: `--from`'s locator, else the position kept for `book`, else the
    /// document's start.
    private static func start(
        _ arguments: ParsedArguments, in document: Document, book: BookIdentity, positions: LastPositionStore?
    ) throws(CommandFailure) -> ReadingPosition {
        if let locator = arguments[from] {
            do {
                return try Locator.resolve(json: locator, in: document)
            } catch {
                throw CommandFailure("--from: \(error)", exitCode: .dataError)
            }
        }
        if let saved = positions?.locator(forBook: book), let position = try? saved.resolve(in: document) {
            return position
        }
        return document.startPosition
    }

    /// Read-all's speech: required with `--speak` (its failure is the command's), off with
    /// `--no-speech` or `--pace` (`nil` and no problem), else used when an engine is available
    /// (otherwise `nil` and the reason). With `--speak-to DIR` the words are highlighted in the
    /// audio's time, as though the WAV files were played.
    private static func speech(
        _ arguments: ParsedArguments, locale: String, book: OpenedBook, narration: Narration?
    ) throws(CommandFailure) -> (ReadAllPlayer.Speech?, String?) {
        let required = arguments[SpeechOptions.speak]
        if arguments[noSpeech] {
            guard !required else {
                throw CommandFailure(UsageError("'--speak' and '--no-speech' contradict each other", spec: spec))
            }
            return (nil, nil)
        }
        if !required, arguments.isGiven(pace) { return (nil, nil) }
        let settings: SpeechSettings
        do throws(UsageError) {
            settings = try SpeechOptions.settings(arguments, locale: locale, speakingByDefault: true)
        } catch {
            throw CommandFailure(error)
        }
        let voice: any SoundingSpeechEngine
        do throws(CommandFailure) {
            let engine = try SpeechOptions.engine(arguments, settings: settings)
            (engine.synthesis as? EspeakEngine)?.keepsTime = true
            voice = try SpeechOptions.voice(engine, book: book, narration: narration, keepsTime: true)
        } catch {
            if required { throw error }
            return (nil, error.message)
        }
        return (ReadAllPlayer.Speech(engine: voice, settings: settings), nil)
    }
}

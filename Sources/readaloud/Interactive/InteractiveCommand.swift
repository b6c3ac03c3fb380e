import Foundation
import TextNavigation

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
            granularity.spec, from.spec, pace.spec, SelectionStoreOptions.store.spec, CommonOptions.locale.spec,
            CommonOptions.lossy.spec,
        ],
        discussion: """
            Keys: arrows move by the rotor's unit and by line, Tab changes the unit, Space reads \
            all, Shift-arrows select, a lists actions, s lists saved selections, q quits; ? shows \
            every key. The place the book is left at is kept beside the saved-selections store \
            and the book opens there next time.
            """)

    static let granularity = CommonOptions.granularity(
        RotorUnit.allCases.filter { $0.granularity != nil }, default: .sentence)
    static let from = CommandOption.text(
        "from", valueName: "LOCATOR", help: "Open at a locator instead of where the book was left.")
    static let pace = CommandOption.integer(
        "pace", valueName: "MS",
        help: "Milliseconds each utterance stays highlighted when reading all without speech (50 to 10000).",
        in: 50...10_000, default: 800)

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
        let unit = arguments[granularity]
        let (book, identity) = try SelectionStoreOptions.book(arguments)
        let locale = arguments[CommonOptions.locale]
        _ = try CommonOptions.tokenizer(for: TextStorage(""), locale: locale)  // validate the locale once
        let document = book.document  // plain text in --locale, or an EPUB

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
        let positions = storeURL.map(LastPositionStore.init(besideSelectionsStore:))

        var start = document.startPosition
        if let locator = arguments[from] {
            do {
                start = try Locator(json: locator).resolve(in: document)
            } catch {
                throw CommandFailure("--from: \(error)", exitCode: .dataError)
            }
        } else if let saved = positions?.locator(forBook: identity), let position = try? saved.resolve(in: document) {
            start = position
        }

        let terminal = Terminal()
        try terminal.start()
        let reader = InteractiveReader(
            document: document, terminal: terminal, start: start,
            settings: InteractiveReader.Settings(
                title: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, book: identity,
                unit: unit, pace: .milliseconds(arguments[pace]), store: store, storeProblem: storeProblem,
                positions: positions))
        let status = reader.run()
        terminal.stop()
        if let problem = reader.positionProblem {
            writeToStandardError("Warning: the reading position was not kept: \(problem)\n")
        }
        if status == ExitCode.interrupted.rawValue { throw CommandFailure("", exitCode: .interrupted) }
        // SIGTERM and SIGHUP end with 128 + the signal's number, as a shell reports them.
        if status != 0 { exit(status) }
    }
}

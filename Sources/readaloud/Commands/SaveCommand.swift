import TextNavigation

/// `readaloud save`: saves the unit at a locator as a selection, durably.
enum SaveCommand {
    static let spec = CommandSpec(
        name: "save",
        abstract: "Save the unit at a locator (a word, sentence, line or paragraph) as a selection.",
        positionals: [SelectionStoreOptions.book],
        options: [
            CommandSpec.Option(
                name: "at", valueName: "LOCATOR", help: "Where: a locator printed by read-all or a stop.",
                required: true),
            CommonOptions.granularity([.character, .word, .sentence, .line, .paragraph], default: .sentence),
            CommandSpec.Option(name: "note", valueName: "TEXT", help: "A note to keep with the selection."),
            SelectionStoreOptions.store,
            CommonOptions.locale,
            CommonOptions.lossy,
        ],
        discussion: "Prints 'saved <id>' once the selection is safely on disk.")

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        guard let at = arguments.value("at") else {
            // The parser reports a missing required option; this is a second guard.
            throw CommandFailure(UsageError("missing '--at <LOCATOR>'", spec: spec))
        }
        let granularity = TextGranularity(rawValue: arguments.value("granularity")!)!
        let (book, identity) = try SelectionStoreOptions.book(arguments)
        let document = book.document
        let position: ReadingPosition
        do {
            position = try Locator(json: at).resolve(in: document)
        } catch {
            throw CommandFailure("--at: \(error)", exitCode: .dataError)
        }
        let element = document.elements[position.element]
        let range =
            element.tokenizer.rangeEnclosingPosition(position.textPosition, with: granularity, inDirection: .forward)
            ?? element.tokenizer.rangeEnclosingPosition(
                position.textPosition, with: granularity, inDirection: .backward)
        guard let range, !range.isEmpty,
            let selection = SavedSelection(
                book: identity, elementIndex: position.element, elementText: element.string, utf16Range: range.offsets,
                granularity: granularity, pageHint: document.pageIndex(containing: position) + 1,
                note: arguments.value("note"))
        else {
            throw CommandFailure(
                "--at: there is no \(granularity) at that place (it is between units)", exitCode: .dataError)
        }
        let store = try SelectionStoreOptions.open(arguments)
        do {
            let id = try store.save(selection)
            StandardOutput.shared.line("saved \(id.uuidString.lowercased())")
            StandardOutput.shared.flush()
        } catch {
            throw SelectionStoreOptions.failure(error)
        }
    }
}

import TextNavigation

/// `readaloud save`: saves the unit at a locator as a selection, durably.
enum SaveCommand {
    static let spec = CommandSpec(
        name: "save",
        abstract: "Save the unit at a locator (a word, sentence, line or paragraph) as a selection.",
        positionals: [SelectionStoreOptions.book],
        options: [
            at.spec, ReadCommand.granularity.spec, note.spec, SelectionStoreOptions.store.spec,
            CommonOptions.locale.spec, CommonOptions.lossy.spec,
        ],
        discussion: "Prints 'saved <id>' once the selection is safely on disk.")

    static let at = CommandOption.text(
        "at", valueName: "LOCATOR", help: "Where: a locator printed by read-all or a stop.", required: true)
    static let note = CommandOption.text("note", valueName: "TEXT", help: "A note to keep with the selection.")

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        guard let locator = arguments[at] else {
            // The parser reports a missing required option; this is a second guard.
            throw CommandFailure(UsageError("missing '--at <LOCATOR>'", spec: spec))
        }
        let granularity = arguments[ReadCommand.granularity]
        let (book, identity) = try SelectionStoreOptions.book(arguments)
        let document = book.document
        let position: ReadingPosition
        do {
            position = try Locator(json: locator).resolve(in: document)
        } catch {
            throw CommandFailure("--at: \(error)", exitCode: .dataError)
        }
        let element = document.elements[position.element]
        let range =
            element.stringTokenizer.rangeEnclosingPosition(
                position.textPosition, with: granularity, inDirection: .forward)
            ?? element.stringTokenizer.rangeEnclosingPosition(
                position.textPosition, with: granularity, inDirection: .backward)
        guard let range, !range.isEmpty,
            let selection = SavedSelection(
                book: identity, elementIndex: position.element, elementText: element.string, utf16Range: range.offsets,
                granularity: granularity, pageHint: document.pageIndex(containing: position) + 1,
                note: arguments[note])
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

import Foundation
import TextNavigation

/// `readaloud save`: saves the unit at a locator as a selection, or the selections of Web
/// Annotations, durably.
enum SaveCommand {
    static let spec = CommandSpec(
        name: "save",
        abstract: "Save the unit at a locator (a word, sentence, line or paragraph) as a selection.",
        positionals: [SelectionStoreOptions.book],
        options: [
            at.spec, annotation.spec, ReadCommand.granularity.spec, note.spec, SelectionStoreOptions.store.spec,
            CommonOptions.locale.spec, CommonOptions.lossy.spec,
        ],
        discussion: """
            Prints 'saved <id>' once the selection is safely on disk. --at takes readaloud's \
            locators and Readium's. --annotation saves what W3C Web Annotations select (a file of \
            one, an array, or one a line, as 'saved --format annotation' writes them), found by \
            their quoted text, and prints 'saved <id>' for each.
            """)

    static let at = CommandOption.text(
        "at", valueName: "LOCATOR", help: "Where: a locator printed by read-all or a stop, or a Readium locator.")
    static let annotation = CommandOption.text(
        "annotation", valueName: "FILE", help: "Save the selections of the Web Annotations in FILE instead.")
    static let note = CommandOption.text("note", valueName: "TEXT", help: "A note to keep with the selection.")

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        if let file = arguments[annotation] {
            guard arguments[at] == nil else {
                throw CommandFailure(UsageError("give --at or --annotation, not both", spec: spec))
            }
            return try saveAnnotations(from: file, arguments)
        }
        guard let locator = arguments[at] else {
            throw CommandFailure(UsageError("missing '--at <LOCATOR>' (or '--annotation <FILE>')", spec: spec))
        }
        let granularity = arguments[ReadCommand.granularity]
        let (book, identity) = try SelectionStoreOptions.book(arguments)
        let document = book.document
        let position: ReadingPosition
        do {
            position = try Locator.resolve(json: locator, in: document)
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
        try save([selection], arguments)
    }

    /// Saves the selections of the annotations in `file`, all found in the book before any is
    /// saved.
    private static func saveAnnotations(from file: String, _ arguments: ParsedArguments) throws(CommandFailure) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue,
            let bytes = FileManager.default.contents(atPath: file)
        else {
            throw CommandFailure("--annotation: \(file): no such file, or it cannot be read", exitCode: .noInput)
        }
        let (book, identity) = try SelectionStoreOptions.book(arguments)
        var selections: [SavedSelection] = []
        do throws(LocatorError) {
            let annotations = try SavedSelectionFormat.annotations(in: String(decoding: bytes, as: UTF8.self))
            for (index, annotation) in annotations.enumerated() {
                do throws(LocatorError) {
                    selections.append(try SavedSelection(annotation: annotation, book: identity, in: book.document))
                } catch {
                    throw LocatorError(
                        code: error.code,
                        reason: "annotation \(index + 1) (\(annotation.quote?.exact.prefix(40) ?? "")): "
                            + (error.code == .notFound ? "its text is not in this book" : error.reason))
                }
            }
        } catch {
            throw CommandFailure("--annotation: \(file): \(error.reason)", exitCode: .dataError)
        }
        try save(selections, arguments)
    }

    /// Saves `selections` one by one, printing `saved <id>` as each is on disk.
    private static func save(_ selections: [SavedSelection], _ arguments: ParsedArguments) throws(CommandFailure) {
        let store = try SelectionStoreOptions.open(arguments)
        do {
            for selection in selections {
                let id = try store.save(selection)
                StandardOutput.shared.line("saved \(id.uuidString.lowercased())")
                StandardOutput.shared.flush()
            }
        } catch {
            throw SelectionStoreOptions.failure(error)
        }
    }
}

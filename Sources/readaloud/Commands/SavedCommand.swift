import Foundation
import ReadaloudJSON
import TextNavigation

/// `readaloud saved`: the book's saved selections, in the order they were saved.
enum SavedCommand {
    static let spec = CommandSpec(
        name: "saved",
        abstract: "List a book's saved selections, oldest first.",
        positionals: [SelectionStoreOptions.book],
        options: [SelectionStoreOptions.store.spec, format.spec, CommonOptions.lossy.spec],
        discussion: """
            Text: one selection a line, <id><TAB><saved at, UTC><TAB><element>:<start>-<end><TAB><text>[<TAB><note>]; \
            in the text and the note a backslash prints as \\\\, a tab as \\t, a line feed as \\n, a carriage \
            return as \\r and another line break as \\u and 4 hex digits, so a record is one line.
            JSON Lines: one object a line with id, element, start, end, text, before, after, page, \
            granularity, createdAt, note and group (the id the records of one selection across \
            elements share; absent for a selection in one element).
            annotation: one W3C Web Annotation a line (JSON-LD: a TextQuoteSelector and a \
            TextPositionSelector on the content document, or on the book's file name for plain \
            text; the note as a TextualBody), for annotation tools and other reading apps; \
            'save --annotation' reads them back.
            readium: one Readium locator a line, the selection's text as its highlight (null for a \
            selection no longer found in the book).
            """)

    static let format = CommandOption.choice(
        "format", valueName: "F", help: "Output for people, programs, or other apps.",
        allowed: SavedSelectionFormat.allCases, default: .text)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let format = arguments[Self.format]
        let (book, identity) = try SelectionStoreOptions.book(arguments)
        let resource = SavedSelectionFormat.resource(of: arguments.positionals[0])
        // No store yet: nothing saved, and nothing is created.
        let store = try SelectionStoreOptions.openExisting(arguments)
        let selections: [SavedSelection]
        do {
            selections = try store?.selections(forBook: identity) ?? []
        } catch {
            throw SelectionStoreOptions.failure(error)
        }
        let dates = ISO8601DateFormatter()
        dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let output = StandardOutput.shared
        for selection in selections {
            let id = selection.id.uuidString.lowercased()
            let created = dates.string(from: selection.createdAt)
            switch format {
            case .text:
                var fields = [
                    id, created,
                    "\(selection.elementIndex):\(selection.utf16Range.lowerBound)-\(selection.utf16Range.upperBound)",
                    EscapedField.escaped(selection.text),
                ]
                if let note = selection.note { fields.append(EscapedField.escaped(note)) }
                output.line(fields.joined(separator: "\t"))
            case .jsonl, .annotation, .readium:
                output.line(format.json(for: selection, in: book.document, resource: resource, dates: dates))
            }
        }
        output.flush()
    }

    /// A saved selection as one JSON Lines object (`saved --format jsonl`, and `serve`'s `saved`).
    static func jsonObject(for selection: SavedSelection, dates: ISO8601DateFormatter) -> JSONObject {
        var object = JSONObject()
        object.add("id", selection.id.uuidString.lowercased())
        object.add("element", selection.elementIndex)
        object.add("start", selection.utf16Range.lowerBound)
        object.add("end", selection.utf16Range.upperBound)
        object.add("text", selection.text)
        object.add("before", selection.contextBefore)
        object.add("after", selection.contextAfter)
        if let page = selection.pageHint { object.add("page", page) }
        object.add("granularity", selection.granularity.rawValue)
        object.add("createdAt", dates.string(from: selection.createdAt))
        if let note = selection.note { object.add("note", note) }
        if let group = selection.groupID { object.add("group", group.uuidString.lowercased()) }
        return object
    }
}

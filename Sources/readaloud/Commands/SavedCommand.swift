import Foundation
import ReadaloudJSON
import TextNavigation

/// `readaloud saved`: the book's saved selections, in the order they were saved.
enum SavedCommand {
    static let spec = CommandSpec(
        name: "saved",
        abstract: "List a book's saved selections, oldest first.",
        positionals: [SelectionStoreOptions.book],
        options: [SelectionStoreOptions.store.spec, ReadCommand.format.spec, CommonOptions.lossy.spec],
        discussion: """
            Text: one selection a line, <id><TAB><saved at, UTC><TAB><element>:<start>-<end><TAB><text>[<TAB><note>]; \
            in the text and the note a backslash prints as \\\\, a tab as \\t, a line feed as \\n, a carriage \
            return as \\r and another line break as \\u and 4 hex digits, so a record is one line.
            JSON Lines: one object a line with id, element, start, end, text, before, after, page, \
            granularity, createdAt, note and group (the id the records of one selection across \
            elements share; absent for a selection in one element).
            """)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let format = arguments[ReadCommand.format]
        let (_, identity) = try SelectionStoreOptions.book(arguments)
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
            case .jsonl:
                output.line(jsonObject(for: selection, dates: dates).text)
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

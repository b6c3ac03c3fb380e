import Foundation
import TextNavigation
import TextNavigationStore

/// `readaloud unsave`: removes one saved selection of a book.
enum UnsaveCommand {
    static let spec = CommandSpec(
        name: "unsave",
        abstract: "Remove a saved selection of a book.",
        positionals: [SelectionStoreOptions.book, CommandSpec.Positional(name: "id", help: "The id 'save' printed.")],
        options: [SelectionStoreOptions.store.spec, CommonOptions.lossy.spec])

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let text = arguments.positionals[1]
        guard let id = UUID(uuidString: text) else {
            throw CommandFailure(UsageError("'\(text)' is not a saved selection id", spec: spec))
        }
        let (_, identity) = try SelectionStoreOptions.book(arguments)
        let store = try SelectionStoreOptions.openExisting(arguments)
        do {
            guard let store, let selection = try store.selection(withID: id), selection.book == identity else {
                throw CommandFailure("this book has no saved selection \(text.lowercased())", exitCode: .noInput)
            }
            _ = try store.removeSelection(withID: id)
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as SavedSelectionStoreError {
            throw SelectionStoreOptions.failure(error)
        } catch {
            throw CommandFailure("\(error)")
        }
        StandardOutput.shared.line("removed \(id.uuidString.lowercased())")
        StandardOutput.shared.flush()
    }
}

import Foundation
import TextNavigation
import TextNavigationAccessibility
import TextNavigationBooks

/// `readaloud BOOK --accessible`: the book on the Linux accessibility bus, for a screen reader.
enum AccessibleCommand {
    static let spec = CommandSpec(
        name: nil,
        abstract: "Publish a book on the accessibility bus (AT-SPI), so that a screen reader (Orca) reads it.",
        positionals: [CommandSpec.Positional(name: "book", help: "A plain-text or EPUB book file.")],
        options: [
            CommandSpec.Option(name: "accessible", valueName: nil, help: "Publish the book for a screen reader."),
            from.spec, CommonOptions.locale.spec, CommonOptions.lossy.spec,
        ],
        discussion: """
            The book is one application with a frame and a document, one text object per \
            paragraph or heading, linked so that say-all goes on across pages. On a terminal the \
            page is shown and keys move the caret: the arrows by line and character, Ctrl with \
            Left and Right by word, Home and End, Page Up and Page Down; + is the keypad's plus \
            (Orca's say-all); q quits. With standard input not a terminal, each line is a \
            command (a key name such as Down or Ctrl+Right, `caret E O`, `select E S T`, `relayout W`, quit) \
            and each change is reported on a line of standard output.

            Needs a D-Bus session with the accessibility bus (at-spi2-core): without one it \
            exits with status 69.
            """)

    static let from = CommandOption.text("from", valueName: "LOCATOR", help: "Put the caret at a locator.")

    /// Whether `arguments` ask for it (`--accessible` before any `--`).
    static func isRequested(by arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--accessible")
    }

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let path = arguments.positionals[0]
        guard path != "-" else {
            throw CommandFailure(
                UsageError(
                    "--accessible reads keys from standard input, so the book must be a file, not '-'", spec: spec))
        }
        let book = try OpenedBook.open(
            at: path, lossy: arguments[CommonOptions.lossy], locale: arguments[CommonOptions.locale])
        let document = book.document
        var caret = document.startPosition
        if let locator = arguments[from] {
            do {
                caret = try Locator.resolve(json: locator, in: document)
            } catch {
                throw CommandFailure("--from: \(error)", exitCode: .dataError)
            }
        }
        let title = book.displayTitle
        let accessible: AccessibleDocument
        do {
            accessible = try AccessibleDocument(document: document, title: title, caret: caret)
        } catch {
            throw CommandFailure("cannot publish the book for a screen reader: \(error)", exitCode: .unavailable)
        }
        let mode = TerminalMode()
        let isTerminal = mode.start()
        AccessibleReader(accessible: accessible, title: title, isTerminal: isTerminal).run()
        mode.stop()
    }
}

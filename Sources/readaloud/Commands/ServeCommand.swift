/// `readaloud serve`: the library over JSON-RPC 2.0 on standard input and output, for reader
/// backends in any language (see docs/serve.md and ``Server``).
enum ServeCommand {
    static let spec = CommandSpec(
        name: "serve",
        abstract: "Answer JSON-RPC 2.0 requests on standard input, for reader backends in any language.",
        positionals: [],
        options: [SelectionStoreOptions.store.spec, maxMessageBytes.spec, framing.spec],
        discussion: """
            Each request is one line of UTF-8 JSON; each response and notification is one line on \
            standard output. With --framing content-length, every message in both directions is \
            framed as the Language Server Protocol frames it instead: "Content-Length: N", a blank \
            line (CRLF CRLF), then N bytes of JSON, as LSP-style JSON-RPC libraries expect. Standard \
            error carries diagnostics only. Methods: open, close, element, \
            units, tokenizer, move, relayout, locator, resolve, readAll, pause, resume, stop, \
            select, extend, shrink, save, saved, unsave (see docs/serve.md for the protocol). The \
            end of standard input closes the books and ends the server with status 0.
            """)

    static let maxMessageBytes = CommandOption.integer(
        "max-message-bytes", valueName: "N",
        help: "The longest message read; a longer one is skipped and answered with an error.", in: 1024...(1 << 30),
        default: Server.defaultMessageLimit)

    static let framing = CommandOption.choice(
        "framing", valueName: "F", help: "How messages are delimited: one a line, or LSP's Content-Length headers.",
        allowed: MessageFraming.allCases, default: .lines)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        Server(
            arguments: arguments, messageLimit: arguments[maxMessageBytes],
            output: OutputQueue(framing: arguments[framing])
        ).run()
    }
}

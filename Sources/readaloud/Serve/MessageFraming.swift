/// How `serve`'s messages are delimited on the wire, as the client chose with `--framing`:
/// one message a line (the default), or the Language Server Protocol's base protocol, a
/// `Content-Length` header and a blank line before each message, which LSP-style JSON-RPC
/// libraries (python-lsp-jsonrpc, vscode-jsonrpc, pygls) speak.
enum MessageFraming: String, CaseIterable, Sendable {
    case lines
    case contentLength = "content-length"

    /// The bytes that carry `text` (one message) in this framing.
    func frame(_ text: String) -> [UInt8] {
        let body = Array(text.utf8)
        switch self {
        case .lines: return body + [0x0A]
        case .contentLength: return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
    }
}

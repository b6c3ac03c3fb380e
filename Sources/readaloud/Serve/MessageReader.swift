import Foundation

/// Reads `serve`'s messages from a file descriptor in the client's framing (``MessageFraming``),
/// holding at most `limit` bytes of one: a longer message is counted and thrown away as it
/// comes.
///
/// With `Content-Length` framing, a message is header lines (`Content-Length: N`, required;
/// `Content-Type` and any other header ignored, names in any case) ended by a blank line, then
/// N bytes. Blank lines between messages are passed over. A header block without a usable
/// `Content-Length` is malformed: reported, and reading goes on with the next header block. A
/// header line with bytes before its `Content-Length` (the rest of a message whose length lied,
/// reported already) is read from the `Content-Length` on, so reading finds its way back.
struct MessageReader {
    /// What ``next()`` read.
    enum Message: Equatable {
        /// A whole message.
        case text([UInt8])
        /// A message longer than the limit, of `length` bytes in all.
        case tooLong(length: Int)
        /// Framing that could not be read, and why.
        case malformed(String)
    }

    let framing: MessageFraming
    let limit: Int
    private var lines: LineReader

    init(descriptor: Int32, limit: Int, framing: MessageFraming) {
        self.framing = framing
        self.limit = limit
        lines = LineReader(descriptor: descriptor, limit: limit)
    }

    /// The next message, or `nil` at the end of input.
    mutating func next() -> Message? {
        switch framing {
        case .lines:
            switch lines.next() {
            case .text(let bytes)?: return .text(bytes)
            case .tooLong(let length)?: return .tooLong(length: length)
            case nil: return nil
            }
        case .contentLength:
            return nextWithHeaders()
        }
    }

    private mutating func nextWithHeaders() -> Message? {
        var length: Int?
        var problem: String?
        var sawHeader = false
        while let line = lines.next() {
            guard case .text(let bytes) = line else {
                problem = "a header line is over \(limit) bytes"
                sawHeader = true
                continue
            }
            if bytes.isEmpty {
                if sawHeader { break }
                continue
            }
            sawHeader = true
            let header = Self.resynchronized(String(decoding: bytes, as: UTF8.self))
            guard let colon = header.firstIndex(of: ":") else {
                problem = problem ?? "a header line without a colon: '\(header.prefix(60))'"
                continue
            }
            let name = header[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard let count = Int(value), count >= 0, value.allSatisfy(\.isASCII) else {
                    problem = problem ?? "Content-Length '\(value.prefix(30))' is not a number of bytes"
                    continue
                }
                length = count
            }
        }
        guard sawHeader else { return nil }
        if let problem { return .malformed(problem) }
        guard let length else { return .malformed("a message without a Content-Length header") }
        let (body, read) = lines.bytes(length, keepingAtMost: limit)
        guard read == length else {
            return .malformed("the input ended \(read) bytes into a message of \(length) bytes")
        }
        return length > limit ? .tooLong(length: length) : .text(body)
    }

    /// `header` from its `Content-Length:` on when bytes that are no header name come before it
    /// (the rest of a message whose length lied: `…"x"}}Content-Length: 63`), else as it is.
    private static func resynchronized(_ header: String) -> String {
        guard let found = header.range(of: "content-length:", options: [.caseInsensitive, .backwards]),
            found.lowerBound > header.startIndex
        else { return header }
        let before = header[header.index(before: found.lowerBound)]
        if before.isLetter || before.isNumber || before == "-" || before == "_" { return header }
        return String(header[found.lowerBound...])
    }
}

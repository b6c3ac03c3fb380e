import Foundation
import ReadaloudJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The pipes to a `readaloud serve` under measurement: messages written whole, in either
/// framing, and read back one at a time.
struct ServeConnection {
    /// How messages are framed (`readaloud serve --framing`).
    enum Framing: String {
        case lines
        case contentLength = "content-length"
    }

    let framing: Framing
    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(input: Int32, output: Int32, framing: Framing) {
        self.input = input
        self.output = output
        self.framing = framing
    }

    /// Writes `request` whole, framed.
    mutating func send(_ request: String) throws(BenchError) {
        var bytes = Array(request.utf8)
        switch framing {
        case .lines: bytes.append(0x0A)
        case .contentLength: bytes = Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
        }
        var start = 0
        while start < bytes.count {
            let written = bytes[start...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw BenchError("readaloud serve stopped reading") }
            start += written
        }
    }

    /// The next message the server wrote.
    mutating func next() throws(BenchError) -> String {
        while true {
            if let message = takeMessage() { return message }
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw BenchError("readaloud serve ended before answering") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Sends `request` and returns the answer with its `id`, passing over other messages.
    mutating func call(_ request: String, id: Int) throws(BenchError) -> String {
        try send(request)
        while true {
            let message = try next()
            if case .integer(id)? = Self.field("id", of: message) { return message }
        }
    }

    /// A whole message from the buffer, if one is there.
    private mutating func takeMessage() -> String? {
        switch framing {
        case .lines:
            guard let newline = buffer.firstIndex(of: 0x0A) else { return nil }
            defer { buffer.removeSubrange(...newline) }
            return String(decoding: buffer[..<newline], as: UTF8.self)
        case .contentLength:
            let separator: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
            guard let end = buffer.firstRange(of: separator) else { return nil }
            let header = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
            guard
                let length = header.split(separator: "\r\n").lazy.compactMap({ line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }).first, buffer.count >= end.upperBound + length
            else { return nil }
            defer { buffer.removeSubrange(..<(end.upperBound + length)) }
            return String(decoding: buffer[end.upperBound..<(end.upperBound + length)], as: UTF8.self)
        }
    }

    /// The field `name` of a JSON object message.
    static func field(_ name: String, of message: String) -> JSONValue? {
        guard case .object(let fields)? = try? JSONParser.parse(Array(message.utf8)) else { return nil }
        return fields.first { $0.0 == name }?.1
    }
}

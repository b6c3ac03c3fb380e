import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running `readaloud serve`, driven line by line through its standard input and output as a
/// client in another language would drive it.
final class ServeProcess {
    struct Timeout: Error, CustomStringConvertible {
        let description: String
    }

    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []

    /// Starts `readaloud serve arguments...` in the repository root; standard error goes to
    /// `/dev/null` unless `standardError` is given.
    init(_ arguments: [String] = [], standardError: FileHandle? = nil) throws {
        process.executableURL = CLIRunner.executable
        process.arguments = ["serve"] + arguments
        process.currentDirectoryURL = CLIRunner.repositoryRoot
        process.standardInput = input
        process.standardOutput = output
        process.standardError = standardError ?? FileHandle.nullDevice
        signal(SIGPIPE, SIG_IGN)
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Sends `bytes` and a line end.
    func send(_ bytes: [UInt8]) {
        var bytes = bytes
        bytes.append(0x0A)
        let descriptor = input.fileHandleForWriting.fileDescriptor
        var start = 0
        while start < bytes.count {
            let written = bytes[start...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            start += written
        }
    }

    /// Sends `text` and a line end.
    func send(_ text: String) { send(Array(text.utf8)) }

    /// Sends a request and returns its id's response, skipping event notifications (collected
    /// into `events` when given).
    func request(
        _ id: Int, _ method: String, _ params: [String: Any], events: UnsafeMutablePointer<[[String: Any]]>? = nil
    ) throws -> [String: Any] {
        let message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method, "params": params]
        send(Array(try JSONSerialization.data(withJSONObject: message)))
        while true {
            let object = try nextObject()
            if object["method"] as? String == "event" {
                events?.pointee.append(object["params"] as? [String: Any] ?? [:])
                continue
            }
            if (object["id"] as? Int) == id { return object }
        }
    }

    /// Reads event notifications into `events` until the last one is `{"type":"end"}`.
    func readEvents(untilEnd events: inout [[String: Any]]) throws {
        while events.last?["type"] as? String != "end" {
            let object = try nextObject()
            if object["method"] as? String == "event" { events.append(object["params"] as? [String: Any] ?? [:]) }
        }
    }

    /// The next line of output that is not an event notification (a response), as a JSON
    /// object.
    func nextAnswer(timeout: Double = 60) throws -> [String: Any] {
        while true {
            let object = try nextObject(timeout: timeout)
            if object["method"] as? String != "event" { return object }
        }
    }

    /// The next line of output as a JSON object.
    func nextObject(timeout: Double = 60) throws -> [String: Any] {
        guard let line = try nextLine(timeout: timeout) else { throw Timeout(description: "the server ended") }
        guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
            throw Timeout(description: "not a JSON object: \(String(decoding: line, as: UTF8.self))")
        }
        return object
    }

    /// The next line of output without its line end, or `nil` at the end of output.
    func nextLine(timeout: Double = 60) throws -> [UInt8]? {
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            guard remaining > 0 else { throw Timeout(description: "no line from the server in \(timeout) s") }
            if poll(&descriptorSet, 1, remaining) <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return buffer.isEmpty ? nil : buffer }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Closes standard input and waits for the server to end; returns its exit status.
    func finish(timeout: Double = 60) throws -> Int32 {
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else { throw Timeout(description: "the server did not end after its input") }
            // Keep reading, so a server writing its last lines is not blocked.
            _ = try? nextLine(timeout: 0.05)
        }
        return process.terminationStatus
    }

    /// The server's resident memory in KiB (VmRSS), or `nil` where /proc is missing.
    var residentKiB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }
}

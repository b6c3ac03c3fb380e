import Foundation
import ReadaloudJSON

extension ServeRoundTrip {
    /// A `readaloud serve` child process and the connection to it.
    struct Server {
        let process: Process
        let input: Pipe
        let connection: ServeConnection

        init(framing: ServeConnection.Framing) throws(BenchError) {
            process = Process()
            process.executableURL = Self.executable()
            process.arguments = ["serve", "--framing", framing.rawValue]
            input = Pipe()
            let output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.standardError
            do {
                try process.run()
            } catch {
                throw BenchError("cannot start readaloud serve: \(error)")
            }
            connection = ServeConnection(
                input: input.fileHandleForWriting.fileDescriptor, output: output.fileHandleForReading.fileDescriptor,
                framing: framing)
        }

        /// Ends the server: the end of its input.
        func end() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }

        /// This readaloud's executable.
        private static func executable() -> URL {
            if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                return URL(fileURLWithPath: path)
            }
            return URL(fileURLWithPath: CommandLine.arguments[0])
        }
    }

    /// The time from `readAll` (book 1, by sentence) to its first utterance event, over 20
    /// sessions, each stopped once its first utterance has come.
    static func firstEvents(_ connection: inout ServeConnection) throws(BenchError) -> String {
        var times: [Double] = []
        let clock = ContinuousClock()
        for session in 1...20 {
            let start = clock.now
            try connection.send(
                #"{"jsonrpc":"2.0","id":\#(1_000_000 + session),"method":"readAll","params":{"book":1,"ack":true,"prefetch":1}}"#
            )
            while true {
                let message = try connection.next()
                guard case .object(let params)? = ServeConnection.field("params", of: message),
                    case .string("utterance")? = params.first(where: { $0.0 == "type" })?.1
                else { continue }
                break
            }
            times.append(microseconds(start.duration(to: clock.now)))
            _ = try connection.call(
                #"{"jsonrpc":"2.0","id":\#(2_000_000 + session),"method":"stop","params":{"session":\#(session)}}"#,
                id: 2_000_000 + session)
        }
        return "serve readAll to its first utterance event (20 sessions): " + Times(values: times).summary
    }

    /// `tokenizer` requests about book 1, one at a time, while a 10 MB book (the book at `path`
    /// repeated) is opened by the same server: their round trips, against the open's time.
    static func whileOpening(_ path: String, lengths: [Int], _ connection: inout ServeConnection)
        throws(BenchError) -> String
    {
        let big = try bigBook(from: path)
        defer { try? FileManager.default.removeItem(atPath: big) }
        let openID = 3_000_000
        let clock = ContinuousClock()
        let openStart = clock.now
        try connection.send(
            #"{"jsonrpc":"2.0","id":\#(openID),"method":"open","params":{"path":\#(JSONObject.quoted(big))}}"#)
        var opened: Duration?
        var times: [Double] = []
        let lines = requestLines(100_000, lengths: lengths, firstID: 4_000_000)
        for (index, line) in lines.enumerated() where opened == nil {
            let start = clock.now
            try connection.send(line)
            while true {
                let message = try connection.next()
                guard case .integer(let id)? = ServeConnection.field("id", of: message) else { continue }
                if id == openID {
                    guard message.contains("\"result\"") else { throw BenchError("could not open \(big): \(message)") }
                    opened = openStart.duration(to: clock.now)
                } else if id == 4_000_000 + index {
                    times.append(microseconds(start.duration(to: clock.now)))
                    break
                }
            }
        }
        guard let opened, !times.isEmpty else { throw BenchError("the 10 MB book opened before any request") }
        return
            "serve tokenizer round trip while a 10 MB book opens (\(times.count) requests during the open, which took \(String(format: "%.0f", microseconds(opened) / 1000)) ms): "
            + Times(values: times).summary
    }

    /// A temporary file holding the book at `path` repeated to at least 10 MB.
    private static func bigBook(from path: String) throws(BenchError) -> String {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
            throw BenchError("cannot read \(path)")
        }
        var big = Data()
        while big.count < 10_000_000 { big.append(data) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("readaloud-bench-\(UUID()).txt")
        do {
            try big.write(to: file)
        } catch {
            throw BenchError("cannot write \(file.path): \(error)")
        }
        return file.path
    }
}

import Foundation
import ReadaloudJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `readaloud bench --serve`: the time a `tokenizer` request takes over a pipe, from the first
/// byte written to `readaloud serve`'s standard input to the last byte of its answer read from
/// its standard output, one request at a time (a client waiting for each answer).
package struct ServeRoundTrip {
    /// What was measured, in microseconds.
    package struct Result {
        let requests: Int
        let median: Double
        let p90: Double
        let p99: Double
        let minimum: Double

        package var line: String {
            func format(_ value: Double) -> String { String(format: "%.1f", value) }
            return
                "serve tokenizer round trip over a pipe (\(requests) requests, one at a time): median \(format(median)) µs, p90 \(format(p90)) µs, p99 \(format(p99)) µs, min \(format(minimum)) µs"
        }
    }

    let bookPath: String
    let requests: Int

    package init(bookPath: String, requests: Int) {
        self.bookPath = bookPath
        self.requests = requests
    }

    package func run() throws(BenchError) -> Result {
        let process = Process()
        process.executableURL = Self.executable()
        process.arguments = ["serve"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw BenchError("cannot start readaloud serve: \(error)")
        }
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        var connection = Connection(
            input: input.fileHandleForWriting.fileDescriptor, output: output.fileHandleForReading.fileDescriptor)

        let lengths = try Self.elementLengths(bookPath, &connection)
        let warmUp = min(1000, requests)
        let lines = Self.requestLines(requests + warmUp, lengths: lengths)
        var times: [Double] = []
        times.reserveCapacity(requests)
        let clock = ContinuousClock()
        for (index, line) in lines.enumerated() {
            let start = clock.now
            let answer = try connection.call(line)
            let elapsed = start.duration(to: clock.now).components
            guard answer.contains("\"result\"") else { throw BenchError("readaloud serve failed: \(answer)") }
            if index >= warmUp { times.append(Double(elapsed.seconds) * 1e6 + Double(elapsed.attoseconds) * 1e-12) }
        }
        times.sort()
        func percentile(_ fraction: Double) -> Double {
            times[min(times.count - 1, Int(Double(times.count) * fraction))]
        }
        return Result(
            requests: times.count, median: percentile(0.5), p90: percentile(0.9), p99: percentile(0.99),
            minimum: times[0])
    }

    /// Opens the book at `path` through `connection` and returns the length of each of its
    /// elements, so that the questions are about real positions.
    private static func elementLengths(_ path: String, _ connection: inout Connection) throws(BenchError) -> [Int] {
        let opened = try connection.call(
            #"{"jsonrpc":"2.0","id":0,"method":"open","params":{"path":\#(JSONObject.quoted(path))}}"#)
        guard case .object(let fields)? = field("result", of: opened),
            case .integer(let elements)? = fields.first(where: { $0.0 == "elements" })?.1, elements > 0
        else { throw BenchError("readaloud serve could not open \(path): \(opened)") }
        var lengths: [Int] = []
        for element in 0..<elements {
            let answer = try connection.call(
                #"{"jsonrpc":"2.0","id":0,"method":"element","params":{"book":1,"element":\#(element)}}"#)
            guard case .object(let fields)? = field("result", of: answer),
                case .string(let text)? = fields.first(where: { $0.0 == "text" })?.1
            else { throw BenchError("readaloud serve did not answer 'element': \(answer)") }
            lengths.append(text.utf16.count)
        }
        return lengths
    }

    /// `count` `tokenizer` requests at random offsets of the elements (of `lengths`), the four
    /// kinds of query and both directions in turn.
    private static func requestLines(_ count: Int, lengths: [Int]) -> [String] {
        let queries = [
            "rangeEnclosingPosition", "isPositionAtBoundary", "isPositionWithinTextUnit", "positionFromToBoundary",
        ]
        var random = RandomOffsets(seed: 20)
        var lines: [String] = []
        for index in 0..<count {
            let element = random.next(below: lengths.count)
            let offset = random.next(below: lengths[element] + 1)
            lines.append(
                #"{"jsonrpc":"2.0","id":\#(index + 1),"method":"tokenizer","params":{"book":1,"element":\#(element),"granularity":"word","direction":"\#(index % 2 == 0 ? "forward" : "backward")","offset":\#(offset),"query":"\#(queries[index % 4])"}}"#
            )
        }
        return lines
    }

    /// This readaloud's executable.
    private static func executable() -> URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0])
    }

    private static func field(_ name: String, of answer: String) -> JSONValue? {
        guard case .object(let fields)? = try? JSONParser.parse(Array(answer.utf8)) else { return nil }
        return fields.first { $0.0 == name }?.1
    }

    /// The pipes to the server: a request written whole, its answer read to its line end.
    private struct Connection {
        let input: Int32
        let output: Int32
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)

        init(input: Int32, output: Int32) {
            self.input = input
            self.output = output
        }

        mutating func call(_ request: String) throws(BenchError) -> String {
            var bytes = Array(request.utf8)
            bytes.append(0x0A)
            var start = 0
            while start < bytes.count {
                let written = bytes[start...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw BenchError("readaloud serve stopped reading") }
                start += written
            }
            while true {
                if let newline = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeSubrange(...newline)
                    return line
                }
                let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw BenchError("readaloud serve ended before answering") }
                buffer.append(contentsOf: chunk[..<count])
            }
        }
    }
}

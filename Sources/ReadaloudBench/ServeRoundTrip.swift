import Foundation
import ReadaloudJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `readaloud bench --serve`, through `readaloud serve` over a pipe:
/// - the time a `tokenizer` request takes, from the first byte written to the last byte of its
///   answer read, one request at a time (a client waiting for each answer), in both framings;
/// - the time from `readAll` to its first utterance event;
/// - the same `tokenizer` requests about one book while a 10 MB book is being opened (which
///   the server does on a thread of its own), against the time the open takes.
package struct ServeRoundTrip {
    /// What was measured: one line per figure.
    package struct Result {
        package var lines: [String] = []
    }

    /// Round trips, in microseconds.
    struct Times {
        var values: [Double]

        func percentile(_ fraction: Double) -> Double {
            let sorted = values.sorted()
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        }

        var summary: String {
            func format(_ value: Double) -> String { String(format: "%.1f", value) }
            return
                "median \(format(percentile(0.5))) µs, p90 \(format(percentile(0.9))) µs, p99 \(format(percentile(0.99))) µs, min \(format(values.min() ?? 0)) µs"
        }
    }

    let bookPath: String
    let requests: Int

    package init(bookPath: String, requests: Int) {
        self.bookPath = bookPath
        self.requests = requests
    }

    package func run() throws(BenchError) -> Result {
        var result = Result()
        for framing in [ServeConnection.Framing.lines, .contentLength] {
            let server = try Server(framing: framing)
            defer { server.end() }
            var connection = server.connection
            let lengths = try Self.elementLengths(bookPath, &connection)
            let warmUp = min(1000, requests)
            let times = try Self.roundTrips(Self.requestLines(requests + warmUp, lengths: lengths), &connection)
            result.lines.append(
                "serve tokenizer round trip over a pipe, \(framing.rawValue) framing (\(requests) requests, one at a time): "
                    + Times(values: Array(times.dropFirst(warmUp))).summary)
            guard framing == .lines else { continue }
            result.lines.append(try Self.firstEvents(&connection))
            result.lines.append(try Self.whileOpening(bookPath, lengths: lengths, &connection))
        }
        return result
    }

    /// The round trip of each request of `lines`, in microseconds.
    private static func roundTrips(_ lines: [String], _ connection: inout ServeConnection) throws(BenchError)
        -> [Double]
    {
        var times: [Double] = []
        times.reserveCapacity(lines.count)
        let clock = ContinuousClock()
        for (index, line) in lines.enumerated() {
            let start = clock.now
            let answer = try connection.call(line, id: index + 1)
            let elapsed = start.duration(to: clock.now)
            guard answer.contains("\"result\"") else { throw BenchError("readaloud serve failed: \(answer)") }
            times.append(microseconds(elapsed))
        }
        return times
    }

    static func microseconds(_ duration: Duration) -> Double {
        let components = duration.components
        return Double(components.seconds) * 1e6 + Double(components.attoseconds) * 1e-12
    }

    /// Opens the book at `path` through `connection` and returns the length of each of its
    /// elements, so that the questions are about real positions.
    private static func elementLengths(_ path: String, _ connection: inout ServeConnection) throws(BenchError)
        -> [Int]
    {
        let opened = try connection.call(
            #"{"jsonrpc":"2.0","id":0,"method":"open","params":{"path":\#(JSONObject.quoted(path))}}"#, id: 0)
        guard case .object(let fields)? = ServeConnection.field("result", of: opened),
            case .integer(let elements)? = fields.first(where: { $0.0 == "elements" })?.1, elements > 0
        else { throw BenchError("readaloud serve could not open \(path): \(opened)") }
        var lengths: [Int] = []
        for element in 0..<elements {
            let answer = try connection.call(
                #"{"jsonrpc":"2.0","id":0,"method":"element","params":{"book":1,"element":\#(element)}}"#, id: 0)
            guard case .object(let fields)? = ServeConnection.field("result", of: answer),
                case .string(let text)? = fields.first(where: { $0.0 == "text" })?.1
            else { throw BenchError("readaloud serve did not answer 'element': \(answer)") }
            lengths.append(text.utf16.count)
        }
        return lengths
    }

    /// `count` `tokenizer` requests at random offsets of the elements (of `lengths`), the four
    /// kinds of query and both directions in turn.
    static func requestLines(_ count: Int, lengths: [Int], firstID: Int = 1) -> [String] {
        let queries = [
            "rangeEnclosingPosition", "isPositionAtBoundary", "isPositionWithinTextUnit", "positionFromToBoundary",
        ]
        var random = RandomOffsets(seed: 20)
        var lines: [String] = []
        for index in 0..<count {
            let element = random.next(below: lengths.count)
            let offset = random.next(below: lengths[element] + 1)
            lines.append(
                #"{"jsonrpc":"2.0","id":\#(index + firstID),"method":"tokenizer","params":{"book":1,"element":\#(element),"granularity":"word","direction":"\#(index % 2 == 0 ? "forward" : "backward")","offset":\#(offset),"query":"\#(queries[index % 4])"}}"#
            )
        }
        return lines
    }
}

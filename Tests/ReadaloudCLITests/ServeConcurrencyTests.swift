import Foundation
import Testing

/// serve opens and paginates books on threads of their own: a 10 MB book being opened or
/// laid out again does not hold up another book's answers, and requests that name the book before its answer (pipelined) are
/// answered once it is open, in order.
@Suite(.tags(.process)) struct ServeConcurrencyTests {
    /// A 10 MB plain-text book: Alice seventy times.
    static func bigBook() throws -> String {
        let alice = try Data(contentsOf: URL(fileURLWithPath: CLIRunner.book("alice-in-wonderland.txt")))
        var data = Data()
        for _ in 0..<70 { data.append(alice) }
        return try CLIRunner.temporaryFile([UInt8](data), name: "big.txt")
    }

    static func line(_ id: Int, _ method: String, _ params: [String: Any]) throws -> String {
        let message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method, "params": params]
        return String(decoding: try JSONSerialization.data(withJSONObject: message), as: UTF8.self) + "\n"
    }

    @Test func aSlowOpenDoesNotHoldUpAnotherBook() throws {
        let big = try Self.bigBook()
        defer { try? FileManager.default.removeItem(atPath: big) }
        let server = try ServeProcess()
        let small =
            (try server.request(1, "open", ["text": "One small book. It has two sentences."])["result"]
            as? [String: Any])?["book"] as? Int ?? 0
        // The big book's open, then (without waiting) questions about the small one, then one
        // about the big book by the id it will get.
        server.send(try Self.line(2, "open", ["path": big]))
        for id in 3...7 {
            server.send(try Self.line(id, "units", ["book": small, "element": 0, "granularity": "sentence"]))
        }
        server.send(try Self.line(8, "element", ["book": small + 1, "element": 0]))
        var order: [Int] = []
        while order.count < 7 {
            let answer = try server.nextAnswer(timeout: 300)
            #expect(answer["error"] == nil, "\(answer)")
            order.append(answer["id"] as? Int ?? -1)
        }
        // The small book's answers come first, in order; the big book's element after its open.
        #expect(Array(order.prefix(5)) == [3, 4, 5, 6, 7], "\(order)")
        #expect(Array(order.suffix(2)) == [2, 8], "\(order)")
        // Paginating the big book again does not hold up the small one either.
        server.send(try Self.line(9, "relayout", ["book": small + 1, "width": 50]))
        for id in 10...12 {
            server.send(try Self.line(id, "units", ["book": small, "element": 0, "granularity": "word"]))
        }
        order = []
        while order.count < 4 {
            let answer = try server.nextAnswer(timeout: 300)
            #expect(answer["error"] == nil, "\(answer)")
            order.append(answer["id"] as? Int ?? -1)
        }
        #expect(order == [10, 11, 12, 9], "\(order)")
        #expect(try server.finish() == 0)
    }
}

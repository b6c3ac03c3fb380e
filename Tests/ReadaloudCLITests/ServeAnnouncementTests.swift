import Foundation
import Testing

/// serve's `announce`: the library's announcement queue decides by priority, the client speaks
/// and says when it is done (`announced`); Apple's camera example is heard as UIKit has it.
@Suite(.tags(.process)) struct ServeAnnouncementTests {
    /// The `announcement` notifications among `lines`, as `number type` strings.
    static func decisions(_ objects: [[String: Any]]) -> [String] {
        objects.compactMap { object in
            guard object["method"] as? String == "announcement", let params = object["params"] as? [String: Any]
            else { return nil }
            var line = "\(params["announcement"] as? Int ?? 0) \(params["type"] as? String ?? "")"
            if let whole = params["spokenWhole"] as? Bool { line += whole ? " whole" : " not" }
            return line
        }
    }

    @Test func theCameraExample() throws {
        let server = try ServeProcess()
        var objects: [[String: Any]] = []
        func send(_ id: Int, _ method: String, _ params: [String: Any]) throws -> [String: Any] {
            server.send(
                String(
                    decoding: try JSONSerialization.data(
                        withJSONObject: ["jsonrpc": "2.0", "id": id, "method": method, "params": params]),
                    as: UTF8.self) + "\n")
            while true {
                let object = try server.nextObject()
                if object["id"] as? Int == id { return object }
                objects.append(object)
            }
        }
        _ = try send(1, "announce", ["text": "Opening camera", "priority": "default"])
        _ = try send(2, "announce", ["text": "Camera loading", "priority": "low"])
        _ = try send(3, "announce", ["text": "Camera active", "priority": "high"])
        #expect(
            ((try send(4, "announced", ["announcement": 3]))["result"] as? [String: Any])?["spoken"] as? Bool == true)
        #expect(
            ((try send(5, "announced", ["announcement": 1]))["result"] as? [String: Any])?["spoken"] as? Bool == false)
        // "Opening camera" cut off by "Camera active"; "Camera loading" never spoken.
        #expect(
            Self.decisions(objects) == [
                "1 speak", "2 finished not", "1 stop", "1 finished not", "3 speak", "3 finished whole",
            ])
        let bad = try send(6, "announce", ["text": "x", "priority": "loud"])
        #expect((bad["error"] as? [String: Any])?["code"] as? Int == -32602)
        #expect(try server.finish() == 0)
    }
}

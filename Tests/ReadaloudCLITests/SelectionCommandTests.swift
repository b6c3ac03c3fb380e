import Foundation
import Testing

/// `save`, `saved` and `unsave` on the built binary, with a store in a temporary directory.
@Suite(.tags(.process)) struct SelectionCommandTests {
    static let book = CLIRunner.book("alice-in-wonderland.txt")

    /// The `index`-th utterance of Alice read by sentence, with its locator's JSON.
    static func utterance(_ index: Int) throws -> (locator: String, text: String, before: String) {
        let lines = try CLIRunner.run([book, "--format", "jsonl"]).standardOutput.split(separator: "\n")
        let utterances = lines.filter { $0.contains(#""type":"utterance""#) }
        try #require(index < utterances.count)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(utterances[index].utf8)) as? [String: Any])
        let locator = try #require(object["locator"] as? [String: Any])
        return (
            String(decoding: try JSONSerialization.data(withJSONObject: locator), as: UTF8.self),
            try #require(object["text"] as? String), try #require(locator["before"] as? String)
        )
    }

    @Test func saveListAndRemove() throws {
        let store = try CLIRunner.temporaryDirectory().appendingPathComponent("s.sqlite").path
        let (locator, sentence, before) = try Self.utterance(199)
        let save = try CLIRunner.run(
            [Self.book, "save", "--at", locator, "--note", "nice", "--store", store].reordered)
        #expect(save.status == 0, "\(save.standardError)")
        #expect(save.standardOutput.hasPrefix("saved "))
        let id = String(save.standardOutput.dropFirst("saved ".count).dropLast())
        let second = try CLIRunner.run([
            "save", Self.book, "--at", locator, "--granularity", "paragraph", "--store", store,
        ])
        #expect(second.status == 0)
        let listed = try CLIRunner.run(["saved", Self.book, "--store", store])
        let rows = listed.standardOutput.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        try #require(rows.count == 2)
        try #require(rows[0].count == 5 && rows[1].count == 4)
        #expect(rows[0][0] == id)
        #expect(rows[0][3] == Substring(sentence))
        #expect(rows[0][4] == "nice")
        #expect(rows[1][3].contains(sentence))
        #expect(rows[1][3].count > sentence.count)
        let json = try CLIRunner.run(["saved", Self.book, "--store", store, "--format", "jsonl"])
        let first = try #require(
            json.standardOutput.split(separator: "\n").first.flatMap {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            })
        #expect(first["granularity"] as? String == "sentence")
        #expect((first["before"] as? String).map { before.hasSuffix($0) || $0.hasSuffix(before) } == true)
        let removed = try CLIRunner.run(["unsave", Self.book, id, "--store", store])
        #expect(removed.standardOutput == "removed \(id)\n")
        let again = try CLIRunner.run(["unsave", Self.book, id, "--store", store])
        #expect(again.status == 66)
        #expect(again.standardError == "Error: this book has no saved selection \(id)\n")
        #expect(
            try CLIRunner.run(["saved", Self.book, "--store", store]).standardOutput.split(separator: "\n").count == 1)
        // Another book has none of these.
        #expect(try CLIRunner.run(["saved", CLIRunner.book("rashomon.txt"), "--store", store]).standardOutput.isEmpty)
    }

    @Test func aCorruptStoreIsReportedWithItsPathAndKept() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let store = directory.appendingPathComponent("s.sqlite")
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: store)
        let result = try CLIRunner.run(["saved", Self.book, "--store", store.path])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains(store.path))
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("corrupt") }
        try #require(kept.count == 1)
        #expect(try Data(contentsOf: directory.appendingPathComponent(kept[0])) == garbage)
    }

    /// `save` prints its id only after the save is durable: kill it at moments spread from its
    /// start to past its usual end, and every id it printed is in the store, which stays
    /// readable. The loop must both kill saves before they print and see saves acknowledged,
    /// or it has checked nothing.
    @Test(.tags(.timing)) func everyPrintedSaveSurvivesSIGKILL() throws {
        let store = try CLIRunner.temporaryDirectory().appendingPathComponent("s.sqlite").path
        let locator = try Self.utterance(50).locator
        let arguments = ["save", Self.book, "--at", locator, "--store", store]
        // How long one save takes here, to spread the kills over it.
        let clock = ContinuousClock()
        var first: CLIRunner.Result?
        let duration = try clock.measure { first = try CLIRunner.run(arguments) }
        let firstSave = try #require(first)
        #expect(firstSave.status == 0, "\(firstSave.standardError)")
        #expect(firstSave.standardOutput.hasPrefix("saved "))
        var acknowledged = [String(firstSave.standardOutput.dropFirst(6).prefix(36))]
        let microseconds = Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
        var generator = SystemRandomNumberGenerator()
        var killedBeforeSaying = 0
        let runs = 20
        for run in 0..<runs {
            let process = Process()
            process.executableURL = CLIRunner.executable
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // From at once to twice the measured time, with a little jitter.
            let delay = microseconds * 2 * Double(run) / Double(runs) + Double.random(in: 0...2_000, using: &generator)
            usleep(UInt32(min(delay, 5_000_000)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if printed.hasPrefix("saved ") {
                acknowledged.append(String(printed.dropFirst(6).prefix(36)))
            } else {
                killedBeforeSaying += 1
            }
        }
        #expect(killedBeforeSaying > 0, "no save was killed before it printed its id")
        #expect(acknowledged.count > 1, "no save printed its id within twice the time one save took")
        #expect(acknowledged.allSatisfy { UUID(uuidString: $0) != nil }, "\(acknowledged)")
        let listed = try CLIRunner.run(["saved", Self.book, "--store", store])
        #expect(listed.status == 0, "\(listed.standardError)")
        let ids = Set(listed.standardOutput.split(separator: "\n").map { String($0.prefix(36)) })
        for id in acknowledged { #expect(ids.contains(id), "acknowledged save \(id) was lost") }
    }
}

extension Array where Element == String {
    /// `[book, subcommand, ...]` as `[subcommand, book, ...]`.
    fileprivate var reordered: [String] { count < 2 ? self : [self[1], self[0]] + self[2...] }
}

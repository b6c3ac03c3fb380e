import Foundation
import Testing

/// Ctrl-C stops after the current unit and prints where to resume; a closed pipe ends quietly.
@Suite(.tags(.process)) struct StopAndPipeTests {
    @Test(.needsSpeechEngine) func interruptStopsAfterTheCurrentUnitAndPrintsALocatorToResumeFrom() throws {
        let book = CLIRunner.book("alice-in-wonderland.txt")
        let directory = try CLIRunner.temporaryDirectory()
        let process = Process()
        process.executableURL = CLIRunner.executable
        // Speaking into WAV files makes each unit take a little while, as reading aloud does.
        process.arguments = [
            book, "--granularity", "word", "--format", "jsonl", "--speak", "--speak-to", directory.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var received = Data()
        let reader = output.fileHandleForReading
        while received.split(separator: UInt8(ascii: "\n")).filter({
            $0.starts(with: Data(#"{"type":"utterance""#.utf8))
        }).count < 5 {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        process.interrupt()
        received.append(reader.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let lines = received.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        let objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == lines.count)
        let stopped = try #require(objects.last)
        #expect(stopped["type"] as? String == "stopped")
        let lastSpoken = try #require(objects.last { $0["type"] as? String == "utterance" })
        let locator = try JSONSerialization.data(withJSONObject: try #require(stopped["locator"]))
        let resumed = try CLIRunner.run([
            book, "--granularity", "word", "--format", "jsonl", "--from", String(decoding: locator, as: UTF8.self),
        ])
        let next = try #require(
            resumed.standardOutput.split(separator: "\n").lazy.compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }.first { $0["type"] as? String == "utterance" })
        // Reading goes on with the unit after the last one spoken: nothing skipped, nothing twice.
        let all = try CLIRunner.run([book, "--granularity", "word", "--format", "jsonl"]).standardOutput.split(
            separator: "\n")
        let key = { (object: [String: Any]) in "\(object["element"] ?? "")-\(object["start"] ?? "")" }
        let keys = all.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["type"] as? String == "utterance" }.map(key)
        let spokenIndex = try #require(keys.firstIndex(of: key(lastSpoken)))
        // Ctrl-C cuts speech off at once, and reading resumes from the word being heard: a unit
        // cut off before its word was reached (no progress event for it) is read again; one whose
        // word was reached is read again when Ctrl-C came while it was spoken, and not when it
        // was over (the output cannot tell those two apart: the interrupt can fall between the
        // word's progress event and its end, as it did once on a loaded machine).
        let wasReached = objects.contains { $0["type"] as? String == "progress" && key($0) == key(lastSpoken) }
        try #require(spokenIndex + 1 < keys.count)
        let following = keys[spokenIndex + 1]
        #expect(wasReached ? [key(lastSpoken), following].contains(key(next)) : key(next) == key(lastSpoken))
    }

    @Test func aClosedPipeEndsQuietly() throws {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["units", CLIRunner.book("kokoro.txt"), "--granularity", "character"]
        let output = Pipe()
        let errorFile = try CLIRunner.temporaryDirectory().appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = output
        process.standardError = errorHandle
        try process.run()
        _ = output.fileHandleForReading.readData(ofLength: 100)
        try output.fileHandleForReading.close()
        process.waitUntilExit()
        try errorHandle.close()
        #expect(process.terminationStatus == 0)
        #expect(try Data(contentsOf: errorFile).isEmpty)
    }
}

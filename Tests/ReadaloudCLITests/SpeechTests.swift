import Foundation
import Testing

/// `--speak` through espeak-ng, writing WAV files so the tests need no sound device. Tests that
/// speak are skipped, with the reason printed, where espeak-ng cannot be loaded.
@Suite(.tags(.process)) struct SpeechTests {
    /// The length of a WAV file's audio in samples (16-bit mono), from its data chunk's size.
    static func sampleCount(_ file: URL) throws -> Int {
        let data = try Data(contentsOf: file)
        try #require(data.count >= 44, "\(file.lastPathComponent) is too short for a WAV header")
        #expect(data.prefix(4) == Data("RIFF".utf8))
        let size = data[40..<44].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        #expect(size == data.count - 44)
        return size / 2
    }

    @Test(.needsSpeechEngine) func speechGrowsWithTheTextAndReportsEveryWord() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let book = try CLIRunner.temporaryFile(
            Array("Hello.\n\nThe quick brown fox jumps over the lazy dog and keeps on running.\n".utf8))
        let result = try CLIRunner.run([book, "--speak", "--speak-to", directory.path, "--format", "jsonl"])
        #expect(result.status == 0, "\(result.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        try #require(files == ["00001.wav", "00002.wav"])
        let short = try Self.sampleCount(directory.appendingPathComponent(files[0]))
        let long = try Self.sampleCount(directory.appendingPathComponent(files[1]))
        #expect(short > 1000)
        #expect(long > 4 * short)
        let progress = result.standardOutput.split(separator: "\n").filter { $0.contains(#""type":"progress""#) }
        let words = progress.compactMap { line -> String? in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["text"] as? String
        }
        #expect(
            words == [
                "Hello", "The", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog", "and", "keeps", "on",
                "running",
            ])
        // Progress ranges are UTF-16 offsets of the element: "fox" in element 1.
        try #require(progress.count > 4)
        #expect(progress[4].contains(#""element":1,"start":16,"end":19"#))
    }

    @Test func aMissingEngineIsOneLineNamingThePackage() throws {
        let book = try CLIRunner.temporaryFile(Array("Hello.".utf8))
        let directory = try CLIRunner.temporaryDirectory()
        let result = try CLIRunner.run(
            [book, "--speak", "--speak-to", directory.path],
            environment: ["READALOUD_ESPEAK_LIBRARY": "/nonexistent/libespeak-ng.so.1"])
        #expect(result.status == 69)  // EX_UNAVAILABLE
        #expect(result.standardError.hasPrefix("Error: speech needs espeak-ng"))
        #expect(result.standardError.contains("install the Debian package espeak-ng"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardOutput.isEmpty)
    }

    @Test func speechOptionsNeedSpeak() throws {
        let result = try CLIRunner.run([CLIRunner.book("rashomon.txt"), "--voice", "ja"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: '--voice' goes with '--speak'"))
    }
}

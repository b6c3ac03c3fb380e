import Foundation
import Testing
import TextNavigationBooks

/// A synchronized EPUB from `readaloud export`, played by our own Media Overlays player
/// (`readaloud BOOK --speak --speak-to DIR`): every word is heard from its own clip, in order,
/// highlighted (a `progress` event) with the clip's times, and its sound is the clip's length;
/// nothing between the clips is left for the voice.
@Suite(.tags(.process)) struct ExportPlaybackTests {
    @Test(.needsSpeechEngine) func everyWordIsPlayedFromItsClipAtItsTime() throws {
        let (book, directory) = try ExportTests.tinyBook()
        let epub = directory.appendingPathComponent("played.epub")
        _ = try ExportTests.export(book, to: epub, ["--sync", "word"])
        let opened = try OpenedBook(contentsOf: epub.path)
        let clips = try #require(opened.narration).clips
        let words = clips.map { clip in
            opened.document.elements[clip.text.lowerBound.element].text.string(
                in: clip.text.lowerBound.offset..<clip.text.upperBound.offset) ?? ""
        }
        #expect(words.contains("rabbit") && clips.count >= 20, "\(words)")

        let heard = directory.appendingPathComponent("heard")
        try FileManager.default.createDirectory(at: heard, withIntermediateDirectories: true)
        let result = try CLIRunner.run([epub.path, "--format", "jsonl", "--speak", "--speak-to", heard.path])
        #expect(result.status == 0, "\(result.standardError)")
        let events = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        // Every utterance is a clip: the punctuation between words is not given to the voice.
        let utterances = events.filter { $0["type"] as? String == "utterance" }
        let voiced = utterances.filter { $0["source"] as? String != "audio" }.map { $0["text"] as? String ?? "" }
        #expect(voiced.isEmpty, "spoken by the voice: \(voiced)")
        // Each clip highlighted once, in order, with its word and its times.
        let progress = events.filter { $0["type"] as? String == "progress" && $0["source"] as? String == "audio" }
        #expect(progress.compactMap { $0["clip"] as? Int } == Array(clips.indices))
        #expect(progress.compactMap { $0["text"] as? String } == words)
        #expect(progress.compactMap { $0["clipBegin"] as? Int } == clips.map(\.audio.begin))
        #expect(progress.compactMap { $0["clipEnd"] as? Int } == clips.map { $0.audio.end ?? -1 })
        // Each clip's sound, as played, is as long as the clip. A file is written for each
        // thing heard, in order: the clips, and the voice's "heading" and page announcements.
        let files = try FileManager.default.contentsOfDirectory(atPath: heard.path).filter { $0.hasSuffix(".wav") }
            .sorted()
        let said = events.filter { ["utterance", "heading", "pageTurn"].contains($0["type"] as? String) }
        #expect(files.count == said.count)
        let played = zip(files, said).filter { $0.1["type"] as? String == "utterance" }.map(\.0)
        #expect(played.count == clips.count)
        for (file, clip) in zip(played, clips) {
            let milliseconds = try Self.milliseconds(ofWAV: heard.appendingPathComponent(file))
            let length = Double((clip.audio.end ?? 0) - clip.audio.begin)
            #expect(abs(milliseconds - length) <= 2, "\(file): \(milliseconds) ms played, the clip is \(length) ms")
        }
    }

    /// The length of the 16-bit PCM WAV file at `url` (a 44-byte header), in milliseconds.
    static func milliseconds(ofWAV url: URL) throws -> Double {
        let data = try Data(contentsOf: url)
        guard data.count >= 44 else { return -1 }
        func number(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(data[data.startIndex + offset + $1]) << (8 * $1) }
        }
        let channels = number(22, 2)
        let rate = number(24, 4)
        return Double(data.count - 44) / Double(2 * max(channels, 1)) / Double(max(rate, 1)) * 1000
    }
}

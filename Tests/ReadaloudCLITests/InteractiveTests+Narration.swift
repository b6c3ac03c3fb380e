import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal reader plays an EPUB's recorded narration: the fragment being heard is
/// highlighted whole, Space pauses in the middle of a clip and goes on from there.
extension InteractiveTests {
    @Test(.needsSpeechEngine, .enabled(if: AudioTools.isAvailable, AudioTools.reason))
    func readAllPlaysTheNarrationAndHighlightsTheFragmentHeard() throws {
        let audio = try CLIRunner.temporaryDirectory()
        let book = CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/epub/w3c-mol-navigation.epub")
        let run = try InteractiveReaderRun(book: book.path, arguments: ["--speak-to", audio.path], pace: nil)
        let tmux = run.session
        #expect(tmux.waitForText("mol-navigation"), "\(tmux.dump)")
        try tmux.send("Space")
        // Clip 1 (6.4 s) reads the whole first paragraph: highlighted as one, not word by word.
        #expect(
            tmux.waitUntil(seconds: 10) {
                try tmux.reversedText().contains { $0.hasPrefix("While this page is playing, open") }
            }, "\(tmux.dump)")
        usleep(1_000_000)
        try tmux.send("Space")
        #expect(tmux.waitForText("(paused)"), "\(tmux.dump)")
        usleep(500_000)
        try tmux.send("Space")
        #expect(tmux.waitForText("(speaking)"), "\(tmux.dump)")
        usleep(500_000)
        try tmux.send("Escape")
        #expect(tmux.waitForText("Stopped"), "\(tmux.dump)")
        try tmux.send("q")
        #expect(run.waitForExit() == 0)
        // Clip 0, "Heading", clip 1 whole, then clip 1 again from where it was paused.
        let files = try FileManager.default.contentsOfDirectory(atPath: audio.path).filter { $0.hasSuffix(".wav") }
            .sorted().map { audio.appendingPathComponent($0).path }
        try #require(files.count == 4, "\(files)")
        let lengths = try files.map { try AudioTools.measure(file: URL(fileURLWithPath: $0)).milliseconds }
        #expect(abs(lengths[0] - 1233) <= 10 && abs(lengths[2] - 6370) <= 10, "\(lengths)")
        #expect(lengths[3] > 6370 - 3000 && lengths[3] < 6370 - 800, "resumed in the middle of the clip: \(lengths)")
    }
}

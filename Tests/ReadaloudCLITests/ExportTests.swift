import Foundation
import Testing

/// `readaloud export`: subtitles and audiobooks from a small book with two chapters, read by
/// the real espeak-ng and checked with the real ffprobe; the same bytes whatever `--jobs`.
@Suite(.tags(.process)) struct ExportTests {
    static let book = """
        A Tiny Book


        CHAPTER I.
        The Start


        Alice was tired of sitting. She looked at the book.


        CHAPTER II.
        The Middle


        The rabbit ran past. It was very late.

        """

    /// The book in a new directory, and that directory.
    static func tinyBook() throws -> (book: String, directory: URL) {
        let book = try CLIRunner.temporaryFile(Array(Self.book.utf8), name: "tiny.txt")
        return (book, URL(fileURLWithPath: book).deletingLastPathComponent())
    }

    /// Runs `readaloud export book --to out arguments...`, expecting success.
    static func export(_ book: String, to out: URL, _ arguments: [String] = []) throws -> CLIRunner.Result {
        let result = try CLIRunner.run(["export", book, "--to", out.path] + arguments)
        #expect(result.status == 0, "\(result.standardError)")
        return result
    }

    @Test(.needsSpeechEngine) func subtitlesHaveACuePerSentenceInOrder() throws {
        let (book, directory) = try Self.tinyBook()
        let srt = directory.appendingPathComponent("tiny.srt")
        _ = try Self.export(book, to: srt)
        let text = try String(contentsOf: srt, encoding: .utf8)
        #expect(text.hasPrefix("1\n00:00:00,000 --> "))
        for sentence in ["Alice was tired of sitting.", "She looked at the book.", "It was very late."] {
            #expect(text.contains("\n\(sentence)\n"), "\(sentence) in \(text)")
        }
        let vtt = directory.appendingPathComponent("tiny.vtt")
        _ = try Self.export(book, to: vtt)
        let cues = try String(contentsOf: vtt, encoding: .utf8)
        #expect(cues.hasPrefix("WEBVTT\n\n00:00:00.000 --> "))
        // The cues' times only grow.
        let starts = cues.split(separator: "\n").filter { $0.contains(" --> ") }.map { String($0.prefix(12)) }
        #expect(starts == starts.sorted())
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("tiny.vtt.partial").path))
    }

    @Test(.needsSpeechEngine, .enabled(if: FFprobe.isAvailable, FFprobe.reason))
    func audiobooksHaveTheChaptersWithTheirTitlesAndTimes() throws {
        let (book, directory) = try Self.tinyBook()
        let srt = directory.appendingPathComponent("tiny.srt")
        _ = try Self.export(book, to: srt)
        let subtitles = try String(contentsOf: srt, encoding: .utf8)
        for name in ["tiny.m4b", "tiny.opus"] {
            let out = directory.appendingPathComponent(name)
            _ = try Self.export(book, to: out)
            let chapters = try FFprobe.chapters(of: out)
            #expect(chapters.map(\.title) == ["tiny", "CHAPTER I.: The Start", "CHAPTER II.: The Middle"], "\(name)")
            // Chapter II starts where its heading's cue starts in the subtitles.
            let heading = try #require(subtitles.range(of: "\nCHAPTER II.\n"))
            let line = subtitles[..<heading.lowerBound].split(separator: "\n").last ?? ""
            let cueStart = String(line.prefix(12))
            #expect(BookClock.milliseconds(cueStart) == chapters[2].start, "\(name): \(chapters) vs \(cueStart)")
            #expect(chapters[0].start == 0 && chapters[1].end == chapters[2].start)
            let duration = try FFprobe.duration(of: out)
            #expect(abs(duration - Double(chapters[2].end) / 1000) < 0.2, "\(name)")
        }
    }

    /// Our MP4 muxer against FFmpeg's own: FFmpeg copies our file's packets into its `ipod`
    /// muxer, and both files decode to the same samples; the tags and the language are read.
    @Test(.needsSpeechEngine, .enabled(if: FFprobe.isAvailable, FFprobe.reason))
    func theAudiobookDecodesAsFFmpegsOwnMuxingOfItsPackets() throws {
        let (book, directory) = try Self.tinyBook()
        let ours = directory.appendingPathComponent("ours.m4b")
        _ = try Self.export(book, to: ours)
        let theirs = directory.appendingPathComponent("theirs.m4b")
        try FFprobe.ffmpeg(["-i", ours.path, "-map", "0:a", "-c", "copy", "-f", "ipod", theirs.path])
        var samples: [Data] = []
        for file in [ours, theirs] {
            let pcm = directory.appendingPathComponent(file.lastPathComponent + ".pcm")
            try FFprobe.ffmpeg(["-i", file.path, "-map", "0:a", "-f", "s16le", "-c:a", "pcm_s16le", pcm.path])
            samples.append(try Data(contentsOf: pcm))
        }
        #expect(samples[0].count > 22_050 * 2 * 10, "more than 10 s of audio")
        #expect(samples[0] == samples[1])
        // The edit list skips the encoder's priming: as many samples as the chapters last.
        let end = try #require(FFprobe.chapters(of: ours).last?.end)
        #expect(abs(samples[0].count / 2 - end * 22_050 / 1000) < 512, "\(samples[0].count / 2) samples, \(end) ms")
        let probe = try FFprobe.probe(["-show_format", "-show_streams", ours.path])
        let tags = (probe["format"] as? [String: Any])?["tags"] as? [String: Any] ?? [:]
        #expect(tags["title"] as? String == "tiny" && tags["genre"] as? String == "Audiobook", "\(tags)")
        #expect(tags["major_brand"] as? String == "M4B ")
        let streams = probe["streams"] as? [[String: Any]] ?? []
        let audio = streams.first { $0["codec_type"] as? String == "audio" }
        #expect((audio?["tags"] as? [String: Any])?["language"] as? String == "eng", "\(streams)")
    }

    @Test(.needsSpeechEngine) func oneJobAndTwoJobsWriteTheSameBytes() throws {
        let (book, directory) = try Self.tinyBook()
        for name in ["tiny.m4b", "tiny.srt"] {
            let one = directory.appendingPathComponent("one-" + name)
            let two = directory.appendingPathComponent("two-" + name)
            _ = try Self.export(book, to: one, ["--jobs", "1"])
            _ = try Self.export(book, to: two, ["--jobs", "2"])
            #expect(try Data(contentsOf: one) == Data(contentsOf: two), "\(name)")
        }
    }

    @Test(.needsSpeechEngine) func progressIsJSONLinesWithFormatJSONL() throws {
        let (book, directory) = try Self.tinyBook()
        let result = try Self.export(book, to: directory.appendingPathComponent("tiny.srt"), ["--format", "jsonl"])
        let events = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let progress = events.filter { $0["type"] as? String == "progress" }
        #expect(progress.count == 3)
        #expect(progress.last?["percent"] as? Int == 100)
        #expect(progress.map { $0["done"] as? Int } == [1, 2, 3])
        // Not a terminal: plain lines on standard error.
        let plain = try Self.export(book, to: directory.appendingPathComponent("plain.srt"))
        #expect(plain.standardError.contains("100% 3/3 chapters"), "\(plain.standardError)")
    }
}

/// `mm:ss`-style clocks of subtitles, in milliseconds.
enum BookClock {
    /// `HH:MM:SS,mmm` (or `.mmm`) in milliseconds.
    static func milliseconds(_ clock: String) -> Int {
        let parts = clock.split(whereSeparator: { $0 == ":" || $0 == "," || $0 == "." }).compactMap { Int($0) }
        guard parts.count == 4 else { return -1 }
        return ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 1000 + parts[3]
    }
}

/// The ffprobe command line (Debian's ffmpeg), reading back what an export wrote.
enum FFprobe {
    static let path = "/usr/bin/ffprobe"
    static let isAvailable = FileManager.default.isExecutableFile(atPath: path)
    static let reason: Comment = "ffprobe is not installed (apt-get install ffmpeg)"

    struct Chapter: Equatable {
        var title: String
        var start: Int
        var end: Int
    }

    /// The chapters of `file`, times in milliseconds.
    static func chapters(of file: URL) throws -> [Chapter] {
        let json = try probe(["-show_chapters", file.path])
        let chapters = json["chapters"] as? [[String: Any]] ?? []
        return chapters.map { chapter in
            let tags = chapter["tags"] as? [String: Any]
            let start = Double(chapter["start_time"] as? String ?? "") ?? -1
            let end = Double(chapter["end_time"] as? String ?? "") ?? -1
            return Chapter(
                title: tags?["title"] as? String ?? "", start: Int((start * 1000).rounded()),
                end: Int((end * 1000).rounded()))
        }
    }

    /// The duration of `file` in seconds.
    static func duration(of file: URL) throws -> Double {
        let format = try probe(["-show_format", file.path])["format"] as? [String: Any]
        return Double(format?["duration"] as? String ?? "") ?? -1
    }

    /// Runs ffmpeg (beside ffprobe) with `arguments`, overwriting its output, expecting success.
    static func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-v", "error", "-y"] + arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "ffmpeg \(arguments)")
    }

    static func probe(_ arguments: [String]) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-v", "error", "-of", "json"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}

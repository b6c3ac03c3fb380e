import Foundation
import Testing
import TextNavigationSpeech

/// `AudioDecoder` on real files: a signal of known parts (tone, silence, tone) made by sox and
/// encoded by the ffmpeg command line as MP3, AAC in MP4, Opus in Ogg and FLAC; each clip is cut
/// where it is asked, as sox measures the WAV it is written to (length within 10 ms, the tone
/// or the silence inside).
@Suite(.tags(.process), .enabled(if: AudioTools.isAvailable, AudioTools.reason))
struct AudioDecoderTests {
    /// 1 s of 440 Hz, 0.5 s of silence, 1.25 s of 660 Hz, at 44.1 kHz mono: tone ends at
    /// 1000 ms, silence at 1500 ms, the file at 2750 ms.
    static let signal = try? AudioTools.signal()

    @Test(arguments: ["mp3", "m4a", "opus", "flac", "wav"])
    func clipsAreCutWhereTheyAreAsked(format: String) throws {
        let file = try #require(Self.signal).appendingPathExtension(format)
        let decoder = try AudioDecoder(bytes: [UInt8](try Data(contentsOf: file)))
        // What the container declares: an MP3's counts the encoder's padding (2795 ms here),
        // which decoding leaves out.
        #expect(decoder.declaredDuration.map { abs($0 - 2750) <= 60 } ?? true, "\(decoder.declaredDuration ?? -1)")
        for (begin, end) in [(0, 1000), (1000, 1500), (1500, 2750), (250, 1250), (1234, 1567)] {
            let clip = try decoder.clip(from: begin, to: end)
            let measured = try AudioTools.measure(clip)
            #expect(abs(measured.milliseconds - Double(end - begin)) <= 10, "\(format) \(begin)-\(end): \(measured)")
        }
        // Inside the silence (with a margin for the codec's filters) all but nothing; inside
        // the tones, a tone's loudness (a full-scale sine at half amplitude: RMS about 0.35).
        let silence = try AudioTools.measure(try decoder.clip(from: 1030, to: 1470))
        let first = try AudioTools.measure(try decoder.clip(from: 30, to: 970))
        let second = try AudioTools.measure(try decoder.clip(from: 1530, to: 2720))
        #expect(silence.rms < 0.02, "\(format): \(silence)")
        #expect(first.rms > 0.25 && second.rms > 0.25, "\(format): \(first) \(second)")
    }

    @Test func aClipBeforeTheLastOneIsDecodedAgainFromTheStart() throws {
        let file = try #require(Self.signal).appendingPathExtension("mp3")
        let bytes = [UInt8](try Data(contentsOf: file))
        let decoder = try AudioDecoder(bytes: bytes)
        _ = try decoder.clip(from: 2000, to: 2500)
        let again = try decoder.clip(from: 100, to: 600)
        #expect(again == (try AudioDecoder(bytes: bytes).clip(from: 100, to: 600)))
        // Past the end: what there is, then nothing; to the end: the rest.
        #expect(try decoder.clip(from: 2500, to: 4000).milliseconds == 250)
        #expect(try decoder.clip(from: 3000, to: 4000).samples.isEmpty)
        #expect(abs((try decoder.clip(from: 2000, to: nil)).milliseconds - 750) <= 10)
    }

    @Test func bytesThatAreNoAudioAreRefusedInWords() throws {
        #expect(throws: AudioDecodingError("the audio file is empty")) { try AudioDecoder(bytes: []) }
        let text = Array("This is not audio at all, only words in a file.".utf8)
        #expect { try AudioDecoder(bytes: text) } throws: { error in
            "\(error)".hasPrefix("not an audio file FFmpeg can read")
        }
        // A truncated MP3 decodes what is there, never crashing.
        let file = try #require(Self.signal).appendingPathExtension("mp3")
        let bytes = [UInt8](try Data(contentsOf: file))
        let truncated = try AudioDecoder(bytes: Array(bytes.prefix(bytes.count / 2)))
        let rest = try truncated.clip(from: 0, to: nil)
        #expect(rest.milliseconds > 1000 && rest.milliseconds < 2000, "\(rest.milliseconds)")
    }
}

/// sox and the ffmpeg command line, which make and measure the test audio.
enum AudioTools {
    static let isAvailable = ["/usr/bin/sox", "/usr/bin/ffmpeg"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let reason: Comment = "sox or ffmpeg is not installed (apt-get install sox ffmpeg)"

    struct ToolFailure: Error {
        let message: String
    }

    /// What sox measures of a WAV file.
    struct Measure: CustomStringConvertible {
        let milliseconds: Double
        let rms: Double
        var description: String { "\(milliseconds) ms, RMS \(rms)" }
    }

    /// Makes the test signal as WAV and in every format; the path without its extension.
    static func signal() throws -> URL {
        let base = try CLIRunner.temporaryDirectory().appendingPathComponent("signal")
        let parts = [
            ("tone1", ["synth", "1", "sine", "440", "vol", "0.5"]), ("silence", ["trim", "0", "0.5"]),
            ("tone2", ["synth", "1.25", "sine", "660", "vol", "0.5"]),
        ]
        for (name, effects) in parts {
            try run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "1", "-b", "16", base.path + "-\(name).wav"] + effects)
        }
        try run("/usr/bin/sox", parts.map { base.path + "-\($0.0).wav" } + [base.path + ".wav"])
        for (format, codec) in [("mp3", "libmp3lame"), ("m4a", "aac"), ("opus", "libopus"), ("flac", "flac")] {
            try run(
                "/usr/bin/ffmpeg",
                [
                    "-v", "error", "-y", "-i", base.path + ".wav", "-c:a", codec, "-b:a", "128k",
                    base.path + "." + format,
                ]
                .filter { format != "flac" || $0 != "-b:a" && $0 != "128k" })
        }
        return base
    }

    /// The length and RMS amplitude of `audio`, as sox measures its WAV file.
    static func measure(_ audio: PCMAudio) throws -> Measure {
        let file = try CLIRunner.temporaryDirectory().appendingPathComponent("clip.wav")
        try audio.wavData.write(to: file)
        return try measure(file: file, hasSamples: !audio.samples.isEmpty)
    }

    /// The length and RMS amplitude of the WAV file at `file`, as sox measures them.
    static func measure(file: URL, hasSamples: Bool = true) throws -> Measure {
        let duration = try run("/usr/bin/sox", ["--i", "-D", file.path])
        let statistics = hasSamples ? try run("/usr/bin/sox", [file.path, "-n", "stat"]) : ""
        let rms =
            statistics.split(separator: "\n").first { $0.hasPrefix("RMS     amplitude") }
            .flatMap { $0.split(separator: " ").last.flatMap { Double($0) } } ?? 0
        return Measure(
            milliseconds: (Double(duration.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1) * 1000, rms: rms)
    }

    /// Runs `executable` with `arguments`; its standard output and standard error.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let result = try CLIRunner.run(arguments, program: URL(fileURLWithPath: executable))
        let text = result.standardOutput + result.standardError
        guard result.status == 0 else {
            throw ToolFailure(message: "\(executable) \(arguments.joined(separator: " ")): \(text)")
        }
        return text
    }
}

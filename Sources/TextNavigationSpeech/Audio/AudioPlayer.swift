import Foundation
import TextNavigation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plays WAV audio on the sound device through the system's player (`aplay` from alsa-utils,
/// `paplay` or `pw-play`), calling word callbacks in time with it.
struct AudioPlayer {
    private let executable: URL
    private let arguments: [String]

    /// Finds a player and a sound device.
    ///
    /// - Throws: ``SpeechEngineError`` when there is no player or no sound device, for a caller to suggest
    ///   writing WAV files instead.
    init() throws(SpeechEngineError) {
        let candidates: [(String, [String])] = [("aplay", ["-q", "-"]), ("paplay", []), ("pw-play", ["-"])]
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        var found: (URL, [String])?
        for (name, arguments) in candidates where found == nil {
            for directory in path.split(separator: ":") {
                let url = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: url.path) {
                    found = (url, arguments)
                    break
                }
            }
        }
        guard let found else {
            throw SpeechEngineError(
                .noSoundOutput,
                "speech needs an audio player (aplay from the Debian package alsa-utils, paplay or pw-play)")
        }
        let hasDevice =
            FileManager.default.fileExists(atPath: "/dev/snd")
            || ProcessInfo.processInfo.environment["PULSE_SERVER"] != nil
            || FileManager.default.fileExists(
                atPath: (ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] ?? "/nonexistent") + "/pulse")
        guard hasDevice else {
            throw SpeechEngineError(.noSoundOutput, "speech found no sound device")
        }
        (executable, arguments) = found
    }

    /// Plays `audio`, calling `onMark` for each mark when its time comes; returns whether it was
    /// played to its end, at once (the player killed mid-word) when `shouldStop` answers `true`.
    func play(
        _ audio: Data, marks: [AudioMark], shouldStop: () -> Bool, onMark: (AudioMark) -> Void
    ) -> Bool {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async {
            try? writer.write(contentsOf: audio)
            try? writer.close()
        }
        let start = Date()
        for mark in marks {
            while Date().timeIntervalSince(start) * 1000 < Double(mark.milliseconds) {
                if shouldStop() || !process.isRunning { break }
                usleep(5_000)
            }
            if shouldStop() { break }
            onMark(mark)
        }
        var stopped = false
        while process.isRunning {
            if shouldStop() {
                process.terminate()
                stopped = true
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        return !stopped && !shouldStop()
    }
}

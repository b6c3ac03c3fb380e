import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private speech-dispatcher process for one test: its own configuration, socket, logs and
/// home, the espeak-ng output module (or a generic one), and audio into libao's null driver (no
/// sound device: pulse and alsa need one). Stopped with ``stop()``.
final class SpeechDispatcherService {
    /// Why the service cannot run here.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The output module speech goes to.
    enum Module {
        /// speech-dispatcher's espeak-ng module, which gives SSML marks.
        case espeakNG
        /// Its generic module running `command` for each message (`$DATA` is the text), as
        /// speech-dispatcher's configurations for command-line synthesizers do: no marks.
        case generic(command: String)
    }

    static let binary = "/usr/bin/speech-dispatcher"
    static let module = "/usr/lib/speech-dispatcher-modules/sd_espeak-ng"
    static let genericModule = "/usr/lib/speech-dispatcher-modules/sd_generic"
    static let libraries = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib"]

    let directory: URL
    let process: Process
    /// For SPEECHD_ADDRESS.
    let address: String

    /// Why speech-dispatcher tests cannot run on this machine, or `nil` when they can.
    static var missingPart: String? {
        let files = FileManager.default
        if !files.isExecutableFile(atPath: binary) {
            return "speech-dispatcher is not installed (apt-get install speech-dispatcher)"
        }
        if !files.fileExists(atPath: module) {
            return "speech-dispatcher's espeak-ng module is not installed (apt-get install speech-dispatcher-espeak-ng)"
        }
        if !libraries.contains(where: { files.fileExists(atPath: $0 + "/libspeechd.so.2") }) {
            return "libspeechd is not installed (apt-get install libspeechd2)"
        }
        if !libraries.contains(where: { files.fileExists(atPath: $0 + "/speech-dispatcher/spd_libao.so") }) {
            return
                "speech-dispatcher's libao audio plugin is not installed (apt-get install speech-dispatcher-audio-plugins)"
        }
        return nil
    }

    /// Starts a service and waits until its socket is there.
    ///
    /// - Parameters:
    ///   - audio: speech-dispatcher's `AudioOutputMethod`: libao (into its null driver), or one
    ///     that cannot work here, to see what a broken audio output does.
    ///   - module: the output module.
    /// - Throws: ``Unavailable`` with the reason when it cannot start.
    init(audio: String = "libao", module: Module = .espeakNG) throws {
        if let missing = Self.missingPart { throw Unavailable(description: missing) }
        // Short: a UNIX socket path has a limit of about 100 bytes.
        directory = URL(fileURLWithPath: "/tmp/rspd-\(UUID().uuidString.prefix(8))")
        let files = FileManager.default
        let configuration = directory.appendingPathComponent("conf")
        let home = directory.appendingPathComponent("home")
        let logs = directory.appendingPathComponent("log")
        for folder in [configuration.appendingPathComponent("modules"), home, logs] {
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Self.writeConfiguration(in: configuration, audio: audio, module: module)
        // libao reads its default driver from ~/.libao: the null driver takes the audio and drops it.
        try "default_driver=null\n".write(to: home.appendingPathComponent(".libao"), atomically: true, encoding: .utf8)
        let socket = directory.appendingPathComponent("sock")
        address = "unix_socket:\(socket.path)"
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = [
            "--run-single", "--timeout", "0", "--config-dir", configuration.path, "--communication-method",
            "unix_socket", "--socket-path", socket.path, "--log-dir", logs.path, "--pid-file",
            directory.appendingPathComponent("pid").path,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_RUNTIME_DIR"] = directory.path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !files.fileExists(atPath: socket.path), process.isRunning, Date() < deadline {
            usleep(20_000)
        }
        guard files.fileExists(atPath: socket.path), process.isRunning else {
            let log =
                (try? String(contentsOf: logs.appendingPathComponent("speech-dispatcher.log"), encoding: .utf8)) ?? ""
            stop()
            throw Unavailable(
                description: "speech-dispatcher did not start within 10 s (log: \(log.suffix(300)))")
        }
    }

    /// Writes speech-dispatcher's configuration into `folder`: `speechd.conf` with `audio` and
    /// `module` as the one output module, and the module's own configuration.
    private static func writeConfiguration(in folder: URL, audio: String, module: Module) throws {
        let (moduleLine, moduleConfiguration): (String, String)
        switch module {
        case .espeakNG:
            (moduleLine, moduleConfiguration) = ("AddModule \"main\" \"sd_espeak-ng\" \"main.conf\"", "")
        case .generic(let command):
            if !FileManager.default.fileExists(atPath: genericModule) {
                throw Unavailable(description: "speech-dispatcher's generic module is not installed")
            }
            moduleLine = "AddModule \"main\" \"sd_generic\" \"main.conf\""
            moduleConfiguration = """
                GenericExecuteSynth "\(command)"
                GenericLanguage "en" "en" "utf-8"
                AddVoice "en" "MALE1" "en"

                """
        }
        try """
        LogLevel 3
        AudioOutputMethod "\(audio)"
        \(moduleLine)
        DefaultModule main
        DefaultLanguage "en"

        """.write(to: folder.appendingPathComponent("speechd.conf"), atomically: true, encoding: .utf8)
        try moduleConfiguration.write(
            to: folder.appendingPathComponent("modules/main.conf"), atomically: true, encoding: .utf8)
    }

    /// Stops the service (it stops its output module) and removes its files.
    func stop() {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    deinit {
        if process.isRunning { stop() }
    }
}

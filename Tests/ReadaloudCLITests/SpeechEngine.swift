import Foundation
import Testing

/// Whether `readaloud --speak` can load espeak-ng (an optional Debian package) on this machine,
/// found by asking the built binary as a user would. Tests that speak are skipped without it,
/// and the reason is printed once.
enum SpeechEngine {
    /// Why the CLI cannot speak here, or `nil` when it can.
    static let unavailableReason: String? = {
        let reason: String?
        do {
            let book = try CLIRunner.temporaryFile(Array("Hi.".utf8))
            let directory = try CLIRunner.temporaryDirectory()
            let result = try CLIRunner.run([book, "--speak", "--speak-to", directory.path])
            reason =
                result.standardError.contains("speech needs espeak-ng")
                ? result.standardError.trimmingCharacters(in: .whitespacesAndNewlines) : nil
        } catch {
            reason = "could not run readaloud to find out: \(error)"
        }
        if let reason {
            print("SpeechEngine: tests that speak are skipped: \(reason)")
        }
        return reason
    }()

    /// Whether tests that speak can run.
    static var isAvailable: Bool { unavailableReason == nil }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where the CLI can load espeak-ng; skips it, saying so, elsewhere.
    static var needsSpeechEngine: Self {
        .enabled(
            if: SpeechEngine.isAvailable,
            "needs espeak-ng (the Debian package espeak-ng, see README's apt-get line), which readaloud cannot load here"
        )
    }
}

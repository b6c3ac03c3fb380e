import Foundation
import TextNavigation
import TextNavigationBooks

/// `--lexicon`: the listener's pronunciation lexicon (see docs/pronunciation.md), which speech
/// and the utterances' `pronunciations` follow in every book.
enum LexiconOption {
    static let lexicon = CommandOption.text(
        "lexicon", valueName: "FILE",
        help:
            "A pronunciation lexicon (docs/pronunciation.md) for every book: words or patterns said as other text, "
            + "IPA or nothing (default: $XDG_CONFIG_HOME/readaloud/lexicon.txt, else "
            + "~/.config/readaloud/lexicon.txt, when it exists; 'none' for none).")

    /// The lexicon file used when `--lexicon` is not given, if there is a place for one.
    static var defaultPath: String? {
        let environment = ProcessInfo.processInfo.environment
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/readaloud/lexicon.txt"
        }
        return environment["HOME"].map { $0 + "/.config/readaloud/lexicon.txt" }
    }

    /// The listener's lexicon: `--lexicon FILE`, else the default file when it exists; `nil`
    /// for none. A pattern turned off for running out of time is a warning on standard error,
    /// and so is a default file that is no lexicon (reading goes on without it: a broken
    /// configuration file must not stop every book).
    ///
    /// - Throws: ``CommandFailure`` for `--lexicon FILE`: a file that cannot be read (exit 66),
    ///   or is no lexicon (exit 65, naming the line).
    static func load(_ arguments: ParsedArguments) throws(CommandFailure) -> PronunciationLexicon? {
        if let given = arguments[lexicon] { return given == "none" ? nil : try load(path: given) }
        guard let path = defaultPath, FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try load(path: path)
        } catch {
            writeToStandardError("warning: \(error.message); reading without it\n")
            return nil
        }
    }

    /// The lexicon in the file at `path`.
    static func load(path: String) throws(CommandFailure) -> PronunciationLexicon {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("--lexicon: \(path): cannot be read", exitCode: .noInput)
        }
        do {
            return try PronunciationLexicon(bytes: [UInt8](data)) { problem in
                writeToStandardError("warning: --lexicon \(path): \(problem)\n")
            }
        } catch {
            throw CommandFailure("--lexicon: \(path): \(error)", exitCode: .dataError)
        }
    }
}

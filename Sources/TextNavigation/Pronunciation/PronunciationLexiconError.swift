/// Why a pronunciation lexicon (a listener's file or a book's PLS) could not be read.
public enum PronunciationLexiconError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A line is not an entry, a section or a comment.
    case badLine(line: Int, reason: String)
    /// A regular expression ICU rejects (its error name), on a line when read from a file.
    case badPattern(String, reason: String, line: Int?)
    /// The file is not UTF-8 text.
    case notText
    /// More entries than a lexicon may hold (``PronunciationLexicon/maximumEntries``).
    case tooManyEntries(limit: Int)
    /// A PLS lexicon that is not the XML PLS 1.0 describes.
    case badPLS(reason: String)

    public var description: String {
        switch self {
        case .badLine(let line, let reason): "line \(line): \(reason)"
        case .badPattern(let pattern, let reason, let line):
            (line.map { "line \($0): " } ?? "") + "the pattern \(pattern) is no ICU regular expression (\(reason))"
        case .notText: "not UTF-8 text"
        case .tooManyEntries(let limit): "more than \(limit) entries"
        case .badPLS(let reason): "not a PLS lexicon: \(reason)"
        }
    }
}

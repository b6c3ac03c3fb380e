extension PronunciationLexicon {
    /// The most entries a lexicon takes (a file or a book's PLS documents together): a million
    /// words load in seconds and a few hundred megabytes; more is refused with
    /// ``PronunciationLexiconError/tooManyEntries(limit:)``.
    public static let maximumEntries = 1_000_000

    /// The longest line a lexicon file may have, in UTF-8 bytes.
    public static let maximumLineLength = 65_536

    /// A listener's lexicon from the text of its file (see `docs/pronunciation.md`):
    ///
    /// ```
    /// # comment
    /// Cheshire = Chesher            say other text
    /// [en]                          the entries below are for English; [*] for every language
    /// Dinah = /ˈdiːnə/              IPA phonemes between slashes
    /// Hermione = [[h3m'aI@ni]]      espeak-ng phoneme mnemonics
    /// ~ \[\d+\] =                   an ICU regular expression, said as nothing
    /// ~ \bCh\. (\d+) = Chapter $1   a pattern's groups in its replacement
    /// ```
    ///
    /// An entry splits at its first ` = ` (else its first `=`); text in double quotes keeps
    /// its spaces.
    ///
    /// - Parameters:
    ///   - text: the file's text.
    ///   - onProblem: see ``init(entries:onProblem:)``.
    ///   - entryLimit: the most entries taken (``maximumEntries``).
    /// - Throws: ``PronunciationLexiconError`` naming the line at fault.
    public convenience init(
        text: String, onProblem: (@Sendable (String) -> Void)? = nil, entryLimit: Int = maximumEntries
    ) throws(PronunciationLexiconError) {
        var entries: [Entry] = []
        var language: String?
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            guard rawLine.utf8.count <= Self.maximumLineLength else {
                throw .badLine(line: number, reason: "longer than \(Self.maximumLineLength) bytes")
            }
            let line = rawLine.trimming(" \t\r\u{FEFF}")
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") && !line.hasPrefix("[[") {
                let name = line.dropFirst().dropLast().trimming(" \t")
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_*".contains($0) }) else {
                    throw .badLine(line: number, reason: "'\(line)' is no language section such as [en] or [*]")
                }
                language = name == "*" ? nil : name
                continue
            }
            guard entries.count < entryLimit else { throw .tooManyEntries(limit: entryLimit) }
            entries.append(try Self.entry(line, language: language, number: number))
        }
        do {
            try self.init(entries: entries, onProblem: onProblem)
        } catch {
            if case .badPattern(let pattern, let reason, _) = error {
                let line = Self.line(of: pattern, in: text)
                throw .badPattern(pattern, reason: reason, line: line)
            }
            throw error
        }
    }

    /// A listener's lexicon from its file's bytes.
    ///
    /// - Throws: ``PronunciationLexiconError/notText`` for bytes that are not UTF-8, or what
    ///   ``init(text:onProblem:entryLimit:)`` throws.
    public convenience init(bytes: [UInt8], onProblem: (@Sendable (String) -> Void)? = nil)
        throws(PronunciationLexiconError)
    {
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else { throw .notText }
        try self.init(text: text, onProblem: onProblem)
    }

    /// The entry a line gives.
    private static func entry(_ line: String, language: String?, number: Int) throws(PronunciationLexiconError)
        -> Entry
    {
        let separator = line.firstRange(of: " = ") ?? line.firstRange(of: "=")
        guard let separator else {
            throw .badLine(line: number, reason: "no '=' between what to match and how to say it")
        }
        var left = line[..<separator.lowerBound].trimming(" \t")
        let right = line[separator.upperBound...].trimming(" \t")
        let isPattern = left.hasPrefix("~")
        if isPattern { left = left.dropFirst().trimming(" \t") }
        left = unquoted(left)
        guard !left.isEmpty else { throw .badLine(line: number, reason: "nothing to match before '='") }
        return Entry(match: isPattern ? .pattern(left) : .word(left), spoken: spoken(right), language: language)
    }

    /// How the right side of an entry says it: nothing is silence, `/…/` IPA, `[[…]]`
    /// espeak-ng mnemonics, anything else text.
    private static func spoken(_ right: String) -> Pronunciation.Spoken {
        if right.isEmpty { return .silence }
        if right.count > 2, right.hasPrefix("/"), right.hasSuffix("/") {
            return .phonemes(String(right.dropFirst().dropLast()), alphabet: .ipa)
        }
        if right.count > 4, right.hasPrefix("[["), right.hasSuffix("]]") {
            return .phonemes(String(right.dropFirst(2).dropLast(2)), alphabet: .espeak)
        }
        return .text(unquoted(right))
    }

    private static func unquoted(_ text: String) -> String {
        text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
    }

    /// The number of the first line of `text` that has `pattern`.
    private static func line(of pattern: String, in text: String) -> Int? {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(pattern) }.map { $0 + 1 }
    }
}

extension StringProtocol {
    /// The text without the characters of `set` at either end.
    fileprivate func trimming(_ set: String) -> String {
        let scalars = Set(set.unicodeScalars)
        let trimmed = unicodeScalars.drop { scalars.contains($0) }.reversed().drop { scalars.contains($0) }
        return String(String.UnicodeScalarView(trimmed.reversed()))
    }
}

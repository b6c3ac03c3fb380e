/// How a search compares the query with the text.
public struct SearchOptions: Sendable, Hashable {
    /// Whether `Alice` finds `alice` (ICU's simple case folding).
    public var ignoresCase: Bool
    /// Whether `cafe` finds `café` (a letter's canonical decomposition's base; nonspacing marks
    /// are passed over).
    public var ignoresDiacritics: Bool
    /// Whether a match must start and end at word edges (the tokenizer's word units): `cat`
    /// does not find `concatenate`. A query that starts or ends in a script written without
    /// spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Myanmar) matches anywhere.
    public var matchesWholeWords: Bool

    public init(ignoresCase: Bool = true, ignoresDiacritics: Bool = true, matchesWholeWords: Bool = false) {
        self.ignoresCase = ignoresCase
        self.ignoresDiacritics = ignoresDiacritics
        self.matchesWholeWords = matchesWholeWords
    }
}

/// The units text is navigated, read and selected by (UIKit's `UITextGranularity`).
public enum TextGranularity: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// An extended grapheme cluster: what a reader perceives as one character.
    case character
    /// A word, as ICU's locale-aware word rules (and dictionaries for CJK and Thai) find them.
    case word
    /// A sentence without its leading and trailing white space.
    case sentence
    /// A paragraph: the text between hard paragraph breaks.
    case paragraph
    /// A line: from layout when the text is laid out, else the text between hard line breaks.
    case line
    /// The whole text.
    case document

    public var description: String { rawValue }
}

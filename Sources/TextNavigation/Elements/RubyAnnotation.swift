/// A ruby reading over part of an element's text: how its base text is read (`山路` read
/// `やまみち`). A plain-text book keeps it from Aozora Bunko's `《…》` markup, an EPUB book from
/// `<ruby>山路<rt>やまみち</rt></ruby>`; either way the text holds the base once and leaves the
/// reading out, and speech gives the reading to the engine as the base's pronunciation.
public struct RubyAnnotation: Sendable, Hashable {
    /// The base text's range in the element's (paragraph's) text, in UTF-16 offsets: for
    /// Aozora markup the kanji just before the reading, or the text from a `｜` mark to it.
    public let range: Range<Int>
    /// The reading, as the book gives it.
    public let reading: String

    public init(range: Range<Int>, reading: String) {
        self.range = range
        self.reading = reading
    }
}

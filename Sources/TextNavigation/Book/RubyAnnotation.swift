extension PlainTextBook.Paragraph {
    /// A ruby reading of a paragraph's text: how its base text is read (`山路` read `やまみち`),
    /// kept from Aozora Bunko's `《…》` markup, which the text itself leaves out. Speech gives
    /// the reading to the engine as the base's pronunciation.
    public struct RubyAnnotation: Sendable, Hashable {
        /// The base text's range in the paragraph's text (UTF-16 offsets): the kanji just before
        /// the reading, or the text from a `｜` mark to it.
        public let range: Range<Int>
        /// The reading, as the book gives it.
        public let reading: String

        public init(range: Range<Int>, reading: String) {
            self.range = range
            self.reading = reading
        }
    }
}

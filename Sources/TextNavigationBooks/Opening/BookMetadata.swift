import TextNavigation

/// What a book says about itself: its title and creators, each with the language and direction
/// it is written in.
///
/// An EPUB's come from its package document (``EPUBBook/metadata``); a plain-text book has
/// none (each front end names it as before: by its first heading or its file's name).
public struct BookMetadata: Sendable, Hashable {
    /// A piece of metadata text: white space collapsed, with the `xml:lang` and `dir` that apply
    /// to it (its own, else the package document's).
    public struct Text: Sendable, Hashable, CustomStringConvertible {
        /// The text, white space collapsed and trimmed.
        public let value: String
        /// Its BCP 47 language, if given.
        public let language: String?
        /// Its direction, if given.
        public let direction: WritingDirection?

        public init(_ value: String, language: String? = nil, direction: WritingDirection? = nil) {
            self.value = value
            self.language = language
            self.direction = direction
        }

        public var description: String { value }
    }

    /// The main title, if the book has one.
    public let title: Text?
    /// The creators (authors first as the book orders them: by `display-seq`, then document
    /// order).
    public let creators: [Text]

    public init(title: Text? = nil, creators: [Text] = []) {
        self.title = title
        self.creators = creators
    }

    /// The first creator, if any.
    public var creator: Text? { creators.first }
}

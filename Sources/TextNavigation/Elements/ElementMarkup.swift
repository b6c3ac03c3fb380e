/// What an element's source markup says beyond its text, for elements made from an EPUB
/// content document (plain-text elements have none): the content document it comes from, its
/// writing direction and heading level, ruby readings, print page markers, links, the
/// structures it is part of (a table, a note, a list), and whether read-all passes it by.
public struct ElementMarkup: Sendable, Hashable {
    /// A link inside the element's text (an `<a href>` pointing into the book, such as a note
    /// reference): its UTF-16 range in the element and where it goes.
    public struct Link: Sendable, Hashable {
        /// The link text's range in the element's text.
        public var range: Range<Int>
        /// The content document it points to (its entry name in the container).
        public var href: String
        /// The element `id` it points to, if any.
        public var fragment: String?
        /// The element it points to (the one its fragment's `id` starts in, or its content
        /// document's first), or `nil` when that is not in the document.
        public var target: Int?
        /// Whether it is a note reference (`epub:type="noteref"`, `role="doc-noteref"`).
        public var isNoteReference: Bool

        public init(range: Range<Int>, href: String, fragment: String?, target: Int?, isNoteReference: Bool) {
            self.range = range
            self.href = href
            self.fragment = fragment
            self.target = target
            self.isNoteReference = isNoteReference
        }
    }

    /// The content document the element comes from (its entry name in the EPUB container).
    public var href: String?
    /// The writing direction its markup gives (`dir`), if any.
    public var direction: WritingDirection?
    /// The heading level (1 to 6) of a heading.
    public var headingLevel: Int?
    /// Ruby readings over the element's text, in order.
    public var ruby: [RubyAnnotation]
    /// How stretches of the text are said, as the markup gives them (EPUB's `ssml:ph`), in
    /// order; ruby readings are in ``ruby``.
    public var pronunciations: [Pronunciation]
    /// Print page breaks inside the element (or at its start), in order.
    public var printPages: [PrintPageMarker]
    /// Links inside the text, in order.
    public var links: [Link]
    /// Whether read-all passes the element by: content outside the reading order, reached by
    /// link, locator or navigation (a `linear="no"` spine item's elements). Notes are a
    /// ``ContentKind`` of ``structures`` instead, skipped unless the listener asks for them. See
    /// ``ReadingSession``.
    public var isOutsideReadingOrder: Bool
    /// The structures the element is part of (a table, a list, a note…), outermost first: what
    /// read-all may skip and what a listener may escape (see ``ContentKind``).
    public var structures: [ContentStructure]
    /// The title the table of contents gives an element it points to that is no heading of
    /// its own (read in its ``ReadingEvent/heading(element:text:)`` event instead of its text).
    public var headingTitle: String?
    /// The direction its lines run in, as its style gives it (EPUB's CSS `writing-mode`):
    /// the element's geometry is vertical when this is.
    public var writingMode: WritingMode

    public init(
        href: String? = nil, direction: WritingDirection? = nil, headingLevel: Int? = nil,
        ruby: [RubyAnnotation] = [], pronunciations: [Pronunciation] = [], printPages: [PrintPageMarker] = [],
        links: [Link] = [],
        isOutsideReadingOrder: Bool = false, structures: [ContentStructure] = [], headingTitle: String? = nil,
        writingMode: WritingMode = .horizontalTopToBottom
    ) {
        self.href = href
        self.direction = direction
        self.headingLevel = headingLevel
        self.ruby = ruby
        self.pronunciations = pronunciations
        self.printPages = printPages
        self.links = links
        self.isOutsideReadingOrder = isOutsideReadingOrder
        self.structures = structures
        self.headingTitle = headingTitle
        self.writingMode = writingMode
    }

    /// The kinds of the structures the element is part of.
    public var kinds: Set<ContentKind> { Set(structures.map(\.kind)) }
}

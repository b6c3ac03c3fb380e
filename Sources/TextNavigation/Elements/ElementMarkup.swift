/// What an element's source markup says beyond its text, for elements made from an EPUB
/// content document (plain-text elements have none): the content document it comes from, its
/// writing direction and heading level, ruby readings and print page markers.
public struct ElementMarkup: Sendable, Hashable {
    /// The content document the element comes from (its entry name in the EPUB container).
    public var href: String?
    /// The writing direction its markup gives (`dir`), if any.
    public var direction: WritingDirection?
    /// The heading level (1 to 6) of a heading.
    public var headingLevel: Int?
    /// Ruby readings over the element's text, in order.
    public var ruby: [RubyAnnotation]
    /// Print page breaks inside the element (or at its start), in order.
    public var printPages: [PrintPageMarker]

    public init(
        href: String? = nil, direction: WritingDirection? = nil, headingLevel: Int? = nil,
        ruby: [RubyAnnotation] = [], printPages: [PrintPageMarker] = []
    ) {
        self.href = href
        self.direction = direction
        self.headingLevel = headingLevel
        self.ruby = ruby
        self.printPages = printPages
    }
}

import TextNavigation

/// One block of an EPUB content document, as ``XHTMLContentReader`` finds it: the text of a
/// paragraph, heading, list item, table cell, image (its alt text) and so on, with what its
/// markup says about it. A book's document makes one element from each.
struct EPUBBlock: Sendable {
    /// The text, white space collapsed as HTML does.
    var text: [UInt16] = []
    /// The heading level (1 to 6), or 0 for a block that is no heading.
    var headingLevel = 0
    /// Whether the block is an image read as its alt text (or an SVG read as its title).
    var isImage = false
    /// The BCP 47 language of the block's text (`und` when its markup gives none).
    var language = ""
    /// The direction its markup gives (`dir`), if any.
    var direction: WritingDirection?
    /// The writing mode its content document's style gives it or its ancestors (``EPUBWritingMode``).
    var writingMode = WritingMode.horizontalTopToBottom
    /// Ruby readings over the text.
    var ruby: [RubyAnnotation] = []
    /// Phonemes the markup gives stretches of the text (`ssml:ph`).
    var pronunciations: [Pronunciation] = []
    /// Print page markers inside the block (offsets into ``text``).
    var printPages: [PrintPageMarker] = []
    /// The structures the block is part of (a note, a table, a list…), outermost first.
    var structures: [ContentStructure] = []
    /// Links (`<a href>`) in the text: their ranges, `href` as written, and whether each is a
    /// note reference.
    var links: [(range: Range<Int>, href: String, isNoteReference: Bool)] = []
    /// For an `<audio>` element's block: its source as written (relative to the document);
    /// the block's text is its fallback content.
    var audio: String?
}

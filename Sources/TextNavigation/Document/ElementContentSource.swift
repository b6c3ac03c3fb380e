/// Where a document made on demand (``ElementFactory``) finds its elements' contents: a loader's
/// paragraphs or blocks, asked for one by one as elements are made, so that a book of millions
/// of paragraphs makes only the elements someone reads.
///
/// The core owns this protocol and knows no loader: a plain-text book's paragraphs (all in one
/// buffer and one locale) and an EPUB book's blocks both conform, in the books target.
///
/// Class-bound: the document asks it once or more per element on every pass over the book
/// (pagination, read-ahead), and a class reference is called without copying or retaining a
/// boxed payload (a struct behind the existential cost the sequential character pass half its
/// speed on the Analects' short paragraphs).
package protocol ElementContentSource: AnyObject, Sendable {
    /// The number of elements.
    var count: Int { get }

    /// The text of element `index` (a valid index), without making the element.
    func text(at index: Int) -> TextStorage

    /// The length of element `index`'s text in UTF-16 code units, without making its text.
    func textLength(at index: Int) -> Int

    /// The locale of element `index` (a BCP-47 tag or ICU id), without making the element.
    func locale(at index: Int) -> String

    /// Everything element `index` is made from.
    func content(at index: Int) -> ElementContent

    /// Whether element `index` always starts a page (a form feed before a paragraph, a new
    /// content document).
    func startsPage(at index: Int) -> Bool

    /// Where element `index`'s text starts in the book's file, in bytes, or `nil` when the
    /// source does not know (kept in a ``Locator`` as a hint for reopening the file there).
    func sourceByteOffset(at index: Int) -> Int?

    /// The resource element `index` comes from (an EPUB content document's entry name), or
    /// `nil` for a source of one resource; a new resource starts a new ``PositionList`` position.
    func resource(at index: Int) -> String?
}

extension ElementContentSource {
    package func startsPage(at index: Int) -> Bool { false }

    package func sourceByteOffset(at index: Int) -> Int? { nil }

    package func resource(at index: Int) -> String? { nil }
}

/// Contents listed one by one, each with its own locale, traits and markup (an EPUB book's
/// blocks), and the elements that start pages.
package final class ElementContentList: ElementContentSource {
    package let contents: [ElementContent]
    package let pageBreaksBefore: Set<Int>

    package init(_ contents: [ElementContent], pageBreaksBefore: Set<Int> = []) {
        self.contents = contents
        self.pageBreaksBefore = pageBreaksBefore
    }

    package var count: Int { contents.count }

    package func text(at index: Int) -> TextStorage { contents[index].text }

    package func textLength(at index: Int) -> Int { contents[index].text.count }

    package func locale(at index: Int) -> String { contents[index].locale }

    package func content(at index: Int) -> ElementContent { contents[index] }

    package func startsPage(at index: Int) -> Bool { pageBreaksBefore.contains(index) }

    package func resource(at index: Int) -> String? { contents[index].markup.href }
}

/// Where an element made on demand finds its neighbours: a numbered run of elements made as
/// they are asked for (a book's paragraphs). Elements know this much of what made them and
/// nothing of the document that holds it.
///
/// `Sendable`: a source is shared by the elements it makes and whoever reads them.
protocol LinkedElementSource: AnyObject, Sendable {
    /// The number of elements.
    var count: Int { get }
    /// Element `index`, which must be in `0..<count`.
    func element(at index: Int) -> TextElement
}

/// How a document is cut into pages: a line width in cells and a number of lines per page.
public struct PageLayout: Sendable, Hashable {
    /// The width lines are laid out at, in cells (at least 1).
    public var width: Int
    /// How many lines a page holds (at least 1). A blank line separates paragraphs on a page.
    public var linesPerPage: Int

    /// A layout; values below 1 are raised to 1.
    public init(width: Int = 70, linesPerPage: Int = 30) {
        self.width = max(1, width)
        self.linesPerPage = max(1, linesPerPage)
    }
}

/// Cuts a document's elements into pages from their line units, element after element: the
/// prefix sum over line counts that pagination is once every element's lines are known.
///
/// Pages are cut every `linesPerPage` lines, with a blank line between paragraphs on a page and
/// a new page before every element whose break is forced; an element with no line takes one.
/// The sequential and the parallel pagination both feed their elements' lines through it in
/// order, so they cut the same pages.
struct PageCutter {
    let linesPerPage: Int
    /// Where each page starts, so far.
    private(set) var starts = [ReadingPosition(element: 0, offset: 0)]
    private var used = 0

    init(linesPerPage: Int) { self.linesPerPage = linesPerPage }

    /// Adds element `index` (the one after the last added), with its line units `lines` and
    /// whether a page break is forced before it.
    mutating func add(_ index: Int, lines: TextUnits, forcedBreak: Bool) {
        if forcedBreak, index > 0 {
            if used > 0 || starts.last != ReadingPosition(element: index, offset: 0) {
                starts.append(ReadingPosition(element: index, offset: 0))
            }
            used = 0
        } else if used > 0 {
            used += 1  // the blank line between paragraphs
        }
        for line in 0..<max(1, lines.count) {
            if used >= linesPerPage {
                starts.append(ReadingPosition(element: index, offset: line == 0 ? 0 : lines[line].lowerBound))
                used = 0
            }
            used += 1
        }
    }
}

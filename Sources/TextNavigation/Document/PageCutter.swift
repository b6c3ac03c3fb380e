/// Cuts a document's elements into pages from where their lines start, element after element:
/// the prefix sum over line counts that pagination is once every element's lines are known.
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

    /// Adds the elements of `lines` (from the one after the last added on), a page break
    /// forced before those for which `isForced` says so.
    mutating func add(_ lines: RunLines, forcedBreak isForced: (Int) -> Bool) {
        for index in lines.first..<lines.endIndex {
            add(index, lineStarts: lines.lineStarts(of: index), forcedBreak: isForced(index))
        }
    }

    /// Adds element `index` (the one after the last added), whose lines start at `lineStarts`,
    /// and whether a page break is forced before it.
    private mutating func add(_ index: Int, lineStarts: ArraySlice<Int32>, forcedBreak: Bool) {
        if forcedBreak, index > 0 {
            if used > 0 || starts.last != ReadingPosition(element: index, offset: 0) {
                starts.append(ReadingPosition(element: index, offset: 0))
            }
            used = 0
        } else if used > 0 {
            used += 1  // the blank line between paragraphs
        }
        for line in 0..<max(1, lineStarts.count) {
            if used >= linesPerPage {
                let offset = line == 0 ? 0 : Int(lineStarts[lineStarts.startIndex + line])
                starts.append(ReadingPosition(element: index, offset: offset))
                used = 0
            }
            used += 1
        }
    }
}

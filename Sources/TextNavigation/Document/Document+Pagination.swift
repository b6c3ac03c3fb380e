extension Document {
    /// About how much text (UTF-16 units, each element weighing ``ElementFactory/elementWeight``
    /// more) pagination breaks into lines at a time: one task's run of elements in
    /// ``paginateInParallel()``, and the one-core pass's step, which takes the same runs.
    static let paginationChunkBudget = 32_768

    /// Paginates the whole document on every core, unless its pages are known already, and
    /// returns the number of pages: the same pages as ``pageCount`` finds on one core.
    ///
    /// The elements' line breaks are independent of each other; they are found by child tasks,
    /// each over a run of consecutive elements, at most twice as many at a time as the machine
    /// has cores (`OrderedParallelMap`). The page edges, a prefix sum over line counts, are then
    /// cut in order as the runs come back (`PageCutter`), from where their lines start, which is
    /// all a run's task keeps of them (`RunLines`). Backend-made pages are returned as they are.
    ///
    /// - Complexity: O(n) in the length of the document's text, spread over the cores.
    @discardableResult
    package func paginateInParallel() async -> Int {
        let (layout, isPaginated) = paginationState
        guard let layout, !isPaginated, elements.count > 0 else { return pageCount }
        var cutter = PageCutter(linesPerPage: layout.linesPerPage)
        await OrderedParallelMap.run(
            elementRuns(budget: Self.paginationChunkBudget), inFlight: 2 * EveryCore.count,
            transform: { self.lines(of: $0) },
            inOrder: { lines in cutter.add(lines, forcedBreak: isPageBreakForced(before:)) })
        keep(pageStarts: cutter.starts, for: layout)
        return pageCount
    }

    /// The document's pages, `linesPerPage` lines each, found on one core: the elements' lines
    /// found a run of elements at a time, as ``paginateInParallel()`` finds them, and cut into
    /// pages.
    func paginate(linesPerPage: Int) -> [ReadingPosition] {
        var cutter = PageCutter(linesPerPage: linesPerPage)
        for run in elementRuns(budget: Self.paginationChunkBudget) {
            cutter.add(lines(of: run), forcedBreak: isPageBreakForced(before:))
        }
        return cutter.starts
    }

    /// Where the lines of the elements in `run` (valid indices) start, at the document's width
    /// (each element's line units, found without shaping).
    private func lines(of run: Range<Int>) -> RunLines {
        var lines = RunLines(first: run.lowerBound, count: run.count)
        elements.lineUnits(in: run) { units in lines.append(units) }
        return lines
    }
}

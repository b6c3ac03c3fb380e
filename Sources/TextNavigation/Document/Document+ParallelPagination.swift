extension Document {
    /// About how much text (UTF-16 units, each element weighing ``ElementFactory/elementWeight``
    /// more) one task of ``paginateInParallel()`` breaks into lines.
    static let paginationChunkBudget = 32_768

    /// Paginates the whole document on every core, unless its pages are known already, and
    /// returns the number of pages: the same pages as ``pageCount`` finds on one core.
    ///
    /// The elements' line breaks are independent of each other; they are found by child tasks,
    /// each over a run of consecutive elements, at most twice as many at a time as the machine
    /// has cores (so the line units waiting to be counted stay bounded). The page edges, a
    /// prefix sum over line counts, are then cut in order as the runs come back
    /// (`PageCutter`). Backend-made pages are returned as they are.
    ///
    /// - Complexity: O(n) in the length of the document's text, spread over the cores.
    @discardableResult
    public func paginateInParallel() async -> Int {
        let (layout, isPaginated) = paginationState
        guard let layout, !isPaginated, elements.count > 0 else { return pageCount }
        let count = elements.count
        let inFlight = 2 * EveryCore.count
        var cutter = PageCutter(linesPerPage: layout.linesPerPage)
        await withTaskGroup(of: (number: Int, start: Int, lines: [TextUnits]).self) { group in
            var next = 0
            var launched = 0
            func launch() {
                guard next < count else { return }
                let range = elementRun(from: next, budget: Self.paginationChunkBudget)
                next = range.upperBound
                let number = launched
                launched += 1
                group.addTask { (number, range.lowerBound, range.map { self.elements.lineUnits(at: $0) }) }
            }
            for _ in 0..<inFlight { launch() }
            // Runs that came back before the ones ahead of them, by number.
            var waiting: [Int: (start: Int, lines: [TextUnits])] = [:]
            var cut = 0
            for await run in group {
                waiting[run.number] = (run.start, run.lines)
                while let ready = waiting.removeValue(forKey: cut) {
                    for (offset, lines) in ready.lines.enumerated() {
                        let index = ready.start + offset
                        cutter.add(index, lines: lines, forcedBreak: isPageBreakForced(before: index))
                    }
                    cut += 1
                }
                launch()
            }
        }
        keep(pageStarts: cutter.starts, for: layout)
        return pageCount
    }
}

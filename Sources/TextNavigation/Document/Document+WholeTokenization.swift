extension Document {
    /// Every element's units of `granularity`, in order, found on one core: what each element's
    /// tokenizer gives (``StringTokenizer/units(for:)``), for search or units computed ahead.
    ///
    /// The elements are taken a run at a time (about `tokenizationChunkBudget` UTF-16 units
    /// of text, the runs of `unitsInParallel(_:)`), words and sentences of a book's
    /// paragraphs with one pass over each run, as `prepareUnitsAhead(_:from:budget:)` does. A
    /// book's elements are not made for it (only those alive lend their tokenizers), and only
    /// the units are kept.
    ///
    /// - Complexity: O(n) in the length of the document's text.
    public func units(_ granularity: TextGranularity) -> [TextUnits] {
        var units: [TextUnits] = []
        units.reserveCapacity(elements.count)
        for run in elementRuns(budget: Self.tokenizationChunkBudget) {
            units += self.units(granularity, of: run)
        }
        return units
    }

    /// Every element's units of `granularity`, in order, found on every core: the same as
    /// ``units(_:)``.
    ///
    /// Child tasks each tokenize a run of consecutive elements (about
    /// `tokenizationChunkBudget` UTF-16 units of text), at most twice as many at a time as the
    /// machine has cores; each run's units are added in order (`OrderedParallelMap`).
    ///
    /// - Complexity: O(n) in the length of the document's text, spread over the cores.
    package func unitsInParallel(_ granularity: TextGranularity) async -> [TextUnits] {
        var units: [TextUnits] = []
        units.reserveCapacity(elements.count)
        await OrderedParallelMap.run(
            elementRuns(budget: Self.tokenizationChunkBudget), inFlight: 2 * EveryCore.count,
            transform: { self.units(granularity, of: $0) },
            inOrder: { found in units += found })
        return units
    }

    /// About how much text (UTF-16 units, each element weighing ``ElementFactory/elementWeight``
    /// more) one task of ``unitsInParallel(_:)`` tokenizes, and ``units(_:)`` at a time: enough
    /// that a run's fixed cost is lost in it, small enough that a book of a few hundred
    /// kilobytes still makes a run per core.
    static let tokenizationChunkBudget = 32_768

    /// The units of `granularity` of the elements in `run` (valid indices), in order, words and
    /// sentences of a book's paragraphs found with one pass over the run. Lines are each
    /// element's at the document's width (``Elements/lineUnits(in:_:)``).
    private func units(_ granularity: TextGranularity, of run: Range<Int>) -> [TextUnits] {
        if granularity == .line {
            var units: [TextUnits] = []
            units.reserveCapacity(run.count)
            elements.lineUnits(in: run) { lines in units.append(lines) }
            return units
        }
        let tokenizers = passTokenizers(in: run)
        StringTokenizer.prepareUnits(granularity, of: tokenizers)
        return tokenizers.map { $0.units(for: granularity) }
    }

    /// The tokenizers of the elements in `run`: an element's own while it is alive (its caches
    /// are used and filled), else one made for the pass over the element's text and locale,
    /// without the element (making one lays it out, and a pass over a whole book would make
    /// every one of them). Units do not depend on which: a tokenizer's units are its text's.
    private func passTokenizers(in run: Range<Int>) -> [StringTokenizer] {
        var locale: (name: String, shared: TokenizerLocale)?
        return zip(run, elements.aliveTokenizers(in: run)).map { index, alive in
            if let alive { return alive }
            let name = elements.locale(at: index)
            if locale?.name != name {
                // An invalid locale falls back to the root locale, as an element's tokenizer does.
                locale = (name, (try? TokenizerLocale.named(name)) ?? TokenizerLocale.shared(.root))
            }
            return StringTokenizer(storage: elements.text(at: index), shared: locale!.shared)
        }
    }

    /// The elements from `start` (a valid index) on, up to about `budget` UTF-16 units of text,
    /// each element weighing ``ElementFactory/elementWeight`` units more than its text (and its
    /// separator): at least one element. How whole-document passes cut the elements into runs.
    func elementRun(from start: Int, budget: Int) -> Range<Int> {
        let count = elements.count
        return elements.withTextLengths { textLength in
            var end = start
            var weight = 0
            while end < count, end == start || weight < budget {
                weight += textLength(end) + 1 + ElementFactory.elementWeight
                end += 1
            }
            return start..<end
        }
    }

    /// The elements cut into runs of about `budget` UTF-16 units (``elementRun(from:budget:)``),
    /// from the first to the last, in order.
    func elementRuns(budget: Int) -> some Sequence<Range<Int>> {
        sequence(state: 0) { next in
            guard next < self.elements.count else { return nil }
            let run = self.elementRun(from: next, budget: budget)
            next = run.upperBound
            return run
        }
    }
}

/// The line units of a text laid out in terminal cells (``CellMetrics`` at text scale 1), found
/// without shaping: where lines start and end, and nothing else (no cluster frames, line rects
/// or bidi runs), so pagination and line units cost about one pass over the text.
///
/// The lines are exactly those ``TextLayout`` makes (``LineFitter``'s rules: greedy filling at
/// ICU's break opportunities between grapheme clusters, hard breaks, words wider than the line
/// broken between clusters, trailing white space hanging), which the tests check over real books
/// at several widths. Two shortcuts make it cheap, both sound because cell widths are whole
/// numbers, so widths summed in any order are equal:
/// - pieces of text that fit on the line are placed together: a line is measured cluster by
///   cluster up to the point where it overflows, and only the piece holding that point is
///   placed by the rules;
/// - the opportunities near the overflow are decided by ``LocalLineBreaks`` from the characters
///   around them where its rules can, and by one forward pass of ICU's iterator where they
///   cannot (in locales with line break keywords, `ja@lb=strict`, `ja@lw=phrase`, which the
///   local rules do not follow, everywhere), run only as far as a line end needs and never
///   backed up: ICU's random access (`ubrk_preceding`) backs up to a point its reverse rules
///   call safe and iterates again, and in Thai (a dictionary script) or text of mixed
///   directions that point can be the paragraph's start, which made each line's end cost the
///   paragraph's length.
///
/// Not `Sendable`: a value used for one computation.
struct LineBreaker {
    /// The text.
    let storage: TextStorage
    /// The canonical ICU locale id whose line break rules are used.
    let locale: String
    /// The width lines are fitted to, in cells (negative and NaN widths are taken as 0).
    let width: Double
    /// How opportunities are found: ``Access/automatic`` but in tests of each way.
    var access = Access.automatic

    /// How break opportunities are found.
    enum Access {
        /// ``LocalLineBreaks`` where its rules apply (locales without line break keywords) and
        /// decide, else ICU's forward pass.
        case automatic
        /// ICU's forward pass alone.
        case forward
    }

    init(storage: TextStorage, locale: String, width: Double) {
        self.storage = storage
        self.locale = locale
        self.width = width > 0 ? width : 0
    }

    /// The line units: each line without its hard break, empty lines left out (what
    /// ``TextLayout/lineUnits`` gives for the same text, locale and width).
    ///
    /// ICU is not asked at all while no line overflows (a paragraph shorter than the width),
    /// and a forward pass stops at the last opportunity a line end needs.
    ///
    /// - Throws: ``ICUError`` when a line overflows and ICU cannot open a line break iterator
    ///   for the locale.
    /// - Complexity: O(n) in the text's length.
    func lineUnits() throws(ICUError) -> TextUnits {
        var calls = ICUCalls()
        return try lineUnits(counting: &calls)
    }

    /// ``lineUnits()``, adding to `calls` the calls it made to ICU's line break iterator.
    func lineUnits(counting calls: inout ICUCalls) throws(ICUError) -> TextUnits {
        var all = TextUnits()
        try forEachBatch(of: .max, counting: &calls) { all = $0 }
        return all
    }

    /// The line units of ``lineUnits()``, given to `body` in order a batch of at most `size`
    /// at a time (the last may be empty), so that the lines of a long text can be used without
    /// holding them all (at width 1, a line a character).
    func forEachBatch(of size: Int, _ body: (TextUnits) -> Void) throws(ICUError) {
        var calls = ICUCalls()
        try forEachBatch(of: size, counting: &calls, body)
    }

    private func forEachBatch(of size: Int, counting calls: inout ICUCalls, _ body: (TextUnits) -> Void)
        throws(ICUError)
    {
        try storage.withUTF16 { units throws(ICUError) in
            try withoutActuallyEscaping(body) { body throws(ICUError) in
                try forEachBatch(of: size, in: units, counting: &calls, body)
            }
        }
    }

    private func forEachBatch(
        of size: Int, in units: UnsafeBufferPointer<UInt16>, counting calls: inout ICUCalls,
        _ body: @escaping (TextUnits) -> Void
    ) throws(ICUError) {
        let usesLocalRules = access == .automatic && LocalLineBreaks.applies(toLocale: locale)
        var fitter = Fitter(
            units: units, storage: storage, locale: locale, limit: width + 1e-9, usesLocalRules: usesLocalRules,
            batch: size, sink: body)
        if fitter.fit() { return }
        try ICU.BreakIterator.borrowing(kind: .line, locale: locale) { iterator throws(ICUError) in
            let opportunities: Opportunities
            if (try? iterator.setText(storage)) == nil {
                // As TextShaping does: only the hard breaks and the end.
                opportunities = Opportunities(
                    list: TextShaping.hardBreaks(in: storage).map { Int32($0.offset) })
            } else {
                opportunities = Opportunities(iterator: iterator)
            }
            fitter.opportunities = opportunities
            _ = fitter.fit()
            calls.forward += fitter.opportunities?.calls.forward ?? 0
            calls.backward += fitter.opportunities?.calls.backward ?? 0
        }
    }
}

/// How often the line breaker called ICU's line break iterator: moving forward from where it
/// stood, or asking about an offset before that (which makes ICU back up to a safe point and
/// iterate again: in Thai, or text of mixed directions, as far back as the paragraph's start).
struct ICUCalls: Equatable {
    var forward = 0
    var backward = 0
}

/// Where ICU's break opportunities come from: a list of them, filled by a forward pass of the
/// iterator as far as it is needed, and emptied of those before the line being filled.
///
/// Not `Sendable`: it drives a lent ICU iterator.
private struct Opportunities {
    private let iterator: ICU.BreakIterator?
    /// The opportunities found by the forward pass and not yet forgotten, ascending.
    private var found: [Int32]
    /// Whether the forward pass reached the end of the text.
    private var finished: Bool
    /// The calls made to the iterator.
    private(set) var calls = ICUCalls()

    /// Opportunities from `iterator` (pointed at the text, at its start).
    init(iterator: ICU.BreakIterator) {
        self.iterator = iterator
        found = []
        finished = false
    }

    /// A fixed list of opportunities.
    init(list: [Int32]) {
        iterator = nil
        found = list
        finished = true
    }

    /// The last opportunity before `offset`, or `nil` (also when the last one is forgotten).
    mutating func preceding(_ offset: Int) -> Int? {
        extend(past: offset - 1)
        let index = firstIndex(above: offset - 1)
        return index > 0 ? Int(found[index - 1]) : nil
    }

    /// The first opportunity after `offset`, or `nil`.
    mutating func following(_ offset: Int) -> Int? {
        extend(past: offset)
        let index = firstIndex(above: offset)
        return index < found.count ? Int(found[index]) : nil
    }

    /// Lets go of the opportunities before `offset`, once they are most of those kept, so that a
    /// long paragraph keeps about a line's worth: nothing before a line's start is asked again.
    mutating func forget(before offset: Int) {
        let index = firstIndex(above: offset - 1)
        if index > 1_024, index * 2 > found.count { found.removeFirst(index) }
    }

    /// Runs the forward pass until it finds an opportunity after `offset` or the text ends.
    private mutating func extend(past offset: Int) {
        guard let iterator, !finished else { return }
        while Int(found.last ?? 0) <= offset {
            let next = iterator.next()
            calls.forward += 1
            if next == ICU.BreakIterator.done {
                finished = true
                return
            }
            found.append(Int32(truncatingIfNeeded: next))
        }
    }

    /// The index of the first opportunity kept that is greater than `offset`.
    private func firstIndex(above offset: Int) -> Int {
        var low = 0
        var high = found.count
        while low < high {
            let middle = (low + high) >> 1
            if Int(found[middle]) <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// The line filling itself: ``LineFitter``'s rules over offsets, with cell widths.
private struct Fitter {
    let units: UnsafeBufferPointer<UInt16>
    let storage: TextStorage
    /// The locale id grapheme clusters are found with.
    let locale: String
    /// The width plus the hair of slack ``LineFitter`` allows.
    let limit: Double

    /// Whether ``LocalLineBreaks`` is asked first (ICU only where it cannot decide).
    let usesLocalRules: Bool
    /// Where ICU's break opportunities come from, once ICU is needed.
    var opportunities: Opportunities?
    /// The lines found and not yet given out.
    private var segments = TextUnits()
    /// How many lines are given out at once.
    private let batch: Int
    /// Where they are given.
    private let sink: (TextUnits) -> Void
    /// Where the next piece starts: a line start or an opportunity.
    private var pieceStart = 0
    private var lineStart = 0
    private var lineWidth = 0.0
    private var lineCount = 0
    private var characters: CharacterBoundaries?
    /// ``CharacterBoundaries/simpleUnits`` and ``CellMetrics/singleUnitAdvances``, at hand.
    private let simpleUnits = CharacterBoundaries.simpleUnits.entries
    private let advances = CellMetrics.singleUnitAdvances.entries
    /// ``cellInfo``, at hand.
    private let cellInfo = Self.cellInfo.entries

    /// Per BMP code unit, what measuring a line needs in one look-up: whether it is simple (a
    /// cluster boundary lies between two simple units, but inside CR LF:
    /// ``CharacterBoundaries``), whether it is a hard line break, and its cells alone.
    private static let cellInfo = CodeUnitTable(
        (0..<0x1_0000).map { unit -> UInt8 in
            let code = UInt16(unit)
            var info = UInt8(CellMetrics.advance(ofUnit: code)) & cellMask
            if CharacterBoundaries.withSimpleUnits({ CharacterBoundaries.isSimple(code, $0) }) { info |= simple }
            if UnicodeClasses.isLineSeparator(code) { info |= hardBreak }
            return info
        })
    private static var simple: UInt8 { 0x80 }
    private static var hardBreak: UInt8 { 0x40 }
    private static var cellMask: UInt8 { 0x03 }

    init(
        units: UnsafeBufferPointer<UInt16>, storage: TextStorage, locale: String, limit: Double, usesLocalRules: Bool,
        batch: Int, sink: @escaping (TextUnits) -> Void
    ) {
        self.units = units
        self.batch = max(batch, 1)
        self.sink = sink
        self.usesLocalRules = usesLocalRules
        self.storage = storage
        self.locale = locale
        self.limit = limit
        // About one line per width of text (cells are at least a unit wide, most a unit long).
        segments.reserveCapacity(min(units.count / max(Int(min(limit, 1e6)), 1) + 2, 1 << 16, self.batch))
    }

    /// Fills lines from where it stopped to the end of the text, giving them to the sink a batch
    /// at a time (the last when the text ends), and returns `true`; without ``opportunities``,
    /// stops (returning `false`) at the first line that overflows where the local rules (when
    /// used) cannot tell where it breaks, to be called again once they are set.
    mutating func fit() -> Bool {
        let count = units.count
        while pieceStart < count {
            // Measure from the piece's start until the line overflows or a hard break ends it.
            var width = lineWidth
            var position = pieceStart
            var overflow: Int?
            while position < count {
                let unit = units[position]
                let end: Int
                let cells: Double
                var isHardBreak = false
                if case let info = cellInfo[Int(unit)], info & Self.simple != 0,
                    position + 1 == count || cellInfo[Int(units[position + 1])] & Self.simple != 0,
                    unit != 0x0D
                {
                    // A cluster of one unit (simple units part, but CR LF): its cells from the table.
                    end = position + 1
                    cells = Double(info & Self.cellMask)
                    isHardBreak = info & Self.hardBreak != 0
                } else {
                    end = clusterEnd(position)
                    cells = advance(position, end)
                    isHardBreak = UnicodeClasses.isLineSeparator(unit)
                }
                width += cells
                if width > limit {
                    overflow = end
                    break
                }
                position = end
                if isHardBreak { break }
            }
            guard let overflow else {
                // Every piece up to a hard break (or the end) fits.
                if position < count || UnicodeClasses.isLineSeparator(units[count - 1]) {
                    endLine(at: position)
                }
                pieceStart = position
                continue
            }
            // The pieces before the last opportunity ahead of the overflow fit: they are placed
            // together. Nothing changes until both ends of the overflowing piece are known.
            var start = (pieceStart, lineWidth)
            guard var candidate = preceding(overflow) else { return false }
            while let offset = candidate, offset > pieceStart {
                if let widthThere = lineWidth(at: offset, from: pieceStart, overflow: overflow, width: width) {
                    start = (offset, widthThere)
                    break
                }
                guard let before = preceding(offset) else { return false }
                candidate = before
            }
            // The piece holding the overflow, placed by the rules.
            guard let pieceEnd = opportunity(atOrAfter: overflow) else { return false }
            (pieceStart, lineWidth) = start
            place(pieceStart..<pieceEnd)
            pieceStart = pieceEnd
            opportunities?.forget(before: lineStart)
            if UnicodeClasses.isLineSeparator(units[pieceEnd - 1]) { endLine(at: pieceEnd) }
        }
        if lineStart < count || lineCount == 0 { endLine(at: count) }
        sink(segments)
        segments = TextUnits()
        return true
    }

    /// The line's width at `offset` (between the scan's start `start` and `overflow`, where the
    /// line is `width` wide) when a cluster boundary lies there, else `nil`.
    private mutating func lineWidth(at offset: Int, from start: Int, overflow: Int, width: Double) -> Double? {
        if let isBoundary = CharacterBoundaries.fastBoundary(units[offset - 1], units[offset], simpleUnits) {
            guard isBoundary else { return nil }
            // Whole cells: the width there is the width at the overflow less what lies between.
            var between = 0.0
            var position = offset
            while position < overflow {
                let end = clusterEnd(position)
                between += advance(position, end)
                position = end
            }
            return width - between
        }
        var measured = lineWidth
        var position = start
        while position < offset {
            let end = clusterEnd(position)
            measured += advance(position, end)
            position = end
        }
        return position == offset ? measured : nil
    }

    // MARK: Lines and pieces

    /// Ends the current line at `end`, adding its unit (without its hard break).
    private mutating func endLine(at end: Int) {
        var contentEnd = end
        if end > lineStart, UnicodeClasses.isLineSeparator(units[end - 1]) {
            contentEnd = end - 1
            if units[contentEnd] == 0x0A, contentEnd > lineStart, units[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        }
        segments.append(lineStart..<contentEnd)
        if segments.count >= batch {
            sink(segments)
            segments = TextUnits()
            segments.reserveCapacity(batch)
        }
        lineStart = end
        lineWidth = 0
        lineCount += 1
    }

    /// Places the piece between two opportunities as ``LineFitter`` does: on the current line
    /// when its visible part fits, else on a new line, broken between clusters when it does not
    /// fit on a line of its own.
    private mutating func place(_ piece: Range<Int>) {
        var visible = 0.0
        var hanging = 0.0
        var running = 0.0
        var visibleEnd = piece.lowerBound
        var position = piece.lowerBound
        while position < piece.upperBound {
            let end = clusterEnd(position)
            let cells = advance(position, end)
            running += cells
            if hangs(position, end) {
                hanging += cells
            } else {
                visible = running
                hanging = 0
                visibleEnd = end
            }
            position = end
        }
        if lineStart < piece.lowerBound, visible > 0, lineWidth + visible > limit { endLine(at: piece.lowerBound) }
        if lineStart == piece.lowerBound, visible > limit {
            position = piece.lowerBound
            while position < visibleEnd {
                let end = clusterEnd(position)
                let cells = advance(position, end)
                if lineStart < position, cells > 0, lineWidth + cells > limit { endLine(at: position) }
                lineWidth += cells
                position = end
            }
            lineWidth += hanging
        } else {
            lineWidth += visible + hanging
        }
    }

    /// The first opportunity at or after `offset` (a cluster boundary) that is a cluster
    /// boundary: opportunities inside a cluster are not used. `nil` when ICU is needed and not
    /// at hand.
    private mutating func opportunity(atOrAfter offset: Int) -> Int? {
        let count = units.count
        guard var candidate = following(offset - 1) else { return nil }
        var position = offset
        while true {
            let end = candidate ?? count
            while position < end { position = clusterEnd(position) }
            if position == end { return end }
            guard let next = following(end) else { return nil }
            candidate = next
        }
    }

    /// The last opportunity before `offset` (`.some(nil)` when there is none), from the local
    /// rules or ICU; `nil` when only ICU can tell and it is not at hand.
    private mutating func preceding(_ offset: Int) -> Int?? {
        if usesLocalRules, let local = LocalLineBreaks.lastOpportunity(before: offset, in: units) { return local }
        guard opportunities != nil else { return nil }
        return .some(opportunities!.preceding(offset))
    }

    /// The first opportunity after `offset` (`.some(nil)` when there is none), as
    /// ``preceding(_:)`` finds it.
    private mutating func following(_ offset: Int) -> Int?? {
        if usesLocalRules, let local = LocalLineBreaks.firstOpportunity(after: offset, in: units) { return local }
        guard opportunities != nil else { return nil }
        return .some(opportunities!.following(offset))
    }

    // MARK: Clusters

    /// The end of the grapheme cluster starting at `start`.
    @inline(__always)
    private mutating func clusterEnd(_ start: Int) -> Int {
        let next = start + 1
        guard next < units.count else { return units.count }
        if let fast = CharacterBoundaries.fastBoundary(units[start], units[next], simpleUnits) {
            return fast ? next : next + 1  // not a boundary only inside CR LF
        }
        if characters == nil { characters = CharacterBoundaries(storage: storage, locale: locale) }
        return characters!.boundary(after: start) ?? units.count
    }

    /// The advance of the cluster `start..<end`, as ``CellMetrics`` gives it.
    @inline(__always)
    private func advance(_ start: Int, _ end: Int) -> Double {
        if end == start + 1, !UTF16.isSurrogate(units[start]) {
            return CellMetrics.advance(ofUnit: units[start], advances)
        }
        return CellMetrics().advance(of: start..<end, in: storage)
    }

    /// Whether the cluster `start..<end` hangs at a line's end (as ``TextShaping`` decides it).
    @inline(__always)
    private func hangs(_ start: Int, _ end: Int) -> Bool {
        guard end == start + 1 else { return TextShaping.hangs(start..<end, storage) }
        let unit = units[start]
        return UnicodeClasses.isWhiteSpace(unit) && unit != 0xA0 && unit != 0x2007 && unit != 0x202F
    }
}

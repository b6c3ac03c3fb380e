extension LineBreaker {
    /// The line filling itself: ``LineFitter``'s rules over offsets, with cell widths.
    struct Fitter {
        let units: UnsafeBufferPointer<UInt16>
        let storage: TextStorage
        /// The locale id grapheme clusters are found with.
        let locale: String
        /// The width plus the hair of slack ``LineFitter`` allows.
        let limit: Double

        /// Whether ``LocalLineBreaks`` is asked first (ICU only where it cannot decide).
        let usesLocalRules: Bool
        /// Whether cluster boundaries between simple units are decided without ICU
        /// (``FastPaths/characters``).
        let scansCharacters: Bool
        /// Whether it decides next to quotation marks beyond ASCII in the locale.
        let decidesQuotes: Bool
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
        /// ``cellInfo`` (``cellInfoWithoutScans`` without `scansCharacters`), at hand.
        private let cellInfo: UnsafeBufferPointer<UInt8>

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
        /// ``cellInfo`` with no unit simple: every cluster boundary is asked of ICU.
        private static let cellInfoWithoutScans = CodeUnitTable(
            Array(cellInfo.entries).map { $0 & ~simple })
        private static var simple: UInt8 { 0x80 }
        private static var hardBreak: UInt8 { 0x40 }
        private static var cellMask: UInt8 { 0x03 }

        init(
            units: UnsafeBufferPointer<UInt16>, storage: TextStorage, locale: String, limit: Double,
            usesLocalRules: Bool, scansCharacters: Bool,
            batch: Int, sink: @escaping (TextUnits) -> Void
        ) {
            self.units = units
            self.batch = max(batch, 1)
            self.sink = sink
            self.usesLocalRules = usesLocalRules
            self.scansCharacters = scansCharacters
            self.cellInfo = scansCharacters ? Self.cellInfo.entries : Self.cellInfoWithoutScans.entries
            self.decidesQuotes = LocalLineBreaks.decidesQuotes(inLocale: locale)
            self.storage = storage
            self.locale = locale
            self.limit = limit
            // About one line per width of text (cells are at least a unit wide, most a unit long).
            segments.reserveCapacity(min(units.count / max(Int(min(limit, 1e6)), 1) + 2, 1 << 16, self.batch))
        }

        /// Fills lines from where it stopped to the end of the text, giving them to the sink a
        /// batch at a time (the last when the text ends), and returns `true`; without
        /// ``opportunities``, stops (returning `false`) at the first line that overflows where
        /// the local rules (when used) cannot tell where it breaks, to be called again once they
        /// are set.
        mutating func fit() -> Bool {
            let count = units.count
            while pieceStart < count {
                let (position, width, overflow) = measure()
                guard let overflow else {
                    // Every piece up to a hard break (or the end) fits.
                    if position < count || UnicodeClasses.isLineSeparator(units[count - 1]) {
                        endLine(at: position)
                    }
                    pieceStart = position
                    continue
                }
                guard placePieces(overflowingAt: overflow, width: width) else { return false }
            }
            if lineStart < count || lineCount == 0 { endLine(at: count) }
            sink(segments)
            segments = TextUnits()
            return true
        }

        /// Measures from the piece's start until the line overflows or a hard break ends it:
        /// where the measure stopped (after the hard break, or at the end), the line's width
        /// there, and the end of the cluster that overflowed the line, if one did.
        @inline(__always)
        private mutating func measure() -> (position: Int, width: Double, overflow: Int?) {
            let count = units.count
            var width = lineWidth
            var position = pieceStart
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
                if width > limit { return (position, width, end) }
                position = end
                if isHardBreak { break }
            }
            return (position, width, nil)
        }

        /// Places the pieces from the piece's start to the opportunity after `overflow` (where
        /// the line, measured from the piece's start, is `width` wide): those before the last
        /// opportunity ahead of the overflow fit and are placed together, the one holding the
        /// overflow by the rules. Returns `false`, changing nothing, when ICU is needed and not
        /// at hand.
        private mutating func placePieces(overflowingAt overflow: Int, width: Double) -> Bool {
            // Nothing changes until both ends of the overflowing piece are known.
            var start = (pieceStart, lineWidth)
            var candidate = preceding(overflow)
            while case .found(let offset) = candidate, offset > pieceStart {
                if let widthThere = lineWidth(at: offset, from: pieceStart, overflow: overflow, width: width) {
                    start = (offset, widthThere)
                    break
                }
                candidate = preceding(offset)
            }
            guard candidate != .needsICU, let pieceEnd = opportunity(atOrAfter: overflow) else { return false }
            (pieceStart, lineWidth) = start
            place(pieceStart..<pieceEnd)
            pieceStart = pieceEnd
            opportunities?.forget(before: lineStart)
            if UnicodeClasses.isLineSeparator(units[pieceEnd - 1]) { endLine(at: pieceEnd) }
            return true
        }

        /// The line's width at `offset` (between the scan's start `start` and `overflow`, where the
        /// line is `width` wide) when a cluster boundary lies there, else `nil`.
        private mutating func lineWidth(at offset: Int, from start: Int, overflow: Int, width: Double) -> Double? {
            if scansCharacters,
                let isBoundary = CharacterBoundaries.fastBoundary(units[offset - 1], units[offset], simpleUnits)
            {
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

        /// What is known of an opportunity looked for.
        enum Lookup: Equatable {
            /// The opportunity, from the local rules or ICU.
            case found(Int)
            /// There is none (ICU found none).
            case none
            /// Only ICU can tell, and it is not at hand.
            case needsICU
        }

        /// The first opportunity at or after `offset` (a cluster boundary) that is a cluster
        /// boundary: opportunities inside a cluster are not used. `nil` when ICU is needed and
        /// not at hand.
        private mutating func opportunity(atOrAfter offset: Int) -> Int? {
            let count = units.count
            var candidate = following(offset - 1)
            var position = offset
            while true {
                let end: Int
                switch candidate {
                case .found(let opportunity): end = opportunity
                case .none: end = count
                case .needsICU: return nil
                }
                while position < end { position = clusterEnd(position) }
                if position == end { return end }
                candidate = following(end)
            }
        }

        /// The last opportunity before `offset`, from the local rules or ICU.
        private mutating func preceding(_ offset: Int) -> Lookup {
            if usesLocalRules,
                let local = LocalLineBreaks.lastOpportunity(before: offset, in: units, decidesQuotes: decidesQuotes)
            {
                return .found(local)
            }
            guard opportunities != nil else { return .needsICU }
            if let opportunity = opportunities!.preceding(offset) { return .found(opportunity) }
            return .none
        }

        /// The first opportunity after `offset`, as ``preceding(_:)`` finds it.
        private mutating func following(_ offset: Int) -> Lookup {
            if usesLocalRules,
                let local = LocalLineBreaks.firstOpportunity(after: offset, in: units, decidesQuotes: decidesQuotes)
            {
                return .found(local)
            }
            guard opportunities != nil else { return .needsICU }
            if let opportunity = opportunities!.following(offset) { return .found(opportunity) }
            return .none
        }

        // MARK: Clusters

        /// The end of the grapheme cluster starting at `start`.
        @inline(__always)
        private mutating func clusterEnd(_ start: Int) -> Int {
            let next = start + 1
            guard next < units.count else { return units.count }
            if scansCharacters, let fast = CharacterBoundaries.fastBoundary(units[start], units[next], simpleUnits) {
                return fast ? next : next + 1  // not a boundary only inside CR LF
            }
            if characters == nil {
                characters = CharacterBoundaries(storage: storage, locale: locale, scans: scansCharacters)
            }
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
}

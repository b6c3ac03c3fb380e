/// The one line-filling algorithm: greedy filling of lines of one width at line break
/// opportunities, over a text measured by a ``LineMeasure``. Every line of the library comes
/// from it: a ``TextLayout``'s (over its shaped text, ``ShapedMeasure``) and the line units of
/// pagination and the tokenizer (over terminal cells, ``CellMeasure``, by ``LineBreaker``).
///
/// The rules:
/// - A piece of text between two break opportunities goes on the current line when its
///   visible part (without trailing white space) fits; otherwise the line ends before it.
///   Trailing white space always stays on its line, hanging past the edge.
/// - A piece that does not fit on an empty line either is broken between grapheme clusters:
///   as many as fit per line, at least one (zero-width clusters never start a line).
/// - Opportunities inside a grapheme cluster are not used.
/// - A hard line break always ends the line. A text ending with a hard break gets an empty last
///   line, where a caret after that break stands.
///
/// Opportunities are ICU's (UAX #14, tailored by the locale): decided by ``LocalLineBreaks``
/// from the characters around them where its rules can (``usesLocalRules``), else taken from
/// ``opportunities``, a forward pass of ICU's iterator or the list a shaping found.
///
/// With whole advances (``LineMeasure/hasWholeAdvances``) two shortcuts make it about one pass
/// over the text, both sound because whole widths summed in any order are equal:
/// - pieces that fit on the line are placed together: a line is measured cluster by cluster up
///   to the point where it overflows, and only the piece holding that point is placed by the
///   rules;
/// - the line's width at the last opportunity before the overflow is the width at the overflow
///   less what lies between, where the measure knows a cluster boundary lies there.
///
/// With fractional advances every piece is measured and placed in turn, so that a line's width
/// is always summed in the same order.
///
/// Not `Sendable`: a value used for one computation.
struct LineFitter<Measure: LineMeasure> {
    let units: UnsafeBufferPointer<UInt16>
    /// The width plus a hair of slack, so that widths summed from fractional advances still fit.
    let limit: Double
    /// Whether ``LocalLineBreaks`` is asked first (ICU only where it cannot decide).
    let usesLocalRules: Bool
    /// Whether the local rules decide next to quotation marks beyond ASCII in the locale.
    let decidesQuotes: Bool
    /// Where ICU's break opportunities come from, once ICU is needed.
    var opportunities: ICUOpportunities?
    private var measure: Measure
    /// Where each line is given, with its hard break, top to bottom.
    private let lineEnded: (Range<Int>) -> Void
    /// Where the next piece starts: a line start or an opportunity.
    private var pieceStart = 0
    private var lineStart = 0
    private var lineWidth = 0.0

    /// A fitter of `units` (the text of `measure`) to `width` (negative and NaN taken as 0)
    /// with `locale`'s line break rules (a canonical ICU id), giving each line to `lineEnded`.
    init(
        units: UnsafeBufferPointer<UInt16>, measure: Measure, locale: String, width: Double,
        usesLocalRules: Bool, opportunities: ICUOpportunities? = nil,
        lineEnded: @escaping (Range<Int>) -> Void
    ) {
        self.units = units
        self.measure = measure
        self.limit = (width > 0 ? width : 0) + 1e-9
        self.usesLocalRules = usesLocalRules
        self.decidesQuotes = LocalLineBreaks.decidesQuotes(inLocale: locale)
        self.opportunities = opportunities
        self.lineEnded = lineEnded
    }

    /// Fills lines from where it stopped to the end of the text, giving each to `lineEnded`, and
    /// returns `true`; without ``opportunities``, stops (returning `false`) at the first piece
    /// whose end the local rules (when used) cannot tell, to be called again once they are set.
    mutating func fit() -> Bool {
        let count = units.count
        while pieceStart < count {
            guard measure.hasWholeAdvances else {
                guard placeNextPiece() else { return false }
                continue
            }
            let (position, width, overflow) = measureLine()
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
        // The last line: the rest of the text, or the empty line after a hard break that ends
        // it, or the empty text's one line.
        endLine(at: count)
        return true
    }

    // MARK: Whole advances

    /// Measures from the piece's start until the line overflows or a hard break ends it: where
    /// the measure stopped (after the hard break, or at the end), the line's width there, and
    /// the end of the cluster that overflowed the line, if one did.
    @inline(__always)
    private mutating func measureLine() -> (position: Int, width: Double, overflow: Int?) {
        let count = units.count
        var width = lineWidth
        var position = pieceStart
        while position < count {
            let (end, advance, isHardBreak) = measure.cluster(at: position)
            width += advance
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
        finishPiece(at: pieceEnd)
        return true
    }

    /// The line's width at `offset` (between the scan's start `start` and `overflow`, where the
    /// line is `width` wide) when a cluster boundary lies there, else `nil`.
    private mutating func lineWidth(at offset: Int, from start: Int, overflow: Int, width: Double) -> Double? {
        if let isBoundary = measure.knownBoundary(at: offset) {
            guard isBoundary else { return nil }
            // Whole advances: the width there is the width at the overflow less what lies between.
            var between = 0.0
            var position = offset
            while position < overflow {
                let (end, advance, _) = measure.cluster(at: position)
                between += advance
                position = end
            }
            return width - between
        }
        var measured = lineWidth
        var position = start
        while position < offset {
            let (end, advance, _) = measure.cluster(at: position)
            measured += advance
            position = end
        }
        return position == offset ? measured : nil
    }

    // MARK: Pieces and lines

    /// Places the piece from the piece's start to the next opportunity (the path of fractional
    /// advances). Returns `false`, changing nothing, when ICU is needed and not at hand.
    private mutating func placeNextPiece() -> Bool {
        let firstEnd = measure.cluster(at: pieceStart).end
        guard let pieceEnd = opportunity(atOrAfter: firstEnd) else { return false }
        finishPiece(at: pieceEnd)
        return true
    }

    /// Places the piece from the piece's start to `end` (an opportunity), ending the line after it
    /// when it ends with a hard break.
    private mutating func finishPiece(at end: Int) {
        place(pieceStart..<end)
        pieceStart = end
        opportunities?.forget(before: lineStart)
        if UnicodeClasses.isLineSeparator(units[end - 1]) { endLine(at: end) }
    }

    /// Ends the current line at `end`.
    private mutating func endLine(at end: Int) {
        lineEnded(lineStart..<end)
        lineStart = end
        lineWidth = 0
    }

    /// Places the piece between two opportunities by the rules: on the current line when its
    /// visible part fits, else on a new line, broken between clusters when it does not fit on a
    /// line of its own.
    private mutating func place(_ piece: Range<Int>) {
        var visible = 0.0
        var hanging = 0.0
        var running = 0.0
        var visibleEnd = piece.lowerBound
        var position = piece.lowerBound
        while position < piece.upperBound {
            let (end, advance, _) = measure.cluster(at: position)
            running += advance
            if measure.hangs(position, end) {
                hanging += advance
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
                let (end, advance, _) = measure.cluster(at: position)
                if lineStart < position, advance > 0, lineWidth + advance > limit { endLine(at: position) }
                lineWidth += advance
                position = end
            }
            lineWidth += hanging
        } else {
            lineWidth += visible + hanging
        }
    }

    // MARK: Opportunities

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
    /// boundary. `nil` when ICU is needed and not at hand.
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
            while position < end { position = measure.cluster(at: position).end }
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
}

import Synchronization

/// The text of one element laid out in lines for a width: ICU line breaking, a pluggable font
/// model and bidi runs from ICU's ubidi.
///
/// - Lines are filled greedily by the library's one line fitter, the one its line units and
///   pages come from. They end at ICU's line break opportunities (UAX #14, tailored by the locale: `ja`
///   normal, `ja@lb=strict`, `ja@lw=phrase` for phrase-level Japanese breaks). Hard breaks
///   always end a line. A word wider than the line is broken between grapheme clusters.
///   Trailing white space hangs past the edge: it never causes a break.
/// - Widths come from ``FontMetrics`` (``CellMetrics`` by default), multiplied by the text
///   scale, so a larger text size changes where lines break and never what a position means.
/// - Each paragraph's base direction is that of its first strong character; left-to-right
///   lines start at x = 0, right-to-left lines end at x = `width`. Lines are stacked from
///   y = 0, one line height apart.
///
/// Positions are UTF-16 offsets of ``storage``, the same for every width and text scale.
///
/// Work is lazy: nothing is measured until the first query, and the width-independent part
/// (clusters, advances, break opportunities, paragraph directions) is shared with the layouts
/// made by ``withWidth(_:)`` and ``withTextScale(_:)``. Laying out is linear in the text's
/// length.
///
/// `Sendable`: the configuration is immutable and the lazily computed results live behind a
/// lock (`Locked`); the ICU line break iterator is only used under that lock.
public final class TextLayout: TextGeometry, LineUnitSource {
    /// The text.
    public let storage: TextStorage
    /// The ICU locale id whose line break rules are used ("ja@lb=strict").
    public let locale: String
    /// The width lines are fitted to (0 or more).
    public let width: Double
    /// The font model.
    public let metrics: any FontMetrics
    /// The factor applied to every advance and to the line height (1 is the default size).
    public let textScale: Double

    private let shared: SharedShaping
    private let state = Locked<Lines?>(nil)

    /// The computed lines.
    private struct Lines: Sendable {
        var fragments: [LineFragment]
        var units: TextUnits
        /// Each cluster's advance at text scale 1, each line measured as one run.
        var advances: [Double]
    }

    /// Lays out `storage` for `width`, breaking lines by `locale`'s rules (a BCP-47 tag such as
    /// "ja-JP", or an ICU id such as "ja@lb=strict" or "ja@lw=phrase").
    ///
    /// A negative or NaN width is taken as 0 (every cluster on its own line); a text scale that
    /// is not positive is taken as 1.
    ///
    /// - Throws: ``LocaleError`` when the locale is malformed or ICU cannot open a line break
    ///   iterator for it.
    public init(
        storage: TextStorage, locale: String = "en", width: Double,
        metrics: any FontMetrics = CellMetrics(), textScale: Double = 1
    ) throws(LocaleError) {
        let canonical: String
        let lineBreaker: ICU.BreakIterator
        do {
            canonical = try ICU.Locale.canonical(locale)
            lineBreaker = try ICU.BreakIterator.make(kind: .line, locale: canonical)
        } catch {
            throw LocaleError(locale: locale, error)
        }
        self.storage = storage
        self.locale = canonical
        self.width = width > 0 ? width : 0
        self.metrics = metrics
        self.textScale = textScale > 0 && textScale.isFinite ? textScale : 1
        self.shared = SharedShaping(lineBreaker: lineBreaker)
    }

    /// Lays out a copy of `string`, as ``init(storage:locale:width:metrics:textScale:)``.
    public convenience init(
        _ string: String, locale: String = "en", width: Double,
        metrics: any FontMetrics = CellMetrics(), textScale: Double = 1
    ) throws(LocaleError) {
        try self.init(
            storage: TextStorage(string), locale: locale, width: width, metrics: metrics,
            textScale: textScale)
    }

    private init(from layout: TextLayout, width: Double, textScale: Double) {
        storage = layout.storage
        locale = layout.locale
        self.width = width > 0 ? width : 0
        metrics = layout.metrics
        self.textScale = textScale > 0 && textScale.isFinite ? textScale : 1
        shared = layout.shared
    }

    /// The same text laid out for another width, sharing this layout's width-independent
    /// work. Every position keeps its meaning; only lines change.
    public func withWidth(_ width: Double) -> TextLayout {
        TextLayout(from: self, width: width, textScale: textScale)
    }

    /// The same text laid out at another text scale (the Dynamic Type case), sharing this
    /// layout's width-independent work. Line breaks change; positions do not.
    public func withTextScale(_ textScale: Double) -> TextLayout {
        TextLayout(from: self, width: width, textScale: textScale)
    }

    /// The height of one line: the font model's line height times the text scale.
    public var lineHeight: Double { metrics.lineHeight * textScale }

    /// The lines, top to bottom; at least one (an empty text has one empty line, and a text
    /// ending with a hard break has an empty last line after it).
    ///
    /// - Complexity: O(n) on the first call (the layout itself), O(1) after.
    public var lines: [LineFragment] { computed().fragments }

    /// The number of lines.
    ///
    /// - Complexity: O(n) on the first call, O(1) after.
    public var lineCount: Int { computed().fragments.count }

    /// The size of the laid-out text: the layout's width by all its lines' height.
    public var size: Size { Size(width: width, height: Double(lineCount) * lineHeight) }

    /// ICU's line break opportunities in the text after offset 0, the end included: where lines
    /// may end. Layout uses those that fall between grapheme clusters (UAX #14 allows a few
    /// inside one, such as between a space and a combining mark that follows it).
    ///
    /// - Complexity: O(n) on the first call (with the rest of the width-independent work).
    public var breakOpportunities: [LineBreakOpportunity] { shaping().opportunities }

    /// The line units for a tokenizer (``LineUnitSource``): each line without its hard
    /// break, empty lines left out.
    ///
    /// - Complexity: O(1) once laid out.
    public var lineUnits: TextUnits { computed().units }

    public func clusterFrames(inLine index: Int) -> [ClusterFrame] {
        let lines = self.lines
        guard lines.indices.contains(index) else { return [] }
        return shaping().frames(of: lines[index], scale: textScale, advances: computed().advances)
    }

    // MARK: Lazy state

    private func shaping() -> TextShaping {
        shared.shaping(storage: storage, locale: locale, metrics: metrics)
    }

    private func computed() -> Lines {
        if let lines = state.withLock({ $0 }) { return lines }
        let shaping = self.shaping()
        let ranges = shaping.lines(width: width, scale: textScale)
        let advances = shaping.advances(ofLines: ranges, metrics: metrics)
        let fragments = LineFragmentBuilder(
            shaping: shaping, advances: advances, width: width, scale: textScale, lineHeight: lineHeight
        ).fragments(of: ranges)
        var units = TextUnits()
        units.reserveCapacity(fragments.count)
        for fragment in fragments { units.append(fragment.contentRange) }
        let lines = Lines(fragments: fragments, units: units, advances: advances)
        return state.withLock { state in
            if let existing = state { return existing }
            state = lines
            return lines
        }
    }
}

/// The width-independent work of a text, computed on first use and shared by the layouts of
/// one text (made by `withWidth` and `withTextScale`).
///
/// `Sendable`: the ICU iterator and the result live behind a lock (`Locked`).
private final class SharedShaping: Sendable {
    private struct State {
        var lineBreaker: ICU.BreakIterator?
        var shaping: TextShaping?
    }

    private let state: Locked<State>

    init(lineBreaker: sending ICU.BreakIterator) {
        state = Locked(State(lineBreaker: lineBreaker, shaping: nil))
    }

    func shaping(storage: TextStorage, locale: String, metrics: any FontMetrics) -> TextShaping {
        state.withLock { state in
            if let shaping = state.shaping { return shaping }
            let shaping = TextShaping(
                storage: storage, locale: locale, metrics: metrics, lineBreaker: state.lineBreaker)
            state.lineBreaker = nil
            state.shaping = shaping
            return shaping
        }
    }
}

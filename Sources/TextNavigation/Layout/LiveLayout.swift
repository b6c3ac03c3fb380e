import Synchronization

/// The current lines of one text: what a tokenizer reads its line units from, and the layout a
/// text input measures with, swapped for a new width or text size without touching positions
/// or the tokenizer's other caches.
///
/// Line units are all most elements ever need (pagination, reading by line), so they are found
/// without shaping (``LineBreaker``, the same lines a ``TextLayout`` makes) and kept: a few bytes
/// a line. The full ``TextLayout`` (cluster advances, line rects, bidi runs) is made only when
/// geometry is asked for, and held weakly: whoever asks keeps it alive (a text input does), and
/// a few of the most recently made are kept by the process (``RecentLayouts``), so an element
/// nobody is looking at keeps no per-cluster data. A text whose locale ICU rejects falls back to
/// lines at hard breaks.
///
/// `Sendable`: the settings and results live behind a lock (`Locked`).
final class LiveLayout: LineUnitSource {
    private let storage: TextStorage
    private let locale: String
    private let metrics: any FontMetrics
    /// Whether `metrics` are terminal cells, whose lines are found without shaping.
    private let usesCells: Bool
    private let state: Locked<State>

    private struct State {
        var width: Double
        var textScale: Double
        /// Bumped by every change of width or text scale.
        var generation = 0
        /// The line units for the current settings, once found.
        var lineUnits: TextUnits?
        /// The layout for the current settings, while someone holds it.
        weak var layout: TextLayout?
        /// The latest layout made at any settings, while someone holds it: a new one shares its
        /// width-independent work.
        weak var recent: TextLayout?
    }

    init(
        storage: TextStorage, locale: String, width: Double, metrics: any FontMetrics = CellMetrics(),
        textScale: Double = 1
    ) {
        self.storage = storage
        self.locale = locale
        self.metrics = metrics
        self.usesCells = metrics is CellMetrics
        self.state = Locked(State(width: width, textScale: textScale))
    }

    /// A live layout that starts from an existing layout (which the caller keeps alive while it
    /// uses it).
    init(_ layout: TextLayout) {
        storage = layout.storage
        locale = layout.locale
        metrics = layout.metrics
        usesCells = layout.metrics is CellMetrics
        var initial = State(width: layout.width, textScale: layout.textScale)
        initial.layout = layout
        initial.recent = layout
        state = Locked(initial)
    }

    /// The layout for the current width and text scale, made when nobody holds one; `nil` only
    /// when the locale is one ICU rejects. Keep it while using it: the live layout does not.
    var layout: TextLayout? {
        let (existing, recent, width, textScale, generation) = state.withLock {
            ($0.layout, $0.recent, $0.width, $0.textScale, $0.generation)
        }
        if let existing { return existing }
        var made: TextLayout
        if let recent {
            made = recent.withWidth(width).withTextScale(textScale)
        } else {
            guard
                let fresh = try? TextLayout(
                    storage: storage, locale: locale, width: width, metrics: metrics, textScale: textScale)
            else { return nil }
            made = fresh
        }
        let result: TextLayout = state.withLock { state in
            if let existing = state.layout { return existing }
            if state.generation != generation {
                // Re-laid out while this one was being made: honour the newer settings.
                made = made.withWidth(state.width).withTextScale(state.textScale)
            }
            state.layout = made
            state.recent = made
            return made
        }
        RecentLayouts.keep(result)
        return result
    }

    /// Lays the text out again for a new width and/or text scale (`nil` keeps the current one).
    /// A layout made after this shares the width-independent work of the last one, if it is
    /// still held.
    func relayout(width: Double? = nil, textScale: Double? = nil) {
        state.withLock { state in
            let newWidth = width ?? state.width
            let newScale = textScale ?? state.textScale
            guard newWidth != state.width || newScale != state.textScale else { return }
            state.width = newWidth
            state.textScale = newScale
            state.generation += 1
            state.lineUnits = nil
            state.layout = nil
        }
    }

    /// Whether a layout for the current settings is alive (someone holds it).
    var hasLayout: Bool { state.withLock { $0.layout != nil } }

    /// The width lines are laid out at.
    var width: Double { state.withLock { $0.width } }

    /// The line units for the current settings: each line without its hard break, empty lines
    /// left out, as the current layout's ``TextLayout/lineUnits``.
    ///
    /// - Complexity: O(n) on the first read after a change of settings, O(1) after.
    var lineUnits: TextUnits {
        let (cached, width, textScale, generation) = state.withLock {
            ($0.lineUnits, $0.width, $0.textScale, $0.generation)
        }
        if let cached { return cached }
        let found = findUnits(width: width, textScale: textScale)
        return state.withLock { state in
            guard state.generation == generation else { return found }
            if let existing = state.lineUnits { return existing }
            state.lineUnits = found
            return found
        }
    }

    /// Finds the line units for the settings: without shaping for terminal cells at text scale 1,
    /// else from a layout.
    private func findUnits(width: Double, textScale: Double) -> TextUnits {
        let scale = textScale > 0 && textScale.isFinite ? textScale : 1
        if usesCells, scale == 1 {
            return Self.lineUnits(of: storage, locale: locale, width: width)
        } else if let layout {
            return layout.lineUnits
        }
        return StringTokenizer.hardLineUnits(of: storage)
    }

    /// The line units a live layout in terminal cells at text scale 1 finds for `storage`
    /// `width` cells wide, found without keeping anything (for many texts one after another,
    /// as pagination finds them: ``LinePass``).
    static func lineUnits(of storage: TextStorage, locale: String, width: Double) -> TextUnits {
        LinePass.lineUnits(
            of: storage, canonicalLocale: try? ICU.Locale.canonical(locale), width: width, iterator: nil)
    }
}

/// The few layouts made most recently by live layouts, kept alive so that asking an element
/// for its geometry twice in a row (a page's lines, then their rects) lays it out once, while
/// no more than a handful of texts keep their per-cluster data.
enum RecentLayouts {
    /// How many layouts are kept.
    static let capacity = 8

    private static let layouts = Locked<[TextLayout]>([])

    /// Keeps `layout` among the most recent, letting go of the oldest beyond ``capacity``.
    static func keep(_ layout: TextLayout) {
        let released: TextLayout? = layouts.withLock { layouts in
            layouts.removeAll { $0 === layout }
            layouts.append(layout)
            return layouts.count > capacity ? layouts.removeFirst() : nil
        }
        withExtendedLifetime(released) {}  // freed outside the lock
    }
}

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
    private let state: Locked<State>

    private struct State {
        var settings: LineSettings
        /// Bumped by every change of settings.
        var generation = 0
        /// The line units for the current settings, once found.
        var lineUnits: TextUnits?
        /// The layout for the current settings, while someone holds it.
        weak var layout: TextLayout?
        /// The latest layout made with the current font model at any width and text scale,
        /// while someone holds it: a new one shares its width-independent work.
        weak var recent: TextLayout?
    }

    convenience init(
        storage: TextStorage, locale: String, width: Double, metrics: any FontMetrics = CellMetrics(),
        textScale: Double = 1
    ) {
        self.init(
            storage: storage, locale: locale,
            settings: LineSettings(width: width, metrics: metrics, textScale: textScale))
    }

    init(storage: TextStorage, locale: String, settings: LineSettings) {
        self.storage = storage
        self.locale = locale
        self.state = Locked(State(settings: settings))
    }

    /// A live layout that starts from an existing layout (which the caller keeps alive while it
    /// uses it).
    init(_ layout: TextLayout) {
        storage = layout.storage
        locale = layout.locale
        var initial = State(
            settings: LineSettings(width: layout.width, metrics: layout.metrics, textScale: layout.textScale))
        initial.layout = layout
        initial.recent = layout
        state = Locked(initial)
    }

    /// The layout for the current settings, made when nobody holds one; `nil` only when the
    /// locale is one ICU rejects. Keep it while using it: the live layout does not.
    var layout: TextLayout? {
        let (existing, recent, settings, generation) = state.withLock {
            ($0.layout, $0.recent, $0.settings, $0.generation)
        }
        if let existing { return existing }
        var made: TextLayout
        if let recent {
            made = recent.withWidth(settings.width).withTextScale(settings.textScale)
        } else {
            guard
                let fresh = try? TextLayout(
                    storage: storage, locale: locale, width: settings.width, metrics: settings.metrics,
                    textScale: settings.textScale)
            else { return nil }
            made = fresh
        }
        let result: TextLayout? = state.withLock { state in
            if let existing = state.layout { return existing }
            if state.generation != generation {
                // Re-laid out while this one was being made: honour the newer settings, unless
                // the font model changed too (then the next call makes a layout anew).
                guard
                    FontMetricsIdentity(state.settings.metrics) == FontMetricsIdentity(made.metrics)
                else { return nil }
                made = made.withWidth(state.settings.width).withTextScale(state.settings.textScale)
            }
            state.layout = made
            state.recent = made
            return made
        }
        guard let result else { return self.layout }
        RecentLayouts.keep(result)
        return result
    }

    /// Lays the text out again for a new width, text scale or font model (`nil` keeps the
    /// current one). A layout made after this shares the width-independent work of the last
    /// one, if it is still held and measured with the same font model.
    func relayout(width: Double? = nil, textScale: Double? = nil, metrics: (any FontMetrics)? = nil) {
        state.withLock { state in
            var settings = state.settings
            settings.width = width ?? settings.width
            settings.textScale = textScale ?? settings.textScale
            settings.metrics = metrics ?? settings.metrics
            guard !settings.isSame(as: state.settings) else { return }
            if FontMetricsIdentity(settings.metrics) != FontMetricsIdentity(state.settings.metrics) {
                state.recent = nil
            }
            state.settings = settings
            state.generation += 1
            state.lineUnits = nil
            state.layout = nil
        }
    }

    /// Lays the text out again with `settings`.
    func relayout(_ settings: LineSettings) {
        relayout(width: settings.width, textScale: settings.textScale, metrics: settings.metrics)
    }

    /// Whether a layout for the current settings is alive (someone holds it).
    var hasLayout: Bool { state.withLock { $0.layout != nil } }

    /// The width lines are laid out at.
    var width: Double { state.withLock { $0.settings.width } }

    /// The settings lines are laid out with.
    var settings: LineSettings { state.withLock { $0.settings } }

    /// The line units for the current settings: each line without its hard break, empty lines
    /// left out, as the current layout's ``TextLayout/lineUnits``.
    ///
    /// - Complexity: O(n) on the first read after a change of settings, O(1) after.
    var lineUnits: TextUnits {
        let (cached, settings, generation) = state.withLock { ($0.lineUnits, $0.settings, $0.generation) }
        if let cached { return cached }
        let found = findUnits(settings)
        return state.withLock { state in
            guard state.generation == generation else { return found }
            if let existing = state.lineUnits { return existing }
            state.lineUnits = found
            return found
        }
    }

    /// Finds the line units for `settings`: without shaping for terminal cells at text scale 1,
    /// else from a layout.
    private func findUnits(_ settings: LineSettings) -> TextUnits {
        if settings.usesCells {
            return Self.lineUnits(of: storage, locale: locale, width: settings.width)
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

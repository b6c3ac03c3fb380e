import Synchronization

/// The current layout of one text: what a tokenizer reads its line units from, swapped for a
/// new width or text size without touching positions or the tokenizer's other caches.
///
/// The ``TextLayout`` is made on first use, so an element that is never shown or read by line
/// costs nothing to lay out. A text whose locale ICU rejects falls back to lines at hard breaks.
///
/// `Sendable`: the layout and its settings live behind a `Mutex`.
final class LiveLayout: LineSegmentSource {
    private let storage: TextStorage
    private let locale: String
    private let metrics: any FontMetrics
    private let state: Mutex<State>

    private struct State {
        var width: Double
        var textScale: Double
        var layout: TextLayout?
    }

    init(
        storage: TextStorage, locale: String, width: Double, metrics: any FontMetrics = CellMetrics(),
        textScale: Double = 1
    ) {
        self.storage = storage
        self.locale = locale
        self.metrics = metrics
        self.state = Mutex(State(width: width, textScale: textScale))
    }

    /// A live layout that starts from an existing layout.
    init(_ layout: TextLayout) {
        storage = layout.storage
        locale = layout.locale
        metrics = layout.metrics
        state = Mutex(State(width: layout.width, textScale: layout.textScale, layout: layout))
    }

    /// The layout for the current width and text scale, made on first use; `nil` only when the
    /// locale is one ICU rejects.
    var layout: TextLayout? {
        if let existing = state.withLock({ $0.layout }) { return existing }
        let (width, textScale) = state.withLock { ($0.width, $0.textScale) }
        guard
            let made = try? TextLayout(
                storage: storage, locale: locale, width: width, metrics: metrics, textScale: textScale)
        else { return nil }
        return state.withLock { state in
            if let existing = state.layout { return existing }
            if state.width != width || state.textScale != textScale {
                // Re-laid out while this one was being made: honour the newer settings.
                state.layout = made.withWidth(state.width).withTextScale(state.textScale)
            } else {
                state.layout = made
            }
            return state.layout!
        }
    }

    /// Lays the text out again for a new width and/or text scale (`nil` keeps the current one),
    /// reusing the width-independent work when a layout exists.
    func relayout(width: Double? = nil, textScale: Double? = nil) {
        state.withLock { state in
            let newWidth = width ?? state.width
            let newScale = textScale ?? state.textScale
            guard newWidth != state.width || newScale != state.textScale else { return }
            state.width = newWidth
            state.textScale = newScale
            state.layout = state.layout?.withWidth(newWidth).withTextScale(newScale)
        }
    }

    /// The width lines are laid out at.
    var width: Double { state.withLock { $0.width } }

    func lineSegments() -> TextSegments {
        layout?.lineSegments() ?? SegmentBuilder.hardBreakUnits(of: storage, includeLineSeparator: true)
    }
}

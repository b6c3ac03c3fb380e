import Synchronization

/// The lines of one element at the document's current layout width: the element's tokenizer
/// asks it for line units, and the document re-lays it out by changing the width. Positions
/// never move when the width changes; only line units do.
///
/// `Sendable`: the width and the cached lines are behind a lock.
final class ElementLines: LineSegmentSource {
    /// Breaks a text into lines for a width (in cells).
    typealias LineBreaker = @Sendable (TextStorage, _ locale: String, _ width: Int) -> TextSegments

    private let text: TextStorage
    private let locale: String
    private let breaker: LineBreaker
    private let state: Mutex<(width: Int?, lines: TextSegments?)>

    init(text: TextStorage, locale: String, width: Int?, breaker: @escaping LineBreaker) {
        self.text = text
        self.locale = locale
        self.breaker = breaker
        self.state = Mutex((width, nil))
    }

    /// The width lines are broken at; `nil` for hard line breaks only.
    var width: Int? {
        get { state.withLock { $0.width } }
        set {
            state.withLock { state in
                if state.width != newValue { state = (newValue, nil) }
            }
        }
    }

    func lineSegments() -> TextSegments {
        let (width, cached) = state.withLock { ($0.width, $0.lines) }
        if let cached { return cached }
        let lines =
            width.map { breaker(text, locale, $0) }
            ?? SegmentBuilder.hardBreakUnits(of: text, includeLineSeparator: true)
        state.withLock { state in
            if state.width == width { state.lines = lines }
        }
        return lines
    }
}

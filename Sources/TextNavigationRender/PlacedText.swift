import TextNavigation

/// Laid-out text on a page: its geometry, where its top-left corner sits, and what the page
/// shows on it.
public struct PlacedText: Sendable {
    /// The text's lines and cluster frames, in the text's own coordinates.
    public var geometry: any TextGeometry
    /// Where the geometry's origin lies on the page, in points.
    public var origin: Point
    /// The range filled as the current unit (its `selectionRects(for:)`), if any.
    public var highlight: TextRange?
    /// The position a caret is drawn at (its `caretRect(for:)`), if any.
    public var caret: TextPosition?
    /// The numbers of the lines drawn (an element's part on a page), or `nil` for all of them.
    public var lines: Range<Int>?

    /// `geometry` placed at `origin`, with `highlight` filled and a caret at `caret`.
    ///
    /// - Parameters:
    ///   - geometry: the text's lines and cluster frames.
    ///   - origin: where the geometry's origin lies on the page.
    ///   - highlight: the range filled as the current unit.
    ///   - caret: where a caret is drawn.
    ///   - lines: the numbers of the lines drawn, or `nil` for all.
    public init(
        geometry: any TextGeometry, origin: Point, highlight: TextRange? = nil, caret: TextPosition? = nil,
        lines: Range<Int>? = nil
    ) {
        self.geometry = geometry
        self.origin = origin
        self.highlight = highlight
        self.caret = caret
        self.lines = lines
    }

    /// The numbers of the lines drawn.
    var drawnLines: Range<Int> {
        let all = geometry.lines.indices
        return lines?.clamped(to: all) ?? all
    }
}

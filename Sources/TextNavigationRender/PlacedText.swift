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

    /// `geometry` placed at `origin`, with `highlight` filled and a caret at `caret`.
    public init(geometry: any TextGeometry, origin: Point, highlight: TextRange? = nil, caret: TextPosition? = nil) {
        self.geometry = geometry
        self.origin = origin
        self.highlight = highlight
        self.caret = caret
    }
}

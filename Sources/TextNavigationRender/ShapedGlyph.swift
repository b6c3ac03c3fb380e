/// One glyph HarfBuzz placed, in points at text scale 1: what a cluster's advance sums and what
/// the page renderer draws.
struct ShapedGlyph: Sendable, Hashable {
    /// The index of the font in ``HarfBuzzMetrics/fonts`` the glyph is from.
    var font: Int
    /// The glyph's id in that font.
    var glyph: UInt32
    /// How far the pen moves after the glyph, along the line.
    var advance: Double
    /// How far the glyph is moved right of the pen.
    var xOffset: Double
    /// How far the glyph is moved up from the baseline.
    var yOffset: Double
}

/// One grapheme cluster as HarfBuzz shaped it, in points at text scale 1.
///
/// A glyph that covers several clusters (a ligature such as "ffi", Arabic lam-alef) belongs to
/// the first of them, and its advance is shared evenly by all of them, so that a caret can
/// stand between them; ``glyphOrigin`` says where its glyphs start.
struct ShapedCluster: Sendable, Hashable {
    /// The cluster's glyphs, left to right (none for a control or a later part of a ligature).
    var glyphs: [ShapedGlyph] = []
    /// The cluster's advance: its glyphs' advances, or its share of a ligature's.
    var advance: Double = 0
    /// Where the pen starts drawing ``glyphs``, from the left edge of the cluster's frame: 0,
    /// or left of it for a right-to-left ligature whose later parts lie to its left.
    var glyphOrigin: Double = 0
}

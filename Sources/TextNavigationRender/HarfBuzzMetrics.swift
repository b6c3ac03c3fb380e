import TextNavigation

/// A real font for `TextLayout`: grapheme clusters measured by HarfBuzz shaping, in points.
///
/// Each paragraph is shaped as the page renderer draws it: split into runs of one bidi level
/// (ICU's ubidi, as the layout finds them), one script and one font, each run shaped with its
/// neighbours as context, so Arabic joins, marks attach and kerning applies. A cluster's advance
/// is the sum of its glyphs' advances; a ligature's advance is shared evenly by the clusters it
/// covers, so a caret can stand inside "ffi" or lam-alef.
///
/// Fonts are tried in order for each cluster: the first that has a glyph for every one of its
/// characters (default-ignorable ones aside) shapes it, the first font when none does. Ascent
/// and descent are the largest of all the fonts'; the line height is the first font's
/// (ascender, descender and line gap), raised to ascent plus descent when a fallback is taller.
/// Control characters (hard breaks, tabs) take no room.
///
/// `Sendable`: the fonts are immutable HarfBuzz fonts.
public struct HarfBuzzMetrics: FontMetrics {
    /// The font size: points per em.
    public let size: Double
    /// The fonts, in the order they are tried: the main font, then the fallbacks.
    public let files: [FontFile]
    /// The open fonts, in the order of ``files``.
    let fonts: [HarfBuzzFont]
    public let lineHeight: Double
    public let ascent: Double
    public let descent: Double

    /// Opens `font` at `size` points per em, with `fallbacks` for the clusters it has no
    /// glyph for. A size that is not positive is taken as 12.
    ///
    /// - Throws: ``FontLoadingError`` for the first font that cannot be used.
    public init(font: FontFile, fallbacks: [FontFile] = [], size: Double) throws(FontLoadingError) {
        self.size = size > 0 && size.isFinite ? size : 12
        files = [font] + fallbacks
        var fonts: [HarfBuzzFont] = []
        for file in files { fonts.append(try HarfBuzzFont(file)) }
        self.fonts = fonts
        let scale = self.size / fonts[0].unitsPerEm
        let main = fonts[0].extents
        var ascent = main.ascender * scale
        var descent = main.descender * scale
        for font in fonts.dropFirst() {
            let extents = font.extents
            ascent = max(ascent, extents.ascender * self.size / font.unitsPerEm)
            descent = max(descent, extents.descender * self.size / font.unitsPerEm)
        }
        self.ascent = ascent
        self.descent = descent
        let height = (main.ascender + main.descender + main.lineGap) * scale
        lineHeight = max(height, ascent + descent)
    }

    public func advance(of cluster: Range<Int>, in storage: TextStorage) -> Double {
        advances(of: [cluster], in: storage)[0]
    }

    public func advances(of clusters: [Range<Int>], in storage: TextStorage) -> [Double] {
        shape(clusters, in: storage).map(\.advance)
    }
}

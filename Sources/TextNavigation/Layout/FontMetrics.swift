/// How wide each grapheme cluster is and how tall a line is: the font model a ``TextLayout``
/// measures with, in any unit of length (points for a real font, cells for a terminal).
///
/// ``CellMetrics`` is the default, a deterministic model for terminals and tests. A backend
/// plugs in its real font by conforming its own type: it measures a cluster alone
/// (``advance(of:in:)``) and, where shaping joins or kerns clusters, a run of them together
/// (``advances(of:in:)``, which a shaper such as HarfBuzz answers from one shaping of the run).
/// Values are at text scale 1; a layout multiplies them by its text scale (the Dynamic Type
/// case).
public protocol FontMetrics: Sendable {
    /// The advance of the grapheme cluster `cluster` (a range of UTF-16 offsets of `storage`
    /// holding exactly one extended grapheme cluster) standing alone, at text scale 1. Never
    /// negative.
    func advance(of cluster: Range<Int>, in storage: TextStorage) -> Double

    /// The advances of `clusters`, consecutive grapheme clusters of one paragraph of `storage`
    /// in storage order, shaped together as the backend draws them (Arabic joined, kerning
    /// applied), at text scale 1: one value per cluster, never negative. A cluster's advance
    /// is the sum of its glyphs' advances along the line.
    ///
    /// The default measures each cluster alone with ``advance(of:in:)``.
    func advances(of clusters: [Range<Int>], in storage: TextStorage) -> [Double]

    /// The height of one line at text scale 1. Positive.
    var lineHeight: Double { get }

    /// How far glyphs rise above the baseline, at text scale 1. The default is 0.8 of
    /// ``lineHeight``.
    var ascent: Double { get }

    /// How far glyphs fall below the baseline, at text scale 1 (a positive length). The
    /// default is 0.2 of ``lineHeight``.
    var descent: Double { get }
}

extension FontMetrics {
    public func advances(of clusters: [Range<Int>], in storage: TextStorage) -> [Double] {
        clusters.map { advance(of: $0, in: storage) }
    }

    public var ascent: Double { lineHeight * 0.8 }

    public var descent: Double { lineHeight * 0.2 }

    /// Where the baseline of a line lies below the line's top, at text scale 1: the glyphs'
    /// height (``ascent`` plus ``descent``) centred in the line, and ``ascent`` down from
    /// there.
    public var baselineOffset: Double { (lineHeight - ascent - descent) / 2 + ascent }
}

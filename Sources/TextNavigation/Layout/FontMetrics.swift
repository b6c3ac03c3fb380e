/// How wide each grapheme cluster is and how tall a line is: the font model a ``TextLayout``
/// measures with.
///
/// ``CellMetrics`` is the default, a deterministic model for terminals and tests. An app plugs
/// in its real font's metrics by conforming its own type. Values are at text scale 1; a layout
/// multiplies them by its text scale (the Dynamic Type case).
public protocol FontMetrics: Sendable {
    /// The advance width of the grapheme cluster `cluster` (a range of UTF-16 offsets of
    /// `storage` holding exactly one extended grapheme cluster), at text scale 1. Never
    /// negative.
    func advance(of cluster: Range<Int>, in storage: TextStorage) -> Double

    /// The height of one line at text scale 1. Positive.
    var lineHeight: Double { get }
}

/// What the line fitter (``LineFitter``) measures a text with: where each grapheme cluster ends,
/// how far it advances and whether it hangs past a line's end.
///
/// Advances are in the unit the width is in, already scaled, and never negative: ``CellMeasure``
/// is the terminal cell model (whole cells), ``ShapedMeasure`` a shaped text's advances times its
/// text scale (any `Double`, such as points).
protocol LineMeasure {
    /// Whether every advance is a whole number, so that widths summed in any order are equal:
    /// the fitter then measures a line cluster by cluster only up to where it overflows and
    /// places the pieces before that together, else it measures and places every piece between
    /// two opportunities in turn.
    var hasWholeAdvances: Bool { get }

    /// The end of the grapheme cluster starting at `start` (a cluster boundary before the text's
    /// end), its advance, and whether it is a hard line break.
    mutating func cluster(at start: Int) -> (end: Int, advance: Double, isHardBreak: Bool)

    /// Whether a cluster boundary lies at `offset` (after the text's start, before its end), when
    /// that is known without walking the clusters before it; `nil` when it is not.
    func knownBoundary(at offset: Int) -> Bool?

    /// Whether the cluster `start..<end` hangs past a line's end (white space, but no-break
    /// spaces) rather than causing a break.
    mutating func hangs(_ start: Int, _ end: Int) -> Bool
}

/// What a text's lines are fitted with: a width, a font model and a text scale (the part of a
/// ``PageLayout`` each element is laid out by).
///
/// `Sendable`: values and a `Sendable` font model.
struct LineSettings: Sendable {
    /// The width lines are fitted to, in the font model's unit.
    var width: Double
    /// The font model.
    var metrics: any FontMetrics
    /// The factor applied to every advance and to the line height.
    var textScale: Double

    /// Settings of `width` in terminal cells at text scale 1 (the default font model).
    init(width: Double, metrics: any FontMetrics = CellMetrics(), textScale: Double = 1) {
        self.width = width
        self.metrics = metrics
        self.textScale = textScale
    }

    /// Whether lines are fitted in whole terminal cells at text scale 1, which is found without
    /// shaping (``LinePass``).
    var usesCells: Bool { metrics is CellMetrics && textScale == 1 }

    /// Whether `other` fits lines the same way: the same width and text scale, and the same
    /// font model (see ``FontMetricsIdentity``).
    func isSame(as other: LineSettings) -> Bool {
        width == other.width && textScale == other.textScale
            && FontMetricsIdentity(metrics) == FontMetricsIdentity(other.metrics)
    }
}

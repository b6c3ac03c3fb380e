/// A shaped text as the line fitter measures it: ``TextShaping``'s clusters, their advances
/// times a text scale (fractional in general, so measured piece by piece) and whether each
/// hangs.
///
/// Not `Sendable`: a value used for one computation.
struct ShapedMeasure: LineMeasure {
    /// ``TextShaping/boundaries``, ``TextShaping/advances`` and ``TextShaping/hangs``, at hand.
    private let storage: TextStorage
    private let boundaries: [Int32]
    private let advances: [Double]
    private let hanging: [Bool]
    let scale: Double
    /// The index of the cluster asked for next, most likely (clusters are mostly walked in order).
    private var next = 0

    /// `shaping`'s clusters, their advances multiplied by `scale`.
    init(_ shaping: TextShaping, scale: Double) {
        storage = shaping.storage
        boundaries = shaping.boundaries
        advances = shaping.advances
        hanging = shaping.hangs
        self.scale = scale
    }

    /// Advances times a scale are taken as fractional.
    var hasWholeAdvances: Bool { false }

    mutating func cluster(at start: Int) -> (end: Int, advance: Double, isHardBreak: Bool) {
        let index = self.index(of: start)
        next = index + 1
        return (Int(boundaries[index + 1]), advances[index] * scale, UnicodeClasses.isLineSeparator(storage[start]))
    }

    func knownBoundary(at offset: Int) -> Bool? {
        Int(boundaries[TextShaping.clusterIndex(startingAtOrBefore: offset, in: boundaries)]) == offset
    }

    mutating func hangs(_ start: Int, _ end: Int) -> Bool {
        hanging[index(of: start)]
    }

    /// The index of the cluster starting at `start`.
    @inline(__always)
    private func index(of start: Int) -> Int {
        if next < advances.count, Int(boundaries[next]) == start { return next }
        if next > 0, Int(boundaries[next - 1]) == start { return next - 1 }
        return TextShaping.clusterIndex(startingAtOrBefore: start, in: boundaries)
    }
}

extension TextShaping {
    /// The text's lines fitted to `width` with advances times `scale`, at the break
    /// opportunities the shaping found, each with its hard break, top to bottom (at least one).
    ///
    /// - Complexity: O(n) in the text's length.
    func lines(width: Double, scale: Double) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        storage.withUTF16 { units in
            withoutActuallyEscaping({ lines.append($0) }) { lineEnded in
                var fitter = LineFitter(
                    units: units, measure: ShapedMeasure(self, scale: scale), locale: locale, width: width,
                    usesLocalRules: false, opportunities: ICUOpportunities(list: opportunityOffsets),
                    lineEnded: lineEnded)
                _ = fitter.fit()
            }
        }
        return lines
    }
}

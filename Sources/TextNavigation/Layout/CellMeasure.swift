/// The terminal cell model (``CellMetrics`` at text scale 1) as the line fitter measures a text
/// with it, straight from the text's UTF-16 code units: clusters found as they are walked
/// (``CharacterBoundaries``, deciding between simple units without ICU when allowed), advances in
/// whole cells from a table for one-unit clusters.
///
/// Not `Sendable`: a value used for one computation.
struct CellMeasure: LineMeasure {
    let units: UnsafeBufferPointer<UInt16>
    let storage: TextStorage
    /// The locale id grapheme clusters are found with.
    let locale: String
    /// Whether cluster boundaries between simple units are decided without ICU
    /// (``FastPaths/characters``).
    let scansCharacters: Bool
    private var characters: CharacterBoundaries?
    /// ``CharacterBoundaries/simpleUnits`` and ``CellMetrics/singleUnitAdvances``, at hand.
    private let simpleUnits = CharacterBoundaries.simpleUnits.entries
    private let advances = CellMetrics.singleUnitAdvances.entries
    /// ``cellInfo`` (``cellInfoWithoutScans`` without `scansCharacters`), at hand.
    private let cellInfo: UnsafeBufferPointer<UInt8>

    /// Per BMP code unit, what measuring a cluster of it needs in one look-up: whether it is
    /// simple (a cluster boundary lies between two simple units, but inside CR LF:
    /// ``CharacterBoundaries``), whether it is a hard line break, and its cells alone.
    private static let cellInfo = CodeUnitTable(
        (0..<0x1_0000).map { unit -> UInt8 in
            let code = UInt16(unit)
            var info = UInt8(CellMetrics.advance(ofUnit: code)) & cellMask
            if CharacterBoundaries.withSimpleUnits({ CharacterBoundaries.isSimple(code, $0) }) { info |= simple }
            if UnicodeClasses.isLineSeparator(code) { info |= hardBreak }
            return info
        })
    /// ``cellInfo`` with no unit simple: every cluster boundary is asked of ICU.
    private static let cellInfoWithoutScans = CodeUnitTable(Array(cellInfo.entries).map { $0 & ~simple })
    private static var simple: UInt8 { 0x80 }
    private static var hardBreak: UInt8 { 0x40 }
    private static var cellMask: UInt8 { 0x03 }

    init(units: UnsafeBufferPointer<UInt16>, storage: TextStorage, locale: String, scansCharacters: Bool) {
        self.units = units
        self.storage = storage
        self.locale = locale
        self.scansCharacters = scansCharacters
        cellInfo = scansCharacters ? Self.cellInfo.entries : Self.cellInfoWithoutScans.entries
    }

    /// Cells are whole.
    var hasWholeAdvances: Bool { true }

    @inline(__always)
    mutating func cluster(at start: Int) -> (end: Int, advance: Double, isHardBreak: Bool) {
        let unit = units[start]
        let info = cellInfo[Int(unit)]
        if info & Self.simple != 0,
            start + 1 == units.count || cellInfo[Int(units[start + 1])] & Self.simple != 0,
            unit != 0x0D
        {
            // A cluster of one unit (simple units part, but CR LF): its cells from the table.
            return (start + 1, Double(info & Self.cellMask), info & Self.hardBreak != 0)
        }
        let end = clusterEnd(start)
        return (end, advance(start, end), info & Self.hardBreak != 0)
    }

    func knownBoundary(at offset: Int) -> Bool? {
        guard scansCharacters else { return nil }
        return CharacterBoundaries.fastBoundary(units[offset - 1], units[offset], simpleUnits)
    }

    /// As ``TextShaping`` decides it.
    @inline(__always)
    func hangs(_ start: Int, _ end: Int) -> Bool {
        guard end == start + 1 else { return TextShaping.hangs(start..<end, storage) }
        let unit = units[start]
        return UnicodeClasses.isWhiteSpace(unit) && unit != 0xA0 && unit != 0x2007 && unit != 0x202F
    }

    /// The end of the grapheme cluster starting at `start`.
    @inline(__always)
    private mutating func clusterEnd(_ start: Int) -> Int {
        let next = start + 1
        guard next < units.count else { return units.count }
        if scansCharacters, let fast = CharacterBoundaries.fastBoundary(units[start], units[next], simpleUnits) {
            return fast ? next : next + 1  // not a boundary only inside CR LF
        }
        if characters == nil {
            characters = CharacterBoundaries(storage: storage, locale: locale, scans: scansCharacters)
        }
        return characters!.boundary(after: start) ?? units.count
    }

    /// The advance of the cluster `start..<end`, as ``CellMetrics`` gives it.
    @inline(__always)
    private func advance(_ start: Int, _ end: Int) -> Double {
        if end == start + 1, !UTF16.isSurrogate(units[start]) {
            return CellMetrics.advance(ofUnit: units[start], advances)
        }
        return CellMetrics().advance(of: start..<end, in: storage)
    }
}

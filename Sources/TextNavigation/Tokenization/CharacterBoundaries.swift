/// Extended grapheme cluster boundaries of a text: ICU's character break rules, with a fast
/// path that decides most boundaries without calling ICU.
///
/// The fast path: between two *simple* code units a boundary lies unless they are CR then LF.
/// A code unit is simple when it is a whole code point (not a surrogate) whose
/// Grapheme_Cluster_Break value is Other, Control, CR or LF: every unit below U+0300, and most
/// of the BMP's letters, kana and ideographs. No rule of UAX #29 (or ICU's tailoring of it) keeps
/// two such units together except GB3 (CR × LF): the rules that join need Extend, SpacingMark,
/// Prepend, ZWJ, a regional indicator or a Hangul jamo on one side (GB6–GB9b, GB11–GB13), and
/// the conjunct rule (GB9c) a virama before. So the pair alone decides, exactly as ICU would.
/// The set of simple units comes from ICU's own property data, once per process. Everything
/// else goes to ICU, and so does every boundary when the fast path is off (`scans`, on by
/// ``FastPaths/running``).
///
/// Not `Sendable`: it owns a stateful ICU iterator. Each tokenizer keeps one behind its lock.
final class CharacterBoundaries {
    private let storage: TextStorage
    private let locale: String
    /// Whether the pair of code units decides where it can (``FastPaths/characters``).
    private let scans: Bool
    private var iterator: ICU.BreakIterator?

    /// The boundaries of `storage` in `locale`, with the fast path when `scans`.
    init(storage: TextStorage, locale: String, scans: Bool = FastPaths.running.contains(.characters)) {
        self.storage = storage
        self.locale = locale
        self.scans = scans
    }

    /// One bit per BMP code unit: set when the unit is simple (see the type's documentation).
    static let simpleUnits = CodeUnitTable(simpleUnitBits())

    /// The bits of ``simpleUnits``, from ICU's Grapheme_Cluster_Break values.
    private static func simpleUnitBits() -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: 1024)
        for unit in 0..<0x1_0000 where !(0xD800...0xDFFF).contains(unit) {
            switch ICU.Properties.graphemeClusterBreak(UInt32(unit)) {
            case 0, 1, 2, 5: bits[unit >> 6] |= 1 << UInt64(unit & 63)  // Other, Control, CR, LF
            default: break
            }
        }
        return bits
    }

    /// Calls `body` with the table of simple units (one bit per BMP code unit), for loops
    /// that decide many pairs with ``isSimple(_:_:)``.
    static func withSimpleUnits<R>(_ body: (UnsafeBufferPointer<UInt64>) -> R) -> R {
        body(simpleUnits.entries)
    }

    /// Whether `unit` is simple, given the table of simple units.
    @inline(__always)
    static func isSimple(_ unit: UInt16, _ table: UnsafeBufferPointer<UInt64>) -> Bool {
        unit < 0x300 || table[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0
    }

    /// Whether the pair of code units is decided by the fast path, and if so whether a
    /// boundary lies between them.
    @inline(__always)
    static func fastBoundary(_ before: UInt16, _ after: UInt16) -> Bool? {
        if before < 0x300, after < 0x300 { return !(before == 0x0D && after == 0x0A) }
        return fastBoundary(before, after, simpleUnits.entries)
    }

    /// ``fastBoundary(_:_:)`` with the table of simple units at hand (``simpleUnits``).
    @inline(__always)
    static func fastBoundary(_ before: UInt16, _ after: UInt16, _ table: UnsafeBufferPointer<UInt64>) -> Bool? {
        if before < 0x300, after < 0x300 { return !(before == 0x0D && after == 0x0A) }
        return isSimple(before, table) && isSimple(after, table) ? true : nil
    }

    private func icu() -> ICU.BreakIterator? {
        if let iterator { return iterator }
        guard let made = try? ICU.BreakIterator.make(kind: .character, locale: locale),
            (try? made.setText(storage)) != nil
        else { return nil }
        iterator = made
        return made
    }

    /// Whether `offset` is a cluster boundary; `false` outside `0...count`.
    func isBoundary(_ offset: Int) -> Bool {
        let count = storage.count
        guard offset > 0, offset < count else { return offset == 0 || offset == count }
        if scans, let fast = Self.fastBoundary(storage[offset - 1], storage[offset]) { return fast }
        return icu()?.isBoundary(offset) ?? !UTF16.isTrailSurrogate(storage[offset])
    }

    /// The first boundary after `offset`, or `nil` at or past the end.
    func boundary(after offset: Int) -> Int? {
        let count = storage.count
        guard offset < count else { return nil }
        guard offset >= 0 else { return 0 }
        if offset + 1 == count { return count }
        if scans, let fast = Self.fastBoundary(storage[offset], storage[offset + 1]) {
            return fast ? offset + 1 : boundary(after: offset + 1)
        }
        guard let next = icu()?.following(offset), next != ICU.BreakIterator.done else { return count }
        return next
    }

    /// The last boundary before `offset`, or `nil` at or before the start.
    func boundary(before offset: Int) -> Int? {
        let count = storage.count
        guard offset > 0 else { return nil }
        guard offset <= count else { return count }
        if offset == 1 { return 0 }
        if scans, let fast = Self.fastBoundary(storage[offset - 2], storage[offset - 1]) {
            return fast ? offset - 1 : boundary(before: offset - 1)
        }
        // Inside a surrogate pair ICU first moves the offset back to the pair's start, then looks
        // for a boundary before *that*, so it would skip the pair's start when it is a boundary.
        if offset < count, UTF16.isTrailSurrogate(storage[offset]), UTF16.isLeadSurrogate(storage[offset - 1]),
            isBoundary(offset - 1)
        {
            return offset - 1
        }
        guard let previous = icu()?.preceding(offset), previous != ICU.BreakIterator.done else { return 0 }
        return previous
    }

    /// Calls `body` with every boundary after 0, in order.
    ///
    /// - Complexity: O(n); text made of simple units never reaches ICU.
    func forEachBoundary(_ body: (Int) -> Void) {
        let count = storage.count
        let scans = scans
        Self.withSimpleUnits { table in
            storage.withUTF16 { units in
                var offset = 0
                while offset < count {
                    let next = nextBoundary(after: offset, units, table, scans: scans)
                    body(next)
                    offset = next
                }
            }
        }
    }

    /// Every cluster of the text as units, in order.
    ///
    /// - Complexity: O(n), writing the units straight into their arrays.
    func units() -> TextUnits {
        let count = storage.count
        guard count > 0 else { return TextUnits() }
        var written = 0
        let scans = scans
        let bounds = [Int32](unsafeUninitializedCapacity: count * 2) { buffer, initialized in
            Self.withSimpleUnits { table in
                storage.withUTF16 { units in
                    var offset = 0
                    while offset < count {
                        buffer[written] = Int32(truncatingIfNeeded: offset)
                        offset = nextBoundary(after: offset, units, table, scans: scans)
                        buffer[written + 1] = Int32(truncatingIfNeeded: offset)
                        written += 2
                    }
                }
            }
            initialized = written
        }
        return TextUnits(validBounds: bounds)
    }

    /// The first boundary after `offset` (which is a boundary before the end), with the fast
    /// path when `scans` (this boundary set's, at hand in the caller's loop).
    @inline(__always)
    private func nextBoundary(
        after offset: Int, _ units: UnsafeBufferPointer<UInt16>, _ table: UnsafeBufferPointer<UInt64>, scans: Bool
    ) -> Int {
        let next = offset + 1
        guard next < units.count else { return units.count }
        let before = units[offset]
        let after = units[next]
        if scans, Self.isSimple(before, table), Self.isSimple(after, table) {
            // After CR LF comes a boundary (GB4).
            return before == 0x0D && after == 0x0A ? min(next + 1, units.count) : next
        }
        guard let found = icu()?.following(offset), found != ICU.BreakIterator.done else { return units.count }
        return found
    }
}

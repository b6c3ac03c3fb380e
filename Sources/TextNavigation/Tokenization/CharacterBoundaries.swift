/// Extended grapheme cluster boundaries of a text: ICU's character break rules, with a fast
/// path that decides most boundaries of Latin text without calling ICU.
///
/// The fast path: between two code units both below U+0300, a boundary lies unless they are CR
/// then LF. Below U+0300 every character's Grapheme_Cluster_Break value is CR, LF, Control or
/// Other (no Extend, SpacingMark, Prepend, ZWJ, regional indicator or Hangul jamo), and the
/// rules that look further back (GB9c, GB11, GB12, GB13) need one of those. So the pair alone
/// decides, exactly as UAX #29 (and ICU) would. Everything else goes to ICU.
///
/// Not `Sendable`: it owns a stateful ICU iterator. Each tokenizer keeps one behind its lock.
final class CharacterBoundaries {
    private let storage: TextStorage
    private let locale: String
    private var iterator: ICU.BreakIterator?

    init(storage: TextStorage, locale: String) {
        self.storage = storage
        self.locale = locale
    }

    /// Whether the pair of code units is decided by the fast path, and if so whether a
    /// boundary lies between them.
    @inline(__always)
    static func fastBoundary(_ before: UInt16, _ after: UInt16) -> Bool? {
        guard before < 0x300, after < 0x300 else { return nil }
        return !(before == 0x0D && after == 0x0A)
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
        if let fast = Self.fastBoundary(storage[offset - 1], storage[offset]) { return fast }
        return icu()?.isBoundary(offset) ?? !UTF16.isTrailSurrogate(storage[offset])
    }

    /// The first boundary after `offset`, or `nil` at or past the end.
    func boundary(after offset: Int) -> Int? {
        let count = storage.count
        guard offset < count else { return nil }
        guard offset >= 0 else { return 0 }
        if offset + 1 == count { return count }
        if let fast = Self.fastBoundary(storage[offset], storage[offset + 1]) {
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
        if let fast = Self.fastBoundary(storage[offset - 2], storage[offset - 1]) {
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
    /// - Complexity: O(n); Latin text rarely reaches ICU.
    func forEachBoundary(_ body: (Int) -> Void) {
        let count = storage.count
        var offset = 0
        storage.withUTF16 { units in
            while offset < count {
                let next: Int
                if offset + 1 < count, let fast = Self.fastBoundary(units[offset], units[offset + 1]), fast {
                    next = offset + 1
                } else if offset + 1 == count {
                    next = count
                } else {
                    next = boundary(after: offset) ?? count
                }
                body(next)
                offset = next
            }
        }
    }
}

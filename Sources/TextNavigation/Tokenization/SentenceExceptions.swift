/// The abbreviations after which ICU's sentence iterator holds a break back (`ss=standard`:
/// "Mr.", "e.g.", …, from ICU's data for the locale), and a test of whether a break could be
/// held back at an offset, so that ``SimpleSentences`` asks ICU only there.
///
/// ICU's filter (`SimpleFilteredSentenceBreakIterator`) matches its abbreviations backwards
/// from the break, after one space before it if there is one, and holds the break back only
/// when one of them (or, for one with several full stops, its part up to the first) ends right
/// there. ``mayHoldBack(_:at:)`` answers `true` whenever any of those strings, or any part of
/// one up to a full stop, ends there: a superset, so a `false` is certain and a `true` means
/// "ask ICU".
///
/// `Sendable`: immutable once made.
struct SentenceExceptions: Sendable {
    /// A trie of the strings read backwards: node 0 is the root; each node's children by code
    /// unit, and whether a string ends there.
    private var children: [[UInt16: Int32]] = [[:]]
    private var ends: [Bool] = [false]
    /// The longest string.
    private var longest = 0

    /// The abbreviations of ICU's data for `locale` (keywords ignored); none for a locale
    /// without any (Japanese, Chinese, Arabic, …), and none when ICU cannot read its data
    /// (sentences then break after ICU's abbreviations where the scan decides alone).
    init(locale: ICU.Locale) {
        self.init(strings: (try? locale.sentenceBreakExceptions()) ?? [])
    }

    /// The exceptions `strings`.
    init(strings: [[UInt16]]) {
        for string in strings {
            insert(string)
            // The part up to each full stop but the last, which ICU matches too when another
            // string has it.
            for (index, unit) in string.enumerated() where unit == 0x2E && index + 1 < string.count {
                insert(Array(string[...index]))
            }
        }
    }

    /// Whether there are no exceptions: ICU never holds a break back.
    var isEmpty: Bool { longest == 0 }

    /// Whether ICU might hold back a sentence break at `offset` of `units` (see the type's
    /// documentation): `false` for certain, `true` when ICU must be asked.
    func mayHoldBack(_ units: UnsafeBufferPointer<UInt16>, at offset: Int) -> Bool {
        guard !isEmpty, offset > 0, offset <= units.count else { return false }
        var position = units[offset - 1] == 0x20 ? offset - 1 : offset
        var node = 0
        let limit = max(0, position - longest)
        while position > limit {
            position -= 1
            guard let next = children[node][units[position]] else { return false }
            node = Int(next)
            if ends[node] { return true }
        }
        return false
    }

    private mutating func insert(_ string: [UInt16]) {
        guard !string.isEmpty else { return }
        var node = 0
        for unit in string.reversed() {
            if let next = children[node][unit] {
                node = Int(next)
            } else {
                children.append([:])
                ends.append(false)
                children[node][unit] = Int32(children.count - 1)
                node = children.count - 1
            }
        }
        ends[node] = true
        longest = max(longest, string.count)
    }
}

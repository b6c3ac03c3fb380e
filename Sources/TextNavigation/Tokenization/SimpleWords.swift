/// ICU's word segments of a text found by a scan of its characters, without ICU: the segments
/// whose rule status is not "none" (``UnitBuilder/wordNoneLimit`` and up), for a text made
/// only of characters whose word breaks follow from their Word_Break class alone.
///
/// The characters taken (2,046 code units, ``handledRanges`` filtered by class): the BMP blocks
/// Basic Latin to Cyrillic Supplement (U+0000–U+052F), Arabic (U+0600–U+06FF), Latin Extended
/// Additional (U+1E00–U+1EFF), General Punctuation to Currency Symbols (U+2000–U+20CF), and
/// U+FEFF, each only when its class (as ICU 72's word rules define it) is one of:
/// - letters (ALetter) and digits (Numeric), which join each other (WB5, WB8–WB10);
/// - MidLetter, MidNum, MidNumLet and Single_Quote, which join letters to letters (WB6, WB7) or
///   digits to digits (WB11, WB12) when alone between them (MidNumLet and Single_Quote both);
/// - ExtendNumLet (`_`, U+202F, U+203F, …), which joins letters, digits and itself (WB13a,
///   WB13b);
/// - Extend and Format, which join whatever comes before them (WB4);
/// - anything else is a gap: WSegSpace (WB3d joins spaces, but only into gaps), Double_Quote
///   (which joins only Hebrew letters, WB7b/c), Other (`-`, `—`, `“`, tabs, U+00A0, …; `©` and
///   the other pictographs too, which only a ZWJ before them joins, WB3c), and Newline (VT, FF,
///   NEL, U+2028, U+2029: breaks on both sides, WB3a, WB3b, and no Extend or Format joins it,
///   as none joins the start of the text), so that paragraphs one U+2029 apart are scanned as
///   one text.
///
/// Left to ICU: CR and LF (WB3, WB3a, WB3b), ZWJ (WB3c), surrogates (every
/// character outside the BMP), and every block not listed, so Hebrew letters, regional
/// indicators, emoji, and the kana, ideographs and scripts that ICU's dictionaries segment.
///
/// Found by checking against ICU's iterator, where ICU 72 parts from UAX #29 and the Word_Break
/// property, and what its rule statuses are:
/// - `@` is a letter (CLDR-15767, so that an e-mail address stays one word) and `:` is no
///   MidLetter (it joins letters in Finnish and Swedish only; see ``applies(toLocale:)``);
/// - a segment is a word (status 100 or 200) when it holds a letter or a digit, save for the
///   ExtendNumLet cases below; spaces and punctuation have status 0, and so has a run of Extend
///   and Format characters at the start of the text, a segment of its own (WB4 does not apply
///   after sot);
/// - a segment whose last letter, digit or ExtendNumLet is an ExtendNumLet followed by Extend or
///   Format characters (`a_\u{301}`) has status 0, so it is no word (ICU's rule chaining ends it
///   in the WB4 rule, which has no status); a lone ExtendNumLet (`_`) has status 0 too, but two
///   or more (`__`) make a word (status 200) though they hold no letter.
///
/// The tests check every result against ICU's iterator over the bundled books, the Unicode word
/// break test strings, every taken code unit in context, and random text.
enum SimpleWords {
    /// How the scan treats a code unit: the classes of the word rules it distinguishes. Letters,
    /// digits and ExtendNumLet are the only classes a word starts with, and the highest.
    private enum Class {
        /// Not taken: a text holding it is left to ICU.
        static var rejected: UInt8 { 0 }
        /// A gap: spaces, punctuation, symbols, controls.
        static var other: UInt8 { 1 }
        /// Extend or Format: joins what comes before it (WB4).
        static var ignorable: UInt8 { 2 }
        /// MidLetter: joins letters (WB6, WB7).
        static var midLetter: UInt8 { 3 }
        /// MidNum: joins digits (WB11, WB12).
        static var midNum: UInt8 { 4 }
        /// MidNumLet or Single_Quote: joins letters, or digits.
        static var midNumLet: UInt8 { 5 }
        /// ALetter.
        static var letter: UInt8 { 6 }
        /// Numeric.
        static var digit: UInt8 { 7 }
        /// ExtendNumLet: joins letters, digits and itself (WB13a, WB13b).
        static var connector: UInt8 { 8 }
    }

    /// The blocks whose code units are taken when their class is one of ``Class``'s.
    private static let handledRanges: [ClosedRange<UInt16>] = [
        0x0000...0x052F, 0x0600...0x06FF, 0x1E00...0x1EFF, 0x2000...0x20CF, 0xFEFF...0xFEFF,
    ]

    /// The ``Class`` of every BMP code unit.
    private static let classes = CodeUnitTable(classValues())

    /// The values of ``classes``: ICU's Word_Break property (`UWordBreakValues`), as ICU 72's
    /// word rules (`word.txt`) amend it, for the units of ``handledRanges``.
    private static func classValues() -> [UInt8] {
        var values = [UInt8](repeating: Class.rejected, count: 0x1_0000)
        for range in handledRanges {
            for unit in range { values[Int(unit)] = wordClass(of: unit) }
        }
        return values
    }

    /// The ``Class`` of one BMP code unit (not a surrogate).
    private static func wordClass(of unit: UInt16) -> UInt8 {
        switch unit {
        case 0x3A: return Class.other  // `$MidLetter` leaves out `:` (U+FE55 and U+FF1A too).
        case 0x40: return Class.letter  // `$ALetter` takes in `@`.
        default: break
        }
        switch ICU.Properties.wordBreak(UInt32(unit)) {
        case 0, 12, 16, 22: return Class.other  // Other, Newline, Double_Quote, WSegSpace
        case 1: return Class.letter  // ALetter
        case 2, 9: return Class.ignorable  // Format, Extend
        case 4: return Class.midLetter  // MidLetter
        case 5: return Class.midNum  // MidNum
        case 6: return Class.digit  // Numeric
        case 7: return Class.connector  // ExtendNumLet
        case 11, 15: return Class.midNumLet  // MidNumLet, Single_Quote
        default: return Class.rejected  // CR, LF, ZWJ, Katakana, Hebrew_Letter, …
        }
    }

    /// How many segments are handed over at a time, at most.
    private static let batchSize = 1024

    /// Whether ICU's word iterator for `locale` (an ICU locale id, as ``ICU/Locale/canonical(_:)``
    /// gives it) segments the characters taken by the root rules, as ``segments(of:_:)`` does:
    /// every locale of ICU 72 but Finnish and Swedish (whose `:` joins letters, as in UAX #29) and
    /// `en_US_POSIX` (whose `.` does not).
    ///
    /// With the standard library alone: `String.contains(_:)` with a string argument is
    /// Foundation's, and brought about 200 KB of Foundation's pages into a read-all's memory.
    static func applies(toLocale locale: String) -> Bool {
        let language = locale.prefix { $0 != "_" && $0 != "-" && $0 != "@" }.lowercased()
        let upper = Array(locale.uppercased().utf8)
        let posix = Array("POSIX".utf8)
        let hasPOSIX = upper.indices.contains { upper[$0...].starts(with: posix) }
        return language != "fi" && language != "sv" && !hasPOSIX
    }

    /// Calls `body` with ICU's word segments of `units` (a whole text: its start and end are
    /// boundaries) whose rule status is not "none", in batches of at most 1,024, in order, as
    /// starts and ends in UTF-16 offsets, and returns `true`; returns `false`, without calling
    /// `body`, when the text holds a code unit the scan does not take (see the type's
    /// documentation) or is longer than `Int32.max`. `body` may rewrite each batch in place.
    ///
    /// The segments are those of ICU's word iterator for a locale that
    /// ``applies(toLocale:)``.
    ///
    /// - Complexity: O(n), one table look-up per code unit; a scratch buffer of 4 bytes per code
    ///   unit holds the segments until the whole text has been seen.
    static func segments(
        of units: UnsafeBufferPointer<UInt16>,
        _ body: (UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<Int32>) -> Void
    ) -> Bool {
        guard units.count <= Int(Int32.max) else { return false }
        guard let text = units.baseAddress, let table = classes.entries.baseAddress else { return true }
        // Two words are at least one unit apart (letters, digits and ExtendNumLet join
        // whatever of them follows), so a text holds at most (count + 1) / 2 of them.
        let capacity = units.count / 2 + 1
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity * 2) { scratch in
            guard let starts = scratch.baseAddress else { return false }
            let ends = starts + capacity
            guard let found = scan(text, count: units.count, table, starts: starts, ends: ends, capacity: capacity)
            else { return false }
            var batchStart = 0
            while batchStart < found {
                let batchCount = min(batchSize, found - batchStart)
                body(
                    UnsafeMutableBufferPointer(start: starts + batchStart, count: batchCount),
                    UnsafeMutableBufferPointer(start: ends + batchStart, count: batchCount))
                batchStart += batchCount
            }
            return true
        }
    }

    /// Finds the words of the `count` units at `text` with the class table `table`, writing
    /// them to `starts` and `ends` (room for `capacity`); returns how many, or `nil` when a unit
    /// is not taken.
    @inline(__always)
    private static func scan(
        _ text: UnsafePointer<UInt16>, count: Int, _ table: UnsafePointer<UInt8>,
        starts: UnsafeMutablePointer<Int32>, ends: UnsafeMutablePointer<Int32>, capacity: Int
    ) -> Int? {
        @inline(__always) func classOf(_ offset: Int) -> UInt8 { table[Int(text[offset])] }
        var offset = 0
        var found = 0
        while true {
            // A gap, up to the next letter, digit or ExtendNumLet, with the Extend and Format
            // characters after any of its characters (WB4), or at the start of the text (where
            // WB4 does not apply, and they are a segment of their own).
            var first = Class.rejected
            while offset < count {
                first = classOf(offset)
                if first >= Class.letter { break }
                if first == Class.rejected { return nil }
                offset += 1
            }
            guard offset < count else { return found }
            // A segment: letters, digits and ExtendNumLet, with Extend and Format after any
            // (WB4) and a Mid character between two letters or two digits.
            let start = offset
            var last = first
            offset += 1
            while offset < count {
                let next = classOf(offset)
                if next >= Class.letter {
                    last = next
                } else if next != Class.ignorable {
                    guard joins(last, across: next) else { break }
                    var after = offset + 1
                    while after < count, classOf(after) == Class.ignorable { after += 1 }
                    guard after < count, classOf(after) == last else { break }
                    offset = after
                }
                offset += 1
            }
            if isWord(start..<offset, first: first, last: last, classOf) {
                guard found < capacity else { return nil }
                starts[found] = Int32(truncatingIfNeeded: start)
                ends[found] = Int32(truncatingIfNeeded: offset)
                found += 1
            }
        }
    }

    /// Whether a Mid character of class `mid` joins a letter or digit of class `last` before it
    /// to one of the same class after it (WB6, WB7, WB11, WB12).
    @inline(__always)
    private static func joins(_ last: UInt8, across mid: UInt8) -> Bool {
        switch last {
        case Class.letter: mid == Class.midLetter || mid == Class.midNumLet
        case Class.digit: mid == Class.midNum || mid == Class.midNumLet
        default: false
        }
    }

    /// Whether the segment `range` (starting with a unit of class `first`, its last letter,
    /// digit or ExtendNumLet of class `last`) has a rule status of at least 100: yes when it
    /// ends in a letter or digit; when it ends in an ExtendNumLet, only when that is not its only
    /// letter, digit or ExtendNumLet and no Extend or Format character follows it.
    @inline(__always)
    private static func isWord(
        _ range: Range<Int>, first: UInt8, last: UInt8, _ classOf: (Int) -> UInt8
    ) -> Bool {
        guard last == Class.connector else { return true }
        guard classOf(range.upperBound - 1) != Class.ignorable else { return false }
        return first != Class.connector || range.dropFirst().contains { classOf($0) != Class.ignorable }
    }
}

/// ICU's sentence segments of a text found by a scan of its characters, asking ICU only about
/// full stops after abbreviations: the sentence rules of UAX #29 (which ICU follows) break only at the end of
/// a terminator sequence or after a paragraph separator, and decide it from a few characters
/// around, but ICU also holds a break back after the locale's abbreviations (`ss=standard`:
/// "Mr. Smith"), which only ICU knows.
///
/// A terminator sequence is a sentence terminator (STerm: `!`, `?`, `。`, `！`, … or ATerm: `.`,
/// `．`, …), then closing punctuation (Close), then spaces (Sp), with another terminator after
/// the spaces continuing it (SB8a), and format and extending characters anywhere in it (SB5).
/// At its end:
/// - before a paragraph separator, no break (SB9, SB10): it comes after the separator (SB4);
/// - before SContinue (`,`, `:`, `、`, …), no break (SB8a);
/// - after an STerm, a break (SB11);
/// - after an ATerm, no break before a digit (SB6: `3.5`), between letters and a capital
///   (SB7: `U.S.A`), or when a lower-case letter comes first among the letters after it (SB8:
///   `etc. and`); otherwise a break by the rules (SB11), which ICU is asked about, at that
///   offset only, when one of its abbreviations for the locale could hold it back
///   (``SentenceExceptions``).
///
/// After a paragraph separator the break is always kept (ICU matches abbreviations from before
/// a space only). A text holding a character outside the BMP is left to ICU altogether, for
/// simplicity (some are terminators or extending characters). The tests check every result
/// against ICU's iterator over the bundled books, the Unicode sentence break test strings and
/// random text.
enum SimpleSentences {
    /// ICU's Sentence_Break values (`USentenceBreak`), as the table holds them.
    private enum Class {
        static let aTerm: UInt8 = 1
        static let close: UInt8 = 2
        static let format: UInt8 = 3
        static let lower: UInt8 = 4
        static let numeric: UInt8 = 5
        static let oLetter: UInt8 = 6
        static let separator: UInt8 = 7
        static let space: UInt8 = 8
        static let sTerm: UInt8 = 9
        static let upper: UInt8 = 10
        static let carriageReturn: UInt8 = 11
        static let extend: UInt8 = 12
        static let lineFeed: UInt8 = 13
        static let sContinue: UInt8 = 14
        /// Not a Sentence_Break value: a surrogate, half of a character whose class the table
        /// does not hold (some are terminators or extending characters).
        static let surrogate: UInt8 = 15
        /// Set on the classes the scan passes over until a terminator or separator (Other,
        /// Lower, Upper, OLetter, Numeric, Close, Sp, SContinue, Extend, Format).
        static let passed: UInt8 = 0x80
        /// The class without ``passed``.
        static let value: UInt8 = 0x7F
    }

    /// The Sentence_Break value of each BMP code unit (``Class/surrogate`` for surrogates),
    /// marked ``Class/passed`` unless it is a terminator or separator.
    private static let classes = CodeUnitTable(
        (0..<0x1_0000).map { unit -> UInt8 in
            if UTF16.isSurrogate(UInt16(unit)) { return Class.surrogate }
            let value = UInt8(truncatingIfNeeded: ICU.Properties.sentenceBreak(UInt32(unit)))
            switch value {
            case Class.aTerm, Class.sTerm, Class.separator, Class.carriageReturn, Class.lineFeed: return value
            default: return value | Class.passed
            }
        })

    /// How many segments are handed over at a time.
    private static let batchSize = 256

    /// Whether ``segments(of:exceptions:isBoundary:_:)`` takes the text (it holds no
    /// surrogate) and beats ICU's pass over it: always, but where its questions could cost too
    /// much. ICU answers one by backing up to a point where its rules are sure of a break, which
    /// in a sentence may be as far back as the paragraph's start, so a text whose locale has
    /// `exceptions` and whose full stops lie in a paragraph longer than ``longestParagraph`` is
    /// left to ICU's pass (such a paragraph full of "Mr." would cost its length a question).
    ///
    /// - Complexity: O(n), four code units at a time.
    static func pays(for units: UnsafeBufferPointer<UInt16>, exceptions: SentenceExceptions) -> Bool {
        let survey = survey(units)
        guard !survey.hasSurrogate else { return false }
        return exceptions.isEmpty || !survey.hasFullStop || survey.longestParagraph <= longestParagraph
    }

    /// The longest paragraph (between U+2029 separators) in which the scan asks ICU questions.
    static let longestParagraph = 4096

    /// What ``pays(for:exceptions:)`` weighs: whether the text holds a surrogate, whether it
    /// holds a full stop (U+002E) that may end a sentence, and the length of its longest stretch
    /// between paragraph separators (U+2029).
    private static func survey(_ units: UnsafeBufferPointer<UInt16>) -> (
        hasSurrogate: Bool, hasFullStop: Bool, longestParagraph: Int
    ) {
        guard let base = UnsafeRawPointer(units.baseAddress) else { return (false, false, 0) }
        let count = units.count
        var offset = 0
        var hasFullStop = false
        var paragraphStart = 0
        var longest = 0
        // A lane of four is a surrogate when its top five bits are 11011, a full stop when it
        // is 002E, a separator when it is 2029: XOR-ing those away leaves the lane zero, which
        // the borrow test below finds in all four lanes at once.
        while offset + 4 <= count {
            let lanes = base.loadUnaligned(fromByteOffset: offset << 1, as: UInt64.self)
            let surrogates = (lanes & 0xF800_F800_F800_F800) ^ 0xD800_D800_D800_D800
            let stops = lanes ^ 0x002E_002E_002E_002E
            let separators = lanes ^ 0x2029_2029_2029_2029
            // Most groups hold none of the three: one test for all.
            if zeroLanes(surrogates) | zeroLanes(stops) | zeroLanes(separators) != 0 {
                if zeroLanes(surrogates) != 0 { return (true, hasFullStop, longest) }
                for lane in 0..<4 where !hasFullStop && (stops >> UInt64(lane << 4)) & 0xFFFF == 0 {
                    hasFullStop = endsSentence(fullStopAt: offset + lane, units)
                }
                for lane in 0..<4 where (separators >> UInt64(lane << 4)) & 0xFFFF == 0 {
                    longest = max(longest, offset + lane - paragraphStart)
                    paragraphStart = offset + lane + 1
                }
            }
            offset += 4
        }
        while offset < count {
            if UTF16.isSurrogate(units[offset]) { return (true, hasFullStop, longest) }
            if !hasFullStop, units[offset] == 0x2E { hasFullStop = endsSentence(fullStopAt: offset, units) }
            if units[offset] == 0x2029 {
                longest = max(longest, offset - paragraphStart)
                paragraphStart = offset + 1
            }
            offset += 1
        }
        return (false, hasFullStop, max(longest, count - paragraphStart))
    }

    /// Whether the full stop at `offset` may well end a sentence (and ICU be asked about it):
    /// unless a letter or digit of ASCII follows it (`3.5`, `e.g`) or it ends the text.
    @inline(__always)
    private static func endsSentence(fullStopAt offset: Int, _ units: UnsafeBufferPointer<UInt16>) -> Bool {
        guard offset + 1 < units.count else { return false }
        let next = units[offset + 1] | 0x20
        return !(next >= 0x61 && next <= 0x7A) && !(units[offset + 1] >= 0x30 && units[offset + 1] <= 0x39)
    }

    /// Whether the text holds a surrogate.
    private static func containsSurrogate(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
        guard let base = UnsafeRawPointer(units.baseAddress) else { return false }
        var offset = 0
        while offset + 4 <= units.count {
            let lanes = base.loadUnaligned(fromByteOffset: offset << 1, as: UInt64.self)
            if zeroLanes((lanes & 0xF800_F800_F800_F800) ^ 0xD800_D800_D800_D800) != 0 { return true }
            offset += 4
        }
        return units[offset...].contains(where: UTF16.isSurrogate)
    }

    /// Not zero when a lane of four 16-bit lanes is zero (its top bit set in the first zero
    /// lane and maybe some above it).
    @inline(__always)
    private static func zeroLanes(_ lanes: UInt64) -> UInt64 {
        (lanes &- 0x0001_0001_0001_0001) & ~lanes & 0x8000_8000_8000_8000
    }

    /// Calls `body` with ICU's sentence segments of `units` (a whole text), in batches, every
    /// segment (from one boundary to the next, as ICU's iterator gives them), and returns `true`;
    /// returns `false`, without calling `body`, when the text holds a surrogate.
    /// `isBoundary(offset)` must answer as ICU's sentence iterator (for the same text and the
    /// locale of `exceptions`) does; it is asked only where the rules break after a full stop
    /// and `exceptions` may hold the break back.
    ///
    /// - Complexity: O(n), one table look-up per code unit, plus ICU's random access after
    ///   abbreviations.
    static func segments(
        of units: UnsafeBufferPointer<UInt16>, exceptions: SentenceExceptions, isBoundary: (Int) -> Bool,
        _ body: (UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<Int32>) -> Void
    ) -> Bool {
        guard !containsSurrogate(units) else { return false }
        segments(ofSurveyed: units, exceptions: exceptions, isBoundary: isBoundary, body)
        return true
    }

    /// ``segments(of:exceptions:isBoundary:_:)`` for a text ``pays(for:exceptions:)`` has taken,
    /// so known to hold no surrogate: not looked through for one again.
    static func segments(
        ofSurveyed units: UnsafeBufferPointer<UInt16>, exceptions: SentenceExceptions, isBoundary: (Int) -> Bool,
        _ body: (UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<Int32>) -> Void
    ) {
        let table = classes.entries
        let count = units.count
        guard count > 0, let text = units.baseAddress, let classOf = table.baseAddress else { return }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: batchSize * 2) { scratch in
            let starts = UnsafeMutableBufferPointer(rebasing: scratch[0..<batchSize])
            let ends = UnsafeMutableBufferPointer(rebasing: scratch[batchSize...])
            var pending = 0
            var segmentStart = 0
            func addBoundary(_ offset: Int) {
                starts[pending] = Int32(truncatingIfNeeded: segmentStart)
                ends[pending] = Int32(truncatingIfNeeded: offset)
                pending += 1
                segmentStart = offset
                if pending == batchSize {
                    body(starts, ends)
                    pending = 0
                }
            }
            var offset = 0
            while offset < count {
                // Letters and the like, most of the text, are passed over a unit at a time.
                while offset < count, classOf[Int(text[offset])] & Class.passed != 0 { offset += 1 }
                guard offset < count else { break }
                switch classOf[Int(text[offset])] {
                case Class.sTerm, Class.aTerm:
                    let sequence = sequenceEnd(from: offset, units, table)
                    offset = sequence.end
                    guard offset < count else { break }
                    let breaks =
                        breaks(after: sequence, units, table)
                        ?? (!exceptions.mayHoldBack(units, at: offset) || isBoundary(offset))
                    if breaks { addBoundary(offset) }
                case Class.separator, Class.lineFeed, Class.carriageReturn:
                    // SB3, SB4: a break after the separator (after CR LF as one). ICU's
                    // abbreviations never hold one back: they are matched from before a space.
                    var end = offset + 1
                    if units[offset] == 0x0D, end < count, units[end] == 0x0A { end += 1 }
                    if end < count { addBoundary(end) }
                    offset = end
                default:
                    offset += 1  // a surrogate (not taken): passed over
                }
            }
            addBoundary(count)
            if pending > 0 {
                body(
                    UnsafeMutableBufferPointer(rebasing: starts[0..<pending]),
                    UnsafeMutableBufferPointer(rebasing: ends[0..<pending]))
            }
        }
    }

    /// A terminator sequence: where it ends, where its last terminator is and which, and
    /// whether closing punctuation or spaces follow that terminator.
    private struct Sequence {
        var end: Int
        var lastTerm: Int
        var lastTermClass: UInt8
        var followed = false
    }

    /// The terminator sequence starting at `start` (a terminator): terminators, then Close, then
    /// Sp, another terminator starting over, format and extending characters taken along
    /// anywhere (SB5, SB8a, SB9, SB10). The text holds no surrogate.
    private static func sequenceEnd(
        from start: Int, _ units: UnsafeBufferPointer<UInt16>, _ table: UnsafeBufferPointer<UInt8>
    ) -> Sequence {
        let count = units.count
        var sequence = Sequence(end: start + 1, lastTerm: start, lastTermClass: table[Int(units[start])])
        /// 0 after a terminator, 1 in the Close run, 2 in the Sp run.
        var stage = 0
        while sequence.end < count {
            let value = table[Int(units[sequence.end])] & Class.value
            switch value {
            case Class.extend, Class.format:
                break
            case Class.sTerm, Class.aTerm:
                sequence.lastTerm = sequence.end
                sequence.lastTermClass = value
                sequence.followed = false
                stage = 0
            case Class.close where stage <= 1:
                stage = 1
                sequence.followed = true
            case Class.space:
                stage = 2
                sequence.followed = true
            default:
                return sequence
            }
            sequence.end += 1
        }
        return sequence
    }

    /// Whether a sentence breaks after `sequence` (which some character follows), when the rules
    /// alone tell; `nil` when only ICU can, its abbreviations aside: after a full stop where the
    /// rules break.
    private static func breaks(
        after sequence: Sequence, _ units: UnsafeBufferPointer<UInt16>, _ table: UnsafeBufferPointer<UInt8>
    ) -> Bool? {
        let next = table[Int(units[sequence.end])] & Class.value
        switch next {
        case Class.separator, Class.carriageReturn, Class.lineFeed:
            return false  // SB9, SB10: the break comes after the separator
        case Class.sContinue:
            return false  // SB8a
        default:
            break
        }
        guard sequence.lastTermClass == Class.aTerm else { return true }  // SB11
        if !sequence.followed {
            if next == Class.numeric { return false }  // SB6
            if next == Class.upper, let before = classBefore(sequence.lastTerm, units, table),
                before == Class.upper || before == Class.lower
            {
                return false  // SB7
            }
        }
        // SB8: no break when a lower-case letter comes before any other letter, terminator or
        // separator.
        var position = sequence.end
        while position < units.count {
            switch table[Int(units[position])] & Class.value {
            case Class.lower: return false
            case Class.oLetter, Class.upper, Class.separator, Class.carriageReturn, Class.lineFeed, Class.aTerm,
                Class.sTerm:
                return nil
            default:
                position += 1
            }
        }
        return nil
    }

    /// The class of the character before `offset`, format and extending characters passed over
    /// (SB5); `nil` at the start.
    private static func classBefore(
        _ offset: Int, _ units: UnsafeBufferPointer<UInt16>, _ table: UnsafeBufferPointer<UInt8>
    ) -> UInt8? {
        var position = offset
        while position > 0 {
            position -= 1
            let value = table[Int(units[position])] & Class.value
            if value != Class.extend && value != Class.format { return value }
        }
        return nil
    }

}

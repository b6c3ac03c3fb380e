/// Line break opportunities decided from the few characters around an offset, by the UAX #14
/// rules that need no wider context, so that laying out a line of common text asks ICU nothing:
/// the line breaker needs only the last opportunity before a line overflows and the first one
/// after, and ICU can only find those by iterating the text up to them (or, from a point in the
/// middle of Latin text, by backing up about a line and iterating again).
///
/// Decided (every other case, and anything next to a surrogate, a hard break, a zero width space
/// or an object replacement character, is left to ICU, as are, in Chinese, quotation marks beyond
/// ASCII, which CLDR tailors by language: Chinese takes “ and ” as opening and closing
/// punctuation):
/// - no break before a space (LB7), a combining mark (LB9), `)`, `]`, `!`, `,`, `/` and the like
///   (LB13), a quotation mark (LB19), a hyphen or a break-after character (LB21);
/// - no break after a quotation mark (LB19), inside a word of letters and digits (LB23, LB25,
///   LB28), between a full stop or comma and a letter (LB29) or between two dashes (`——`, LB17);
/// - a break after spaces before a letter, digit, ideograph, dash or quotation mark, unless an
///   opening bracket (LB14) or, before a dash, a dash (LB17) stands before the spaces (LB18);
/// - a break between ideographs (LB31), after closing punctuation before one, after a hyphen
///   between letters, and between a dash (`—`) and a letter or digit (LB31).
///
/// The rules are those of the locales without line break keywords (`lb=`, `lw=`), which
/// tailor only East Asian classes these rules leave to ICU; the tokenizer's tests check every
/// decision against ICU over the bundled books, the Unicode line break test strings and random
/// text.
enum LocalLineBreaks {
    /// ICU's Line_Break values (`ULineBreak`) the rules name.
    private enum Class {
        static var alphabetic: Int32 { 2 }  // AL
        static var breakBoth: Int32 { 3 }  // B2
        static var breakAfter: Int32 { 4 }  // BA
        static var mandatory: Int32 { 6 }  // BK
        static var contingent: Int32 { 7 }  // CB
        static var close: Int32 { 8 }  // CL
        static var combiningMark: Int32 { 9 }  // CM
        static var carriageReturn: Int32 { 10 }  // CR
        static var exclamation: Int32 { 11 }  // EX
        static var hyphen: Int32 { 13 }  // HY
        static var ideographic: Int32 { 14 }  // ID
        static var infixNumeric: Int32 { 16 }  // IS
        static var lineFeed: Int32 { 17 }  // LF
        static var numeric: Int32 { 19 }  // NU
        static var open: Int32 { 20 }  // OP
        static var quotation: Int32 { 23 }  // QU
        static var space: Int32 { 26 }  // SP
        static var symbols: Int32 { 27 }  // SY
        static var zeroWidthSpace: Int32 { 28 }  // ZW
        static var nextLine: Int32 { 29 }  // NL
        static var closeParenthesis: Int32 { 36 }  // CP
        static var zeroWidthJoiner: Int32 { 42 }  // ZWJ
    }

    /// The Line_Break value of every BMP code unit but the surrogates, from ICU, a byte each
    /// (`unknown` for a value that would not fit one, which ICU's do): built once per process, in
    /// about a millisecond, so that classifying a unit is a load rather than a lookup in ICU's
    /// property trie through a call, which for text beyond ASCII (Arabic, Cyrillic, CJK) cost
    /// about a tenth of laying its lines out.
    private static let classes = CodeUnitTable(
        (0..<0x1_0000).map { (unit: Int) -> UInt8 in
            UTF16.isSurrogate(UInt16(unit))
                ? unknown : UInt8(exactly: ICU.Properties.lineBreak(UInt32(unit))).map { min($0, unknown) } ?? unknown
        })

    /// The table's mark for a value it does not hold.
    private static let unknown: UInt8 = 0xFF

    /// Whether the locale's line breaks are those these rules follow (no `@` keywords).
    static func applies(toLocale locale: String) -> Bool {
        !locale.utf8.contains(UInt8(ascii: "@"))
    }

    /// Whether the rules decide next to quotation marks beyond ASCII (`‘`, `’`, `“`, `”`, `«`,
    /// …) in `locale` (an ICU locale id): as every Line_Break QU character, in every language
    /// but Chinese, whose CLDR tailoring takes `“` and `”` as opening and closing punctuation.
    static func decidesQuotes(inLocale locale: String) -> Bool {
        var bytes = locale.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "z"), bytes.next() == UInt8(ascii: "h") else { return true }
        let next = bytes.next()
        return !(next == nil || next == UInt8(ascii: "_") || next == UInt8(ascii: "-") || next == UInt8(ascii: "@"))
    }

    /// The Line_Break value of a code unit, or `nil` for a surrogate.
    @inline(__always)
    private static func lineBreakClass(_ unit: UInt16) -> Int32? {
        let value = classes[Int(unit)]
        if value != unknown { return Int32(value) }
        if UTF16.isSurrogate(unit) { return nil }
        return ICU.Properties.lineBreak(UInt32(unit))
    }

    /// Whether a line may end at `offset` of `units` (a whole text): `true` or `false` when
    /// the rules above decide it, `nil` when ICU must. Offsets at the text's edges are left to
    /// ICU too.
    static func isOpportunity(at offset: Int, in units: UnsafeBufferPointer<UInt16>, decidesQuotes: Bool) -> Bool? {
        guard offset > 0, offset < units.count, let before = baseClass(before: offset, in: units),
            let after = lineBreakClass(units[offset])
        else { return nil }
        switch before {
        case Class.mandatory, Class.carriageReturn, Class.lineFeed, Class.nextLine, Class.zeroWidthSpace,
            Class.contingent:
            return nil  // LB4, LB5, LB8, LB20
        case Class.quotation where !decidesQuotes && units[offset - 1] >= 0x80:
            return nil
        default:
            break
        }
        switch after {
        case Class.space:
            return false  // LB7
        case Class.quotation where !decidesQuotes && units[offset] >= 0x80:
            return nil
        case Class.quotation where before == Class.space:
            // LB18 before LB19.
            return breakAfterSpaces(before: after, at: offset, in: units, decidesQuotes: decidesQuotes)
        case Class.combiningMark, Class.zeroWidthJoiner, Class.quotation, Class.hyphen, Class.breakAfter:
            // LB9, LB19, LB21; after a space LB18 (or LB10) comes first.
            return before == Class.space ? nil : false
        case Class.close, Class.closeParenthesis, Class.exclamation, Class.infixNumeric, Class.symbols:
            // LB13 (after spaces, ICU's number rules may break before `.5`).
            return before == Class.space ? nil : false
        case Class.alphabetic, Class.numeric, Class.ideographic, Class.breakBoth:
            return opportunity(before: after, at: offset, after: before, in: units, decidesQuotes: decidesQuotes)
        case Class.open:
            return before == Class.ideographic ? true : nil  // LB31 (LB30 is for AL, HL, NU)
        default:
            return nil
        }
    }

    /// The decision before a letter, digit, ideograph or dash (`after`), `before` being the class
    /// of the code unit before `offset`.
    private static func opportunity(
        before after: Int32, at offset: Int, after before: Int32, in units: UnsafeBufferPointer<UInt16>,
        decidesQuotes: Bool
    ) -> Bool? {
        switch before {
        case Class.space:
            return breakAfterSpaces(before: after, at: offset, in: units, decidesQuotes: decidesQuotes)
        case Class.quotation:
            return false  // LB19
        case _ where after == Class.breakBoth:
            // LB17 keeps two dashes together; LB31 breaks between one and a letter or digit.
            switch before {
            case Class.breakBoth: return false
            case Class.alphabetic, Class.numeric: return true
            default: return nil
            }
        case Class.breakBoth:
            return after == Class.ideographic ? nil : true  // LB31
        case Class.alphabetic, Class.numeric:
            // LB23, LB25, LB28; a letter next to an ideograph is left to ICU.
            return after == Class.ideographic ? nil : false
        case Class.infixNumeric:
            if after == Class.alphabetic { return false }  // LB29
            return after == Class.ideographic ? true : nil
        case Class.ideographic:
            return after == Class.ideographic ? true : nil  // LB31
        case Class.close, Class.closeParenthesis, Class.exclamation, Class.symbols:
            return after == Class.ideographic ? true : nil  // LB31
        case Class.hyphen:
            // LB31 after a hyphen between letters (LB21a keeps one after a Hebrew letter, LB25
            // one before a digit).
            guard after == Class.alphabetic, offset >= 2, let first = lineBreakClass(units[offset - 2]) else {
                return nil
            }
            return first == Class.alphabetic ? true : nil
        default:
            return nil
        }
    }

    /// The decision at `offset`, after a run of spaces and before a letter, digit, ideograph,
    /// dash or quotation mark (`after`): LB18 breaks after the spaces, unless LB14 keeps an
    /// opening bracket with what follows or LB17 one dash with another.
    private static func breakAfterSpaces(
        before after: Int32, at offset: Int, in units: UnsafeBufferPointer<UInt16>, decidesQuotes: Bool
    ) -> Bool? {
        guard let start = spaceRunStart(before: offset, in: units), start > 0,
            let first = lineBreakClass(units[start - 1])
        else { return nil }
        switch first {
        case Class.open: return false
        case Class.breakBoth where after == Class.breakBoth: return false
        case Class.combiningMark, Class.zeroWidthJoiner: return nil
        case Class.quotation where !decidesQuotes && units[start - 1] >= 0x80: return nil  // maybe an opening one
        default: return true
        }
    }

    /// How far ``lastOpportunity(before:in:)`` and ``firstOpportunity(after:in:)`` look.
    private static let reach = 48

    /// The last opportunity before `offset` (0, the text's start, when there is none, as ICU
    /// answers) when the rules decide every offset between it and `offset`; `nil` when ICU
    /// must be asked.
    static func lastOpportunity(before offset: Int, in units: UnsafeBufferPointer<UInt16>, decidesQuotes: Bool) -> Int?
    {
        guard offset > 0, offset <= units.count else { return nil }
        var candidate = offset - 1
        while candidate > 0, offset - candidate <= reach {
            switch isOpportunity(at: candidate, in: units, decidesQuotes: decidesQuotes) {
            case true?: return candidate
            case false?: candidate -= 1
            case nil: return nil
            }
        }
        return candidate == 0 ? 0 : nil
    }

    /// The first opportunity after `offset` (the text's end when there is none) when the rules
    /// decide every offset between `offset` and it; `nil` when ICU must be asked.
    static func firstOpportunity(after offset: Int, in units: UnsafeBufferPointer<UInt16>, decidesQuotes: Bool) -> Int?
    {
        guard offset >= 0, offset < units.count else { return nil }
        var candidate = offset + 1
        while candidate < units.count, candidate - offset <= reach {
            switch isOpportunity(at: candidate, in: units, decidesQuotes: decidesQuotes) {
            case true?: return candidate
            case false?: candidate += 1
            case nil: return nil
            }
        }
        return candidate == units.count ? candidate : nil
    }

    /// The class of the character before `offset`, a combining mark taking its base's (LB9);
    /// `nil` for a surrogate, a zero width joiner, and a mark without a base LB9 gives it.
    @inline(__always)
    private static func baseClass(before offset: Int, in units: UnsafeBufferPointer<UInt16>) -> Int32? {
        guard let last = lineBreakClass(units[offset - 1]) else { return nil }
        guard last == Class.combiningMark else { return last == Class.zeroWidthJoiner ? nil : last }  // LB8a
        var position = offset - 1
        while position > 0, offset - position <= 16 {
            position -= 1
            guard let base = lineBreakClass(units[position]) else { return nil }
            switch base {
            case Class.combiningMark:
                continue
            case Class.mandatory, Class.carriageReturn, Class.lineFeed, Class.nextLine, Class.zeroWidthSpace,
                Class.space, Class.zeroWidthJoiner:
                return nil  // LB10 makes the mark a letter; LB8a: left to ICU
            default:
                return base
            }
        }
        return nil
    }

    /// The start of the run of spaces (U+0020, the only SP) that ends at `end`, or `nil` when the
    /// run is longer than the rules look.
    private static func spaceRunStart(before end: Int, in units: UnsafeBufferPointer<UInt16>) -> Int? {
        var start = end
        while start > 0, units[start - 1] == 0x20 {
            start -= 1
            if end - start > 64 { return nil }
        }
        return start
    }
}

import TextNavigation

/// Aozora Bunko's markup in a plain-text book, which ``ParagraphAssembler`` leaves out of the
/// text of an Aozora-style file: ruby readings `《…》`, ruby-base marks `｜` and editor notes
/// `［＃…］`, so that a reading is not read twice.
///
/// A file is Aozora-style when it carries Aozora's own markers: an editor's note `［＃` or the
/// colophon's `底本：` (looked for only in a file with a `《…》`, which validating it notes). Even there, `《…》` is a reading only when it is one: kana directly after
/// a kanji (or after an editor's note, which stands for a kanji outside JIS), or anything after
/// a base that a `｜` marks the start of. Elsewhere `《…》` is text: Chinese writes book titles
/// in it (`《易》曰`), and so may a Japanese book.
struct AozoraMarkup {
    let source: UnsafeBufferPointer<UInt8>

    private static let rubyOpen: [UInt8] = [0xE3, 0x80, 0x8A]  // 《
    private static let rubyClose: [UInt8] = [0xE3, 0x80, 0x8B]  // 》
    private static let noteOpen: [UInt8] = [0xEF, 0xBC, 0xBB, 0xEF, 0xBC, 0x83]  // ［＃
    private static let noteClose: [UInt8] = [0xEF, 0xBC, 0xBD]  // ］
    private static let colophon: [UInt8] = Array("底本：".utf8)

    /// Whether `source` from `start` on carries an editor's note `［＃` or the colophon's `底本：`.
    ///
    /// - Complexity: O(n): a pass over the bytes that looks closely only at the lead bytes of
    ///   `［` (EF) and `底` (E5).
    static func isAozoraStyle(_ source: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        let markup = AozoraMarkup(source: source)
        let count = source.count
        var index = start
        while index < count {
            let byte = source[index]
            if byte == 0xEF, markup.matches(noteOpen, at: index, limit: count) { return true }
            if byte == 0xE5, markup.matches(colophon, at: index, limit: count) { return true }
            index += 1
        }
        return false
    }

    private func matches(_ pattern: [UInt8], at index: Int, limit: Int) -> Bool {
        guard index + pattern.count <= limit else { return false }
        for (offset, byte) in pattern.enumerated() where source[index + offset] != byte { return false }
        return true
    }

    private func firstIndex(of pattern: [UInt8], from index: Int, limit: Int) -> Int? {
        var index = index
        while index + pattern.count <= limit {
            if matches(pattern, at: index, limit: limit) { return index }
            index += 1
        }
        return nil
    }

    /// The scalar whose UTF-8 starts at `index`.
    private func scalar(at index: Int) -> UInt32 { SourceScalars(source: source).scalar(at: index).value }

    /// The scalar that ends right before `index`, not before `lower`; `nil` at `lower`.
    private func scalar(before index: Int, from lower: Int) -> UInt32? {
        SourceScalars(source: source).lastScalar(in: lower..<index)
    }

    /// Whether `value` is a kanji, or one of the marks Aozora counts with them (々, 〆, 〇, ヶ).
    static func isKanji(_ value: UInt32) -> Bool {
        (0x3400...0x4DBF).contains(value) || (0x4E00...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0x20000...0x3FFFF).contains(value) || (0x3005...0x3007).contains(value) || value == 0x30F6
    }

    /// Whether every scalar of `range` is kana (hiragana, katakana, their marks), and there is one.
    private func isKana(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        var index = range.lowerBound
        while index < range.upperBound {
            let value = scalar(at: index)
            let isKana =
                (0x3041...0x309F).contains(value) || (0x30A0...0x30FF).contains(value)
                || (0x31F0...0x31FF).contains(value)
            guard isKana else { return false }
            index += 3  // every kana takes three bytes
        }
        return true
    }

    /// A mark that ``forEachTextRun(in:_:marks:)`` leaves out and reports.
    enum Mark {
        /// A ruby-base mark `｜`: the base of the next reading starts here.
        case rubyBase
        /// A ruby reading: the bytes between `《` and `》`.
        case rubyReading(Range<Int>)
    }

    /// Calls `body` with each non-empty byte range of `range` (one line) that is text, and the
    /// UTF-16 units it takes: without ruby readings, the ruby-base marks `｜` that a reading
    /// follows on the line, and editor notes `［＃…］` (an unclosed bracket is kept as text). Steps a
    /// scalar at a time; every mark starts with E3 (《) or EF (｜, ［), so only those scalars are
    /// looked at closely.
    /// `marks` hears of each ruby reading and base mark left out, in order with the text.
    func forEachTextRun(in range: Range<Int>, _ body: (Range<Int>, Int) -> Void, marks: (Mark) -> Void = { _ in }) {
        var runStart = range.lowerBound
        var runUnits = 0
        var index = range.lowerBound
        let limit = range.upperBound
        var state = LineState()
        while index < limit {
            let byte = source[index]
            if byte < 0x80 {
                index += 1
                runUnits += 1
                continue
            }
            guard byte == 0xE3 || byte == 0xEF else {
                let length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                index += length
                runUnits += length == 4 ? 2 : 1
                continue
            }
            if let (skipTo, mark) = markup(at: index, in: range, state: &state) {
                if runStart < index { body(runStart..<index, runUnits) }
                if let mark { marks(mark) }
                index = skipTo
                runStart = skipTo
                runUnits = 0
            } else {
                index += 3
                runUnits += 1
            }
        }
        if runStart < limit { body(runStart..<limit, runUnits) }
    }

    /// What ``markup(at:in:state:)`` remembers along a line.
    private struct LineState {
        /// Where the reading that a `｜` marked the base of opens.
        var markedReading: Int?
        /// Where the last editor's note ended.
        var noteEnd: Int?
    }

    /// The markup starting with the three-byte scalar at `index` of `line` (its lead byte E3 or
    /// EF): where the text goes on after it, and the mark to report (`nil` for an editor's
    /// note); `nil` when the scalar is text.
    @inline(__always)
    private func markup(at index: Int, in line: Range<Int>, state: inout LineState) -> (Int, Mark?)? {
        // A three-byte scalar (the text is valid UTF-8, and `line` ends on a scalar).
        let byte = source[index]
        let second = source[index + 1]
        let third = source[index + 2]
        let limit = line.upperBound
        if byte == 0xE3, second == 0x80, third == 0x8A {
            if let close = firstIndex(of: Self.rubyClose, from: index + 3, limit: limit),
                index == state.markedReading || index == state.noteEnd
                    || (scalar(before: index, from: line.lowerBound).map(Self.isKanji) ?? false
                        && isKana(index + 3..<close))
            {
                return (close + 3, .rubyReading(index + 3..<close))
            }
        } else if byte == 0xEF, second == 0xBD, third == 0x9C {
            // A base mark when a base and a reading follow on the line.
            if let open = firstIndex(of: Self.rubyOpen, from: index + 3, limit: limit), open > index + 3,
                firstIndex(of: Self.rubyClose, from: open + 3, limit: limit) != nil
            {
                state.markedReading = open
                return (index + 3, .rubyBase)
            }
        } else if byte == 0xEF, second == 0xBC, third == 0xBB, matches(Self.noteOpen, at: index, limit: limit) {
            let end = firstIndex(of: Self.noteClose, from: index + 6, limit: limit).map { $0 + 3 }
            state.noteEnd = end
            return end.map { ($0, nil) }
        }
        return nil
    }

    /// Where the kanji just before `end` in `text` start (not before `start`): the base of an
    /// Aozora ruby reading that has no `｜` mark (a supplementary kanji counts by its surrogates).
    static func kanjiRunStart(before end: Int, from start: Int, in text: UnsafeMutableBufferPointer<UInt16>) -> Int {
        var index = end
        while index > start {
            let unit = text[index - 1]
            guard isKanji(UInt32(unit)) || (0xD800...0xDFFF).contains(unit) else { break }
            index -= 1
        }
        return index
    }
}

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
        // Where the reading that a `｜` marked the base of opens, and where the last note ended.
        var markedReading: Int?
        var noteEnd: Int?
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
            // A three-byte scalar (the text is valid UTF-8, and `range` ends on a scalar).
            let second = source[index + 1]
            let third = source[index + 2]
            var skipTo: Int?
            var mark: Mark?
            if byte == 0xE3, second == 0x80, third == 0x8A {
                if let close = firstIndex(of: Self.rubyClose, from: index + 3, limit: limit),
                    index == markedReading || index == noteEnd
                        || (scalar(before: index, from: range.lowerBound).map(Self.isKanji) ?? false
                            && isKana(index + 3..<close))
                {
                    skipTo = close + 3
                    mark = .rubyReading(index + 3..<close)
                }
            } else if byte == 0xEF, second == 0xBD, third == 0x9C {
                // A base mark when a base and a reading follow on the line.
                if let open = firstIndex(of: Self.rubyOpen, from: index + 3, limit: limit), open > index + 3,
                    firstIndex(of: Self.rubyClose, from: open + 3, limit: limit) != nil
                {
                    markedReading = open
                    skipTo = index + 3
                    mark = .rubyBase
                }
            } else if byte == 0xEF, second == 0xBC, third == 0xBB, matches(Self.noteOpen, at: index, limit: limit) {
                skipTo = firstIndex(of: Self.noteClose, from: index + 6, limit: limit).map { $0 + 3 }
                noteEnd = skipTo
            }
            if let skipTo {
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
}

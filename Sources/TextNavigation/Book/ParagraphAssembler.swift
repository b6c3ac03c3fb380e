/// Turns valid UTF-8 into paragraphs in one UTF-16 buffer, applying the reading rules of
/// ``PlainTextBook`` (blank-line blocks, soft wraps, headings, form feeds).
///
/// Three passes over the bytes, none of which keeps anything per line: a sample of the first
/// lines decides whether the file is hard-wrapped; planning groups lines into paragraphs,
/// keeping each paragraph's byte span and counting the UTF-16 units and source-map anchors
/// they will take; writing then fills a buffer of exactly that many units and an anchor table
/// of exactly that many anchors. Planning and writing walk a paragraph's lines with the same
/// code (``forEachRun(of:_:)``), so the counts match what is written.
struct ParagraphAssembler {
    /// A paragraph's place in the file: from the start of its first line to the line break
    /// after its last line (form feed, LF or CR; the end of the input for the last line).
    struct Piece {
        var start: Int32
        var end: Int32
        var isHeading: Bool
        var startsPage: Bool
    }

    /// A line of the file.
    private struct Line {
        var bytes: Range<Int>
        /// The offset of the byte that ended the line (LF, CR or FF), or the end of input.
        var terminator: Int
        var endsWithFormFeed: Bool
        /// Where the next line starts (after CR LF, two bytes on).
        var next: Int
    }

    /// What a paragraph's text is made of, in order.
    private enum Run {
        /// Copied text: these bytes of the file.
        /// (With the UTF-16 units they take, when known without counting again.)
        case text(Range<Int>, units: Int?)
        /// One space standing for the soft line wrap at this byte (LF or CR).
        case softWrap(Int)
        /// An Aozora ruby-base mark `｜`: the next ruby reading's base starts here. No text.
        case rubyBase
        /// An Aozora ruby reading `《…》` (these bytes, inside the brackets) for the text before
        /// it. No text.
        case rubyReading(Range<Int>)
    }

    /// The assembled book.
    struct Result {
        var buffer: UTF16Buffer
        var isHardWrapped: Bool
        var paragraphs: [PlainTextBook.Paragraph]
    }

    let source: UnsafeBufferPointer<UInt8>
    let start: Int
    /// Whether to leave out Aozora Bunko markup (ruby readings, ruby-base marks, editor notes).
    let dropsAozoraMarkup: Bool
    /// The mapped file `source` comes from, whose passed pages each pass lets go.
    let file: MappedFile?

    init(source: UnsafeBufferPointer<UInt8>, start: Int, dropsAozoraMarkup: Bool, file: MappedFile?) {
        self.source = source
        self.start = start
        self.dropsAozoraMarkup = dropsAozoraMarkup
        self.file = file
    }

    /// What stands between two paragraphs' texts in the buffer: U+2029 PARAGRAPH SEPARATOR,
    /// after which every break rule of UAX #29 and UAX #14 breaks (WB3a, SB4, GB4, LB4), so ICU
    /// can tokenize a run of paragraphs in one pass and find each one's boundaries as if it
    /// were alone.
    static let paragraphSeparator: UInt16 = 0x2029

    /// Lines at most this wide (in cells) mark a hard-wrapped file.
    static let hardWrapWidth = 100
    /// How many non-blank lines are sampled to decide whether the file is hard-wrapped.
    static let sampleSize = 4000

    func assemble() -> Result {
        let hardWrapped = isHardWrapped()
        file?.restartPass()
        let (pieces, unitCount, anchorCount) = plan(hardWrapped: hardWrapped)
        file?.restartPass()
        var paragraphOffsets: [Int32] = []
        var byteOffsets: [Int32] = []
        paragraphOffsets.reserveCapacity(anchorCount)
        byteOffsets.reserveCapacity(anchorCount)
        // Where each paragraph's text and anchors end (both are contiguous, paragraph after
        // paragraph).
        var unitEnds: [Int32] = []
        var anchorEnds: [Int32] = []
        // The ruby readings of the paragraphs that have any, by paragraph.
        var rubies: [Int: [PlainTextBook.Paragraph.RubyAnnotation]] = [:]
        unitEnds.reserveCapacity(pieces.count)
        anchorEnds.reserveCapacity(pieces.count)
        // One paragraph separator between consecutive paragraphs, in no paragraph's range.
        let buffer = UTF16Buffer(exactCount: unitCount + max(0, pieces.count - 1)) { target in
            var out = 0
            for piece in pieces {
                if !unitEnds.isEmpty {
                    precondition(out < target.count, "the plan counted fewer units than are written")
                    target[out] = Self.paragraphSeparator
                    out += 1
                }
                let paragraphStart = out
                var rubyBaseStart: Int?
                forEachRun(of: piece) { run in
                    switch run {
                    case .rubyBase:
                        rubyBaseStart = out - paragraphStart
                    case .rubyReading(let bytes):
                        let end = out - paragraphStart
                        let start =
                            rubyBaseStart ?? Self.kanjiRunStart(before: out, from: paragraphStart, in: target)
                            - paragraphStart
                        rubyBaseStart = nil
                        if start < end {
                            let reading = String(decoding: UnsafeBufferPointer(rebasing: source[bytes]), as: UTF8.self)
                            rubies[unitEnds.count, default: []].append(
                                PlainTextBook.Paragraph.RubyAnnotation(range: start..<end, reading: reading))
                        }
                    case .softWrap(let terminator):
                        precondition(out < target.count, "the plan counted fewer units than are written")
                        paragraphOffsets.append(Int32(out - paragraphStart))
                        byteOffsets.append(~Int32(terminator))
                        target[out] = 0x20
                        out += 1
                    case .text(let bytes, _):
                        // Never write past the buffer, even if the plan's count were wrong (a
                        // run has at most one unit a byte, so the exact count is needed only
                        // near the end).
                        precondition(
                            out + bytes.count <= target.count
                                || out + UTF8Decoding.utf16Count(of: bytes, in: source) <= target.count,
                            "the plan counted fewer units than are written")
                        paragraphOffsets.append(Int32(out - paragraphStart))
                        byteOffsets.append(Int32(bytes.lowerBound))
                        out = UTF8Decoding.transcode(bytes, of: source, into: target, at: out)
                    }
                }
                unitEnds.append(Int32(out))
                anchorEnds.append(Int32(paragraphOffsets.count))
                file?.discardPages(before: Int(piece.end))
            }
            return out
        }
        file?.restartPass()
        let table = SourceMap.Table(paragraphOffsets: paragraphOffsets, byteOffsets: byteOffsets)
        var paragraphs: [PlainTextBook.Paragraph] = []
        paragraphs.reserveCapacity(pieces.count)
        var unitStart = 0
        var anchorStart = 0
        for (index, piece) in pieces.enumerated() {
            let unitEnd = Int(unitEnds[index])
            let anchorEnd = Int(anchorEnds[index])
            paragraphs.append(
                PlainTextBook.Paragraph(
                    kind: piece.isHeading ? .heading : .body,
                    text: TextStorage(buffer: buffer, range: unitStart..<unitEnd),
                    startsPage: piece.startsPage, sourceMap: SourceMap(table: table, range: anchorStart..<anchorEnd),
                    rubyAnnotations: rubies[index] ?? []))
            unitStart = unitEnd + 1  // past the separator
            anchorStart = anchorEnd
        }
        return Result(buffer: buffer, isHardWrapped: hardWrapped, paragraphs: paragraphs)
    }

    // MARK: Lines

    /// The offset of the first LF, CR or FF at or after `index` and before `limit`, or `limit`.
    @inline(__always)
    private func lineBreak(from index: Int, limit: Int) -> Int {
        var index = index
        while index < limit {
            if index + 8 <= limit {
                // Any byte below 0x0E? (LF, FF and CR are; so are tab and VT, which are looked
                // at one by one and passed over.)
                let word = UTF8Decoding.word(source, at: index)
                if (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & 0x8080_8080_8080_8080 != 0 {
                    for offset in index..<(index + 8) where Self.isLineBreak(source[offset]) { return offset }
                }
                index += 8
                continue
            }
            if Self.isLineBreak(source[index]) { return index }
            index += 1
        }
        return limit
    }

    @inline(__always)
    private static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D || byte == 0x0C }

    /// The line starting at `index` (which must be before the end of the input).
    private func line(at index: Int) -> Line {
        let count = source.count
        let end = lineBreak(from: index, limit: count)
        guard end < count else { return Line(bytes: index..<end, terminator: end, endsWithFormFeed: false, next: end) }
        let byte = source[end]
        let next = byte == 0x0D && end + 1 < count && source[end + 1] == 0x0A ? end + 2 : end + 1
        return Line(bytes: index..<end, terminator: end, endsWithFormFeed: byte == 0x0C, next: next)
    }

    /// The length of the white space (tab, space, VT, NBSP, ideographic space) starting at
    /// `index`, or 0.
    private func whiteSpaceLength(at index: Int, limit: Int) -> Int {
        let byte = source[index]
        if byte == 0x20 || byte == 0x09 || byte == 0x0B { return 1 }
        if byte == 0xC2, index + 1 < limit, source[index + 1] == 0xA0 { return 2 }
        if byte == 0xE3, index + 2 < limit, source[index + 1] == 0x80, source[index + 2] == 0x80 { return 3 }
        return 0
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        while lower < range.upperBound {
            let length = whiteSpaceLength(at: lower, limit: range.upperBound)
            if length == 0 { break }
            lower += length
        }
        var upper = range.upperBound
        while upper > lower {
            let byte = source[upper - 1]
            if byte == 0x20 || byte == 0x09 || byte == 0x0B {
                upper -= 1
            } else if byte == 0xA0, upper - 2 >= lower, source[upper - 2] == 0xC2 {
                upper -= 2
            } else if byte == 0x80, upper - 3 >= lower, source[upper - 2] == 0x80, source[upper - 3] == 0xE3 {
                upper -= 3
            } else {
                break
            }
        }
        return lower..<upper
    }

    private func isIndented(_ line: Line) -> Bool {
        !line.bytes.isEmpty && whiteSpaceLength(at: line.bytes.lowerBound, limit: line.bytes.upperBound) > 0
    }

    // MARK: Scalars and widths

    private func scalar(at index: Int) -> (value: UInt32, length: Int) {
        let lead = source[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = UInt32(lead) & (0xFF >> UInt32(length + 1))
        for next in 1..<length { value = value << 6 | UInt32(source[index + next] & 0x3F) }
        return (value, length)
    }

    private func lastScalar(in range: Range<Int>) -> UInt32? {
        guard !range.isEmpty else { return nil }
        var index = range.upperBound - 1
        while index > range.lowerBound, source[index] & 0xC0 == 0x80 { index -= 1 }
        return scalar(at: index).value
    }

    private func isWide(_ value: UInt32?) -> Bool {
        guard let value, value >= 0x1100, let scalar = Unicode.Scalar(value) else { return false }
        return ICU.Properties.isWide(scalar)
    }

    private func width(of range: Range<Int>) -> Int {
        var width = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let (value, length) = scalar(at: index)
            width += isWide(value) ? 2 : 1
            index += length
        }
        return width
    }

    /// Whether nine in ten of the first ``sampleSize`` non-blank lines are at most
    /// ``hardWrapWidth`` cells wide.
    private func isHardWrapped() -> Bool {
        var sampled = 0
        var narrow = 0
        var index = start
        while index < source.count, sampled < Self.sampleSize {
            let line = line(at: index)
            index = line.next
            let bytes = trimmed(line.bytes)
            guard !bytes.isEmpty else { continue }
            sampled += 1
            // A line of at most 100 bytes is at most 100 cells wide; wider ones are measured.
            if bytes.count <= Self.hardWrapWidth || width(of: bytes) <= Self.hardWrapWidth { narrow += 1 }
        }
        return narrow * 10 >= sampled * 9
    }

    // MARK: Headings

    /// How many bytes of `# ` marker start the line (0 when it is not a markdown heading).
    private func markdownHeadingPrefix(_ range: Range<Int>) -> Int {
        var index = range.lowerBound
        while index < range.upperBound, source[index] == 0x23, index - range.lowerBound < 6 { index += 1 }
        guard index > range.lowerBound, index < range.upperBound, source[index] == 0x20 else { return 0 }
        return index + 1 - range.lowerBound
    }

    private static let chapterWords: Set<String> = [
        "CHAPTER", "Chapter", "BOOK", "Book", "PART", "Part", "VOLUME", "Volume", "ACT", "Act", "SCENE",
        "Scene", "EPILOGUE", "Epilogue", "PROLOGUE", "Prologue",
    ]

    /// The chapter words as bytes, for ``startsWithChapterWord(_:)``.
    private static let chapterWordBytes: [[UInt8]] = chapterWords.map { Array($0.utf8) }

    /// Whether the line's first word (up to a space, without one final full stop) is one of the
    /// chapter words: a check on bytes, without allocating, that spares most lines
    /// ``isChapterLine(_:)``'s string work (a book is mostly lines that are not headings).
    private func startsWithChapterWord(_ range: Range<Int>) -> Bool {
        var end = range.lowerBound
        while end < range.upperBound, source[end] != 0x20, end - range.lowerBound <= 9 { end += 1 }
        if end > range.lowerBound, source[end - 1] == 0x2E { end -= 1 }
        let length = end - range.lowerBound
        guard length >= 3, length <= 8 else { return false }
        return Self.chapterWordBytes.contains { word in
            word.count == length && word.indices.allSatisfy { word[$0] == source[range.lowerBound + $0] }
        }
    }

    /// Whether the line reads like `CHAPTER I.`, `Chapter 12. Loomings` or `EPILOGUE`.
    private func isChapterLine(_ range: Range<Int>) -> Bool {
        guard range.count <= 80, startsWithChapterWord(range) else { return false }
        let text = String(decoding: UnsafeBufferPointer(rebasing: source[range]), as: UTF8.self)
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first else { return false }
        let keyword = first.hasSuffix(".") ? String(first.dropLast()) : String(first)
        guard Self.chapterWords.contains(keyword) else { return false }
        if keyword.lowercased() == "epilogue" || keyword.lowercased() == "prologue" { return words.count <= 4 }
        guard words.count >= 2 else { return false }
        var number = words[1]
        while let last = number.last, last == "." || last == ":" { number = number.dropLast() }
        let isRoman = !number.isEmpty && number.allSatisfy { "IVXLCDM".contains($0) }
        let isDigits = !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
        // A title may follow on the line ("Chapter 12. Loomings"); running prose may not.
        let titleStartsWell = words.count < 3 || !(words[2].first?.isLowercase ?? false)
        return (isRoman || isDigits) && titleStartsWell
    }

    /// Whether a line under a chapter line reads as its title: it does not start in lower case
    /// (as a sentence's continuation would).
    private func isTitleLine(_ range: Range<Int>) -> Bool {
        guard range.count <= 120 else { return false }
        let text = String(decoding: UnsafeBufferPointer(rebasing: source[range]), as: UTF8.self)
        return !(text.first?.isLowercase ?? true)
    }

    // MARK: Planning

    /// The consecutive lines that may become one paragraph.
    private struct Group {
        /// The first two lines (a chapter line and its title, when they are one).
        var first: Line
        var second: Line?
        var lineCount = 1
        /// Where the last line ends.
        var end: Int
        var startsBlock: Bool
        /// The last line, trimmed.
        var lastContent: Range<Int>
        /// The UTF-16 units and anchors of the lines so far as one body paragraph (what
        /// ``forEachRun(of:_:)`` gives when there is no Aozora markup to leave out).
        var units: Int
        var anchors = 1
    }

    /// Groups the lines into paragraphs; returns them with the UTF-16 units and anchors their
    /// text will take.
    private func plan(hardWrapped: Bool) -> (pieces: [Piece], units: Int, anchors: Int) {
        var pieces: [Piece] = []
        var units = 0
        var anchors = 0
        // The open group (valid while `hasGroup`; not an optional, which Swift copies whole on
        // every change).
        var group = Group(
            first: Line(bytes: 0..<0, terminator: 0, endsWithFormFeed: false, next: 0), end: 0, startsBlock: false,
            lastContent: 0..<0, units: 0)
        var hasGroup = false
        var pendingPage = false
        var atBlockStart = true

        func append(_ start: Int, _ end: Int, heading: Bool, counted: (units: Int, anchors: Int)? = nil) {
            let piece = Piece(start: Int32(start), end: Int32(end), isHeading: heading, startsPage: pendingPage)
            pendingPage = false
            pieces.append(piece)
            if let counted {
                units += counted.units
                anchors += counted.anchors
                return
            }
            forEachRun(of: piece) { run in
                switch run {
                case .rubyBase, .rubyReading:
                    break  // no text, no anchor
                case .softWrap:
                    anchors += 1
                    units += 1
                case .text(let bytes, let known):
                    anchors += 1
                    units += known ?? UTF8Decoding.utf16Count(of: bytes, in: source)
                }
            }
        }

        func flush(endsBlock: Bool) {
            guard hasGroup else { return }
            hasGroup = false
            let lines = group
            if lines.startsBlock, endsBlock, lines.lineCount <= 2, isChapterLine(trimmed(lines.first.bytes)),
                lines.second.map({ isTitleLine(trimmed($0.bytes)) }) ?? true
            {
                append(lines.first.bytes.lowerBound, lines.first.terminator, heading: true)
                if let second = lines.second { append(second.bytes.lowerBound, second.terminator, heading: true) }
            } else {
                append(
                    lines.first.bytes.lowerBound, lines.end, heading: false,
                    counted: dropsAozoraMarkup ? nil : (lines.units, lines.anchors))
            }
        }

        var index = start
        while index < source.count {
            let line = line(at: index)
            index = line.next
            let content = trimmed(line.bytes)
            if content.isEmpty {
                flush(endsBlock: true)
                atBlockStart = true
            } else if markdownHeadingPrefix(content) > 0 {
                flush(endsBlock: false)
                append(line.bytes.lowerBound, line.terminator, heading: true)
                atBlockStart = false
            } else {
                if !hardWrapped || isIndented(line) { flush(endsBlock: false) }
                // (Counted by forEachRun instead when markup is left out.)
                let units = dropsAozoraMarkup ? 0 : UTF8Decoding.utf16Count(of: content, in: source)
                if !hasGroup {
                    hasGroup = true
                    group = Group(
                        first: line, end: line.terminator, startsBlock: atBlockStart, lastContent: content, units: units
                    )
                } else {
                    if group.lineCount == 1 { group.second = line }
                    group.lineCount += 1
                    group.end = line.terminator
                    // As forEachRun: a soft wrap (one space, one anchor) unless both sides are
                    // wide, then the line's text (one anchor).
                    if !(isWide(lastScalar(in: group.lastContent)) && isWide(scalar(at: content.lowerBound).value)) {
                        group.units += 1
                        group.anchors += 1
                    }
                    group.units += units
                    group.anchors += 1
                    group.lastContent = content
                }
                atBlockStart = false
                if !hardWrapped {
                    // One line, one paragraph: it "ends its block" when a blank line or the
                    // end follows, which `isChapterLine` needs only for a lone line anyway.
                    flush(endsBlock: true)
                }
            }
            if line.endsWithFormFeed {
                flush(endsBlock: true)
                pendingPage = true
                atBlockStart = true
            }
            file?.discardPages(before: index)
        }
        flush(endsBlock: true)
        return (pieces, units, anchors)
    }

    // MARK: Writing

    /// Calls `body` with the runs of a piece's text in order: each line trimmed (a heading also
    /// without its `#` marker, Aozora markup left out when the file has it), and between two
    /// lines a soft wrap, unless both sides of it are East Asian wide characters.
    @inline(__always)
    private func forEachRun(of piece: Piece, _ body: (Run) -> Void) {
        var lineStart = Int(piece.start)
        let end = Int(piece.end)
        var previous: (content: Range<Int>, terminator: Int)?
        while true {
            let lineEnd = lineBreak(from: lineStart, limit: end)
            let content = trimmed(lineStart..<lineEnd)
            var bytes = content
            if piece.isHeading { bytes = trimmed(bytes.lowerBound + markdownHeadingPrefix(bytes)..<bytes.upperBound) }
            if let previous {
                let joinsWide = isWide(lastScalar(in: previous.content)) && isWide(scalar(at: bytes.lowerBound).value)
                if !joinsWide { body(.softWrap(previous.terminator)) }
            }
            if dropsAozoraMarkup {
                forEachTextRun(in: bytes, body)
            } else if !bytes.isEmpty {
                body(.text(bytes, units: nil))
            }
            guard lineEnd < end else { return }
            previous = (content, lineEnd)
            lineStart =
                source[lineEnd] == 0x0D && lineEnd + 1 < end && source[lineEnd + 1] == 0x0A ? lineEnd + 2 : lineEnd + 1
        }
    }

    // MARK: Aozora Bunko markup

    private static let rubyOpen: [UInt8] = [0xE3, 0x80, 0x8A]  // 《
    private static let rubyClose: [UInt8] = [0xE3, 0x80, 0x8B]  // 》
    private static let rubyBase: [UInt8] = [0xEF, 0xBD, 0x9C]  // ｜
    private static let noteOpen: [UInt8] = [0xEF, 0xBC, 0xBB, 0xEF, 0xBC, 0x83]  // ［＃
    private static let noteClose: [UInt8] = [0xEF, 0xBC, 0xBD]  // ］

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

    /// Calls `body` with each non-empty byte range of `range` that is text, and the UTF-16
    /// units it takes: without ruby readings `《…》`, ruby-base marks `｜` and editor notes
    /// `［＃…］` (an unclosed bracket is kept as text). Steps a scalar at a time; every mark
    /// starts with E3 (《) or EF (｜, ［), so only those scalars are looked at closely.
    private func forEachTextRun(in range: Range<Int>, _ body: (Run) -> Void) {
        var runStart = range.lowerBound
        var runUnits = 0
        var index = range.lowerBound
        let limit = range.upperBound
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
            var mark: Run?
            if byte == 0xE3, second == 0x80, third == 0x8A {
                let close = firstIndex(of: Self.rubyClose, from: index + 3, limit: limit)
                skipTo = close.map { $0 + 3 }
                mark = close.map { .rubyReading((index + 3)..<$0) }
            } else if byte == 0xEF, second == 0xBD, third == 0x9C {
                skipTo = index + 3
                mark = .rubyBase
            } else if byte == 0xEF, second == 0xBC, third == 0xBB, matches(Self.noteOpen, at: index, limit: limit) {
                skipTo = firstIndex(of: Self.noteClose, from: index + 6, limit: limit).map { $0 + 3 }
            }
            if let skipTo {
                if runStart < index { body(.text(runStart..<index, units: runUnits)) }
                if let mark { body(mark) }
                index = skipTo
                runStart = skipTo
                runUnits = 0
            } else {
                index += 3
                runUnits += 1
            }
        }
        if runStart < limit { body(.text(runStart..<limit, units: runUnits)) }
    }

    /// Where the kanji just before `end` in `text` start (not before `start`): the base of an
    /// Aozora ruby reading that has no `｜` mark. Kanji are CJK ideographs (any supplementary
    /// ideograph, as a surrogate pair), 々, 〆, 〇 and ヶ.
    static func kanjiRunStart(before end: Int, from start: Int, in text: UnsafeMutableBufferPointer<UInt16>) -> Int {
        var index = end
        while index > start {
            let unit = text[index - 1]
            let isKanji =
                (0x4E00...0x9FFF).contains(unit) || (0x3400...0x4DBF).contains(unit) || (0xF900...0xFAFF).contains(unit)
                || (0xD800...0xDFFF).contains(unit) || unit == 0x3005 || unit == 0x3006 || unit == 0x3007
                || unit == 0x30F6
            guard isKanji else { break }
            index -= 1
        }
        return index
    }
}

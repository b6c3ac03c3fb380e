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
    /// A paragraph's place in the file: from the start of its first line (``PlainTextBook/Paragraphs/Entry/lower``)
    /// to the line break after its last line (form feed, LF or CR; the end of the input for the
    /// last line). Writing turns each into the paragraph list's entry.
    typealias Piece = PlainTextBook.Paragraphs.Entry

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
        var paragraphs: PlainTextBook.Paragraphs
    }

    let source: UnsafeBufferPointer<UInt8>
    let start: Int
    /// Whether to leave out Aozora Bunko markup (ruby readings, ruby-base marks, editor notes).
    let dropsAozoraMarkup: Bool
    /// The file copy `source` is, whose passed pages the last pass (writing the text) lets go.
    let file: MappedFile?

    init(source: UnsafeBufferPointer<UInt8>, start: Int, dropsAozoraMarkup: Bool, file: MappedFile?) {
        self.source = source
        self.start = start
        // Only in an Aozora-style file (looked for only when the validation found a `《…》`).
        self.dropsAozoraMarkup = dropsAozoraMarkup && AozoraMarkup.isAozoraStyle(source, from: start)
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
        var (pieces, unitCount, anchorCount) = plan(hardWrapped: hardWrapped)
        file?.startLastPass()
        var anchors = SourceMap.Table.Writer(reservingFor: anchorCount)
        // The ruby readings of the paragraphs that have any, by paragraph.
        var rubies: [Int: [PlainTextBook.Paragraph.RubyAnnotation]] = [:]
        // One paragraph separator between consecutive paragraphs, in no paragraph's range.
        let buffer = UTF16Buffer(exactCount: unitCount + max(0, pieces.count - 1)) { target in
            var out = 0
            for index in pieces.indices {
                let piece = pieces[index]
                if index > 0 {
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
                            rubies[index, default: []].append(
                                PlainTextBook.Paragraph.RubyAnnotation(range: start..<end, reading: reading))
                        }
                    case .softWrap(let terminator):
                        precondition(out < target.count, "the plan counted fewer units than are written")
                        anchors.append(paragraphOffset: out - paragraphStart, byteOffset: terminator, isSoftWrap: true)
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
                        anchors.append(
                            paragraphOffset: out - paragraphStart, byteOffset: bytes.lowerBound, isSoftWrap: false)
                        out = UTF8Decoding.transcode(bytes, of: source, into: target, at: out)
                    }
                }
                // The piece becomes the list's entry: where its text and anchors end.
                anchors.endParagraph()
                pieces[index] = piece.with(out, anchors.bytes.count)
                file?.discardPages(before: piece.upper)
            }
            return out
        }
        let table = SourceMap.Table(bytes: anchors.bytes)
        return Result(
            buffer: buffer, isHardWrapped: hardWrapped,
            paragraphs: PlainTextBook.Paragraphs(
                buffer: buffer, entries: pieces, sourceMaps: table, rubyAnnotations: rubies))
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

    /// The file's bytes as scalars and widths.
    private var scalars: SourceScalars { SourceScalars(source: source) }

    // MARK: Sampling

    /// Whether the file is hard-wrapped, as the sample tells.
    private func isHardWrapped() -> Bool { sample().hardWrapped }

    /// What a sample of the file's first ``sampleSize`` non-blank lines tells: whether nine in
    /// ten are at most ``hardWrapWidth`` cells wide (the file is hard-wrapped), and the width at
    /// which those lines were wrapped (``IndentedLines/wrapWidth(widths:)``).
    private func sample() -> (hardWrapped: Bool, wrapWidth: Int) {
        var sampled = 0
        var widths = [Int](repeating: 0, count: Self.hardWrapWidth + 1)
        var index = start
        let measure = IndentedLines(scalars: scalars, wrapWidth: 0)
        while index < source.count, sampled < Self.sampleSize {
            let line = line(at: index)
            index = line.next
            let bytes = trimmed(line.bytes)
            guard !bytes.isEmpty else { continue }
            sampled += 1
            // A line of more than 100 cells counts as wide; a narrow one, by its width from the
            // line's start.
            let width = measure.indentation(of: line.bytes, content: bytes) + scalars.width(of: bytes)
            if width <= Self.hardWrapWidth { widths[width] += 1 }
        }
        let narrow = widths.reduce(0, +)
        return (narrow * 10 >= sampled * 9, IndentedLines.wrapWidth(widths: widths))
    }

    /// The heading rules over the file's bytes.
    private var headings: HeadingRules { HeadingRules(source: source) }

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
        /// The indentation of the first and the last line, in cells.
        var firstIndent: Int
        var lastIndent: Int
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
            lastContent: 0..<0, firstIndent: 0, lastIndent: 0, units: 0)
        var hasGroup = false
        let indented = IndentedLines(scalars: scalars, wrapWidth: sample().wrapWidth)
        var pendingPage = false
        var atBlockStart = true

        func append(_ start: Int, _ end: Int, heading: Bool, counted: (units: Int, anchors: Int)? = nil) {
            let piece = Piece(start, end, isHeading: heading, startsPage: pendingPage)
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
            if lines.startsBlock, endsBlock, lines.lineCount <= 2, headings.isChapterLine(trimmed(lines.first.bytes)),
                lines.second.map({ headings.isTitleLine(trimmed($0.bytes)) }) ?? true
            {
                append(lines.first.bytes.lowerBound, lines.first.terminator, heading: true)
                if let second = lines.second { append(second.bytes.lowerBound, second.terminator, heading: true) }
            } else {
                // (Counted again by forEachRun when markup or emphasis marks may be left out.)
                let start = lines.first.bytes.lowerBound
                let plain = !dropsAozoraMarkup && !EmphasisMarks(source: source).containsUnderscore(start..<lines.end)
                append(start, lines.end, heading: false, counted: plain ? (lines.units, lines.anchors) : nil)
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
            } else if headings.markdownHeadingPrefix(content) > 0 {
                flush(endsBlock: false)
                append(line.bytes.lowerBound, line.terminator, heading: true)
                atBlockStart = false
            } else {
                let indent = indented.indentation(of: line.bytes, content: content)
                // Lines without indentation go on with a paragraph that has none; otherwise
                // a line goes on with the paragraph when it continues it (IndentedLines).
                if !hardWrapped
                    || (hasGroup && (indent > 0 || group.firstIndent > 0)
                        && !indented.continues(
                            previous: group.lastContent, previousIndent: group.lastIndent, next: content,
                            nextIndent: indent))
                {
                    flush(endsBlock: false)
                }
                // (Counted by forEachRun instead when markup is left out.)
                let units = dropsAozoraMarkup ? 0 : UTF8Decoding.utf16Count(of: content, in: source)
                if !hasGroup {
                    hasGroup = true
                    group = Group(
                        first: line, end: line.terminator, startsBlock: atBlockStart, lastContent: content,
                        firstIndent: indent, lastIndent: indent, units: units)
                } else {
                    if group.lineCount == 1 { group.second = line }
                    group.lineCount += 1
                    group.end = line.terminator
                    // As forEachRun: a soft wrap (one space, one anchor) unless both sides are
                    // wide, then the line's text (one anchor).
                    if !(SourceScalars.isWide(scalars.lastScalar(in: group.lastContent))
                        && SourceScalars.isWide(scalars.scalar(at: content.lowerBound).value))
                    {
                        group.units += 1
                        group.anchors += 1
                    }
                    group.units += units
                    group.anchors += 1
                    group.lastContent = content
                    group.lastIndent = indent
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
        }
        flush(endsBlock: true)
        return (pieces, units, anchors)
    }

    // MARK: Writing

    /// Calls `body` with the runs of a piece's text in order: each line trimmed (a heading also
    /// without its `#` marker, Aozora markup left out when the file has it, emphasis marks left
    /// out), and between two lines a soft wrap, unless both sides of it are East Asian wide
    /// characters.
    @inline(__always)
    private func forEachRun(of piece: Piece, _ body: (Run) -> Void) {
        var lineStart = piece.lower
        let end = piece.upper
        var previous: (content: Range<Int>, terminator: Int)?
        let marks = EmphasisMarks(source: source).marks(in: lineStart..<end)
        var nextMark = 0
        /// Gives `body` the text of `run` without the emphasis marks in it.
        func text(_ run: Range<Int>, units: Int?) {
            var lower = run.lowerBound
            while nextMark < marks.count, marks[nextMark] < run.upperBound {
                let mark = marks[nextMark]
                nextMark += 1
                guard mark >= lower else { continue }
                if lower < mark { body(.text(lower..<mark, units: nil)) }
                lower = mark + 1
            }
            if lower < run.upperBound {
                body(.text(lower..<run.upperBound, units: lower == run.lowerBound ? units : nil))
            }
        }
        while true {
            let lineEnd = lineBreak(from: lineStart, limit: end)
            let content = trimmed(lineStart..<lineEnd)
            var bytes = content
            if piece.isHeading {
                bytes = trimmed(bytes.lowerBound + headings.markdownHeadingPrefix(bytes)..<bytes.upperBound)
            }
            if let previous {
                let joinsWide =
                    SourceScalars.isWide(scalars.lastScalar(in: previous.content))
                    && SourceScalars.isWide(scalars.scalar(at: bytes.lowerBound).value)
                if !joinsWide { body(.softWrap(previous.terminator)) }
            }
            if dropsAozoraMarkup {
                AozoraMarkup(source: source).forEachTextRun(in: bytes) { run, units in
                    text(run, units: units)
                } marks: { mark in
                    switch mark {
                    case .rubyBase: body(.rubyBase)
                    case .rubyReading(let reading): body(.rubyReading(reading))
                    }
                }
            } else if !bytes.isEmpty {
                text(bytes, units: nil)
            }
            guard lineEnd < end else { return }
            previous = (content, lineEnd)
            lineStart =
                source[lineEnd] == 0x0D && lineEnd + 1 < end && source[lineEnd + 1] == 0x0A ? lineEnd + 2 : lineEnd + 1
        }
    }

    /// Where the kanji just before `end` in `text` start (not before `start`): the base of an
    /// Aozora ruby reading that has no `｜` mark (a supplementary kanji counts by its surrogates).
    static func kanjiRunStart(before end: Int, from start: Int, in text: UnsafeMutableBufferPointer<UInt16>) -> Int {
        var index = end
        while index > start {
            let unit = text[index - 1]
            guard AozoraMarkup.isKanji(UInt32(unit)) || (0xD800...0xDFFF).contains(unit) else { break }
            index -= 1
        }
        return index
    }
}

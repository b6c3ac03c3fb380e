/// Turns valid UTF-8 lines into paragraphs in one UTF-16 buffer, applying the reading rules of
/// ``PlainTextBook`` (blank-line blocks, soft wraps, headings, form feeds).
struct ParagraphAssembler {
    /// A paragraph ready to become a ``PlainTextBook/Paragraph``.
    struct Piece {
        var kind: PlainTextBook.Paragraph.Kind
        var range: Range<Int> = 0..<0
        var startsPage: Bool
        var anchors: [SourceMap.Anchor] = []
        /// How the text is written: the source lines (trimmed byte ranges) and, for a
        /// markdown heading, how many marker bytes to drop.
        var lines: [Range<Int>]
        var terminators: [Int]
    }

    private struct Line {
        var bytes: Range<Int>
        /// The offset of the byte that ended the line (LF, CR or FF), or the end of input.
        var terminator: Int
        var endsWithFormFeed: Bool
    }

    let source: UnsafeBufferPointer<UInt8>
    let start: Int
    /// Whether to leave out Aozora Bunko markup (ruby readings, ruby-base marks, editor notes).
    let dropsAozoraMarkup: Bool

    init(source: UnsafeBufferPointer<UInt8>, start: Int) {
        self.source = source
        self.start = start
        self.dropsAozoraMarkup = Self.hasAozoraMarkup(source)
    }

    /// Lines at most this wide (in cells) mark a hard-wrapped file.
    static let hardWrapWidth = 100
    /// How many non-blank lines are sampled to decide whether the file is hard-wrapped.
    static let sampleSize = 4000

    func assemble() -> (buffer: UTF16Buffer, isHardWrapped: Bool, paragraphs: [Piece]) {
        let lines = scanLines()
        let hardWrapped = isHardWrapped(lines)
        var pieces = plan(lines, hardWrapped: hardWrapped)
        let buffer = UTF16Buffer(capacity: source.count - start + lines.count + 1) { target in
            var offset = 0
            for index in pieces.indices {
                offset = write(&pieces[index], into: target, at: offset)
            }
            return offset
        }
        return (buffer, hardWrapped, pieces)
    }

    // MARK: Lines

    private func scanLines() -> [Line] {
        var lines: [Line] = []
        lines.reserveCapacity(source.count / 40)
        var lineStart = start
        var index = start
        let count = source.count
        while index < count {
            let byte = source[index]
            if byte == 0x0A || byte == 0x0D || byte == 0x0C {
                lines.append(Line(bytes: lineStart..<index, terminator: index, endsWithFormFeed: byte == 0x0C))
                if byte == 0x0D, index + 1 < count, source[index + 1] == 0x0A { index += 1 }
                lineStart = index + 1
            }
            index += 1
        }
        if lineStart < count {
            lines.append(Line(bytes: lineStart..<count, terminator: count, endsWithFormFeed: false))
        }
        return lines
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

    private func isHardWrapped(_ lines: [Line]) -> Bool {
        var sampled = 0
        var narrow = 0
        for line in lines where sampled < Self.sampleSize {
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
    private static let chapterWordBytes: Set<[UInt8]> = Set(chapterWords.map { Array($0.utf8) })

    /// Whether the line's first word (up to a space, without one final full stop) is one of the
    /// chapter words: a check on bytes that spares most lines ``isChapterLine(_:)``'s string
    /// work (a book is mostly lines that are not headings).
    private func startsWithChapterWord(_ range: Range<Int>) -> Bool {
        var end = range.lowerBound
        while end < range.upperBound, source[end] != 0x20, end - range.lowerBound <= 9 { end += 1 }
        if end > range.lowerBound, source[end - 1] == 0x2E { end -= 1 }
        let length = end - range.lowerBound
        guard length >= 3, length <= 8 else { return false }
        return Self.chapterWordBytes.contains(Array(source[range.lowerBound..<end]))
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

    // MARK: Planning and writing

    private func plan(_ lines: [Line], hardWrapped: Bool) -> [Piece] {
        var pieces: [Piece] = []
        var group: [Line] = []
        var groupStartsBlock = true
        var pendingPage = false
        var atBlockStart = true

        func flush(endsBlock: Bool) {
            guard !group.isEmpty else { return }
            let ranges = group.map { trimmed($0.bytes) }
            let terminators = group.map(\.terminator)
            if groupStartsBlock, endsBlock, group.count <= 2, isChapterLine(ranges[0]),
                group.count == 1 || isTitleLine(ranges[1])
            {
                for (range, terminator) in zip(ranges, terminators) {
                    pieces.append(
                        Piece(kind: .heading, startsPage: pendingPage, lines: [range], terminators: [terminator]))
                    pendingPage = false
                }
            } else {
                pieces.append(Piece(kind: .body, startsPage: pendingPage, lines: ranges, terminators: terminators))
                pendingPage = false
            }
            group.removeAll(keepingCapacity: true)
        }

        for line in lines {
            let content = trimmed(line.bytes)
            if content.isEmpty {
                flush(endsBlock: true)
                atBlockStart = true
            } else if markdownHeadingPrefix(content) > 0 {
                flush(endsBlock: false)
                pieces.append(
                    Piece(kind: .heading, startsPage: pendingPage, lines: [content], terminators: [line.terminator]))
                pendingPage = false
                atBlockStart = false
            } else {
                if !hardWrapped || isIndented(line) { flush(endsBlock: false) }
                if group.isEmpty { groupStartsBlock = atBlockStart }
                group.append(line)
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
        return pieces
    }

    /// Writes a piece's text at `offset`; sets its range and anchors; returns the next offset.
    private func write(_ piece: inout Piece, into target: UnsafeMutableBufferPointer<UInt16>, at offset: Int) -> Int {
        var out = offset
        var anchors: [SourceMap.Anchor] = []
        for (index, line) in piece.lines.enumerated() {
            var bytes = line
            if piece.kind == .heading {
                bytes = trimmed(bytes.lowerBound + markdownHeadingPrefix(bytes)..<bytes.upperBound)
            }
            if index > 0 {
                let previous = piece.lines[index - 1]
                let joinsWide = isWide(lastScalar(in: previous)) && isWide(scalar(at: bytes.lowerBound).value)
                if !joinsWide {
                    anchors.append(
                        SourceMap.Anchor(
                            paragraphOffset: out - offset, byteOffset: piece.terminators[index - 1], isSoftWrap: true))
                    target[out] = 0x20
                    out += 1
                }
            }
            for run in dropsAozoraMarkup ? textRuns(bytes) : [bytes] where !run.isEmpty {
                anchors.append(
                    SourceMap.Anchor(paragraphOffset: out - offset, byteOffset: run.lowerBound, isSoftWrap: false))
                out = UTF8Decoding.transcode(UnsafeBufferPointer(rebasing: source[run]), into: target, at: out)
            }
        }
        piece.range = offset..<out
        piece.anchors = anchors
        return out
    }

    // MARK: Aozora Bunko markup

    private static let rubyOpen: [UInt8] = [0xE3, 0x80, 0x8A]  // 《
    private static let rubyClose: [UInt8] = [0xE3, 0x80, 0x8B]  // 》
    private static let rubyBase: [UInt8] = [0xEF, 0xBD, 0x9C]  // ｜
    private static let noteOpen: [UInt8] = [0xEF, 0xBC, 0xBB, 0xEF, 0xBC, 0x83]  // ［＃
    private static let noteClose: [UInt8] = [0xEF, 0xBC, 0xBD]  // ］

    /// Whether the text uses Aozora Bunko's ruby markup (`漢字《かんじ》`), so that readings are
    /// left out and not read twice.
    static func hasAozoraMarkup(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        var sawOpen = false
        var index = 0
        while index + 2 < source.count {
            if source[index] == 0xE3, source[index + 1] == 0x80 {
                if source[index + 2] == 0x8A { sawOpen = true }
                if source[index + 2] == 0x8B, sawOpen { return true }
            }
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

    /// The byte ranges of `range` that are text: without ruby readings `《…》`, ruby-base marks
    /// `｜` and editor notes `［＃…］` (an unclosed bracket is kept as text).
    private func textRuns(_ range: Range<Int>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var runStart = range.lowerBound
        var index = range.lowerBound
        let limit = range.upperBound
        while index < limit {
            var skipTo: Int?
            if matches(Self.rubyOpen, at: index, limit: limit) {
                skipTo = firstIndex(of: Self.rubyClose, from: index + 3, limit: limit).map { $0 + 3 }
            } else if matches(Self.rubyBase, at: index, limit: limit) {
                skipTo = index + 3
            } else if matches(Self.noteOpen, at: index, limit: limit) {
                skipTo = firstIndex(of: Self.noteClose, from: index + 6, limit: limit).map { $0 + 3 }
            }
            if let skipTo {
                runs.append(runStart..<index)
                index = skipTo
                runStart = skipTo
            } else {
                index += 1
            }
        }
        runs.append(runStart..<limit)
        return runs
    }
}

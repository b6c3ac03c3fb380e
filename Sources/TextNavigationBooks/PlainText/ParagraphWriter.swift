import TextNavigation

/// Writing, ``ParagraphAssembler``'s last pass: fills the book's UTF-16 buffer with the
/// planned paragraphs' text (``ParagraphAssembler/forEachRun(of:_:)``), one paragraph separator
/// between two, and records the source-map anchors and the Aozora ruby readings on the way.
struct ParagraphWriter {
    typealias Piece = ParagraphAssembler.Piece

    private let assembler: ParagraphAssembler
    /// The source map's anchors, paragraph by paragraph.
    private(set) var anchors: SourceMap.Table.Writer
    /// The ruby readings of the paragraphs that have any, by paragraph.
    private(set) var rubies = RubyTable()

    /// A writer for `assembler`'s file, whose plan counted `anchorCount` anchors.
    init(assembler: ParagraphAssembler, anchorCount: Int) {
        self.assembler = assembler
        anchors = SourceMap.Table.Writer(reservingFor: anchorCount)
    }

    /// Writes the text of `pieces`, whose emphasis marks are `marks` (the plan's), into `target`
    /// (which must hold as many units as the plan counted), turning each piece into the paragraph list's entry: where its text ends in the
    /// book's buffer (`target` starts `base` units into it) and where its anchors end. With
    /// `separatorFirst`, a paragraph separator goes before the first piece too (one stretch of
    /// the book after another). Returns the number of units written.
    mutating func write(
        _ pieces: UnsafeMutableBufferPointer<Piece>, marks: [Int], into target: UnsafeMutableBufferPointer<UInt16>,
        base: Int = 0, separatorFirst: Bool = false
    ) -> Int {
        var out = 0
        var discarded = pieces.first?.lower ?? 0
        var nextMark = 0
        for index in pieces.indices {
            let piece = pieces[index]
            if index > 0 || separatorFirst {
                precondition(out < target.count, "the plan counted fewer units than are written")
                target[out] = ParagraphAssembler.paragraphSeparator
                out += 1
            }
            let firstMark = nextMark
            while nextMark < marks.count, marks[nextMark] < piece.upper { nextMark += 1 }
            out = write(piece, number: index, marks: marks[firstMark..<nextMark], into: target, at: out)
            anchors.endParagraph()
            pieces[index] = piece.with(base + out, anchors.bytes.count)
            if let file = assembler.file, piece.upper - discarded >= MappedFile.discardStep || index == pieces.count - 1
            {
                file.discardPages(discarded..<piece.upper)
                discarded = piece.upper
            }
        }
        return out
    }

    /// Writes the text of `piece`, paragraph `number`, at `start` in `target`; returns where it
    /// ends.
    private mutating func write(
        _ piece: Piece, number: Int, marks: ArraySlice<Int>, into target: UnsafeMutableBufferPointer<UInt16>,
        at start: Int
    ) -> Int {
        let assembler = assembler
        let source = assembler.source
        var out = start
        var rubyBaseStart: Int?
        assembler.forEachRun(of: piece, marks: marks) { run in
            switch run {
            case .rubyBase:
                rubyBaseStart = out - start
            case .rubyReading(let bytes):
                let base =
                    rubyBaseStart ?? AozoraMarkup.kanjiRunStart(before: out, from: start, in: target) - start
                rubyBaseStart = nil
                addRuby(reading: bytes, baseStart: base, end: out - start, paragraph: number)
            case .softWrap(let terminator):
                precondition(out < target.count, "the plan counted fewer units than are written")
                anchors.append(paragraphOffset: out - start, byteOffset: terminator, isSoftWrap: true)
                target[out] = 0x20
                out += 1
            case .text(let bytes, _):
                // Never write past the buffer, even if the plan's count were wrong (a run has at
                // most one unit a byte, so the exact count is needed only near the end).
                precondition(
                    out + bytes.count <= target.count
                        || out + UTF8Decoding.utf16Count(of: bytes, in: source) <= target.count,
                    "the plan counted fewer units than are written")
                anchors.append(paragraphOffset: out - start, byteOffset: bytes.lowerBound, isSoftWrap: false)
                out = UTF8Decoding.transcode(bytes, of: source, into: target, at: out)
            }
        }
        return out
    }

    /// Records the ruby reading in `reading` (the bytes inside `《…》`) over paragraph
    /// `number`'s text from `baseStart` to `end`, unless that base is empty.
    private mutating func addRuby(reading: Range<Int>, baseStart: Int, end: Int, paragraph number: Int) {
        guard baseStart < end else { return }
        let text = UnsafeBufferPointer(rebasing: assembler.source[reading])
        rubies.append(paragraph: number, range: baseStart..<end, reading: text)
    }
}

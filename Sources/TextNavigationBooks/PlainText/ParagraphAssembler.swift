import TextNavigation

/// Turns valid UTF-8 into paragraphs in one UTF-16 buffer, applying the reading rules of
/// ``PlainTextBook`` (blank-line blocks, soft wraps, headings, form feeds).
///
/// Three passes over the bytes, none of which keeps anything per line: a sample of the first
/// lines decides whether the file is hard-wrapped; planning (``ParagraphPlanner``) groups lines
/// into paragraphs, keeping each paragraph's byte span and counting the UTF-16 units and
/// source-map anchors they will take; writing (``ParagraphWriter``) then fills a buffer of
/// exactly that many units and an anchor table of exactly that many anchors. Planning and
/// writing walk a paragraph's lines with the same code (``forEachRun(of:_:)``), so the counts
/// match what is written.
///
/// A large file is cut into chunks at places where no paragraph is open (``chunks(_:hardWrapped:)``),
/// planned on every core, and then written on every core, each chunk into its place in the
/// buffer; the chunks' paragraph lists and anchors are joined in order.
struct ParagraphAssembler {
    /// A paragraph's place in the file: from the start of its first line (``PlainTextBook/Paragraphs/Entry/lower``)
    /// to the line break after its last line (form feed, LF or CR; the end of the input for the
    /// last line). Writing turns each into the paragraph list's entry.
    typealias Piece = PlainTextBook.Paragraphs.Entry

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

    /// Assembles the book: the file cut into chunks (``chunks(_:hardWrapped:)``, one a core for
    /// a large file), each planned and then written on a core of its own into its place in the
    /// one buffer, and joined in order; the same book as one pass over the whole file.
    func assemble(_ chunking: Chunking = .automatic) -> Result {
        let sample = sample()
        let chunks = chunks(chunking, hardWrapped: sample.hardWrapped)
        var plans = EveryCore.map(chunks.count) { number in
            ParagraphPlanner(
                assembler: self, hardWrapped: sample.hardWrapped, wrapWidth: sample.wrapWidth,
                bytes: chunks[number].bytes, atBlockStart: chunks[number].atBlockStart
            ).plan()
        }
        // The paragraph list's entries, made whole before the text is written (so that the
        // chunks' lists are not copied while the book's memory is at its peak).
        var (entries, firsts) = joinPieces(&plans)
        // One paragraph separator between consecutive paragraphs, in no paragraph's range.
        let unitCount = plans.reduce(0) { $0 + $1.units } + max(0, entries.count - 1)
        var written: [ChunkWriting] = []
        let buffer = UTF16Buffer(exactCount: unitCount) { target in
            written = write(plans, firsts: firsts, entries: &entries, into: target)
            return written.reduce(0) { $0 + $1.units }
        }
        let rubies = join(written, firsts: firsts, entries: &entries)
        return Result(
            buffer: buffer, isHardWrapped: sample.hardWrapped,
            paragraphs: PlainTextBook.Paragraphs(
                buffer: buffer, entries: entries, sourceMaps: SourceMap.Table(parts: written.map(\.anchors)),
                rubyAnnotations: rubies))
    }

    /// The file's lines.
    var lines: SourceLines { SourceLines(source: source) }

    /// The file's bytes as scalars and widths.
    var scalars: SourceScalars { SourceScalars(source: source) }

    /// The heading rules over the file's bytes.
    var headings: HeadingRules { HeadingRules(source: source) }

    // MARK: Sampling

    /// What a sample of a file's first lines tells (``sample()``).
    struct Sample: Equatable {
        var hardWrapped: Bool
        var wrapWidth: Int
        /// Whether the sample took ``sampleSize`` lines, the last of them ended by a line break
        /// before the end of the bytes sampled: the same sample as a longer file with these
        /// bytes at its start gives.
        var isFull: Bool
    }

    /// What a sample of the file's first ``sampleSize`` non-blank lines tells: whether nine in
    /// ten are at most ``hardWrapWidth`` cells wide (the file is hard-wrapped), and the width at
    /// which those lines were wrapped (``IndentedLines/wrapWidth(widths:)``).
    ///
    /// The sample stops as soon as more than a tenth of ``sampleSize`` lines are wide: the file is
    /// then not hard-wrapped, whatever the other lines are, and the wrap width is never asked
    /// for (a book of one line a paragraph is decided after a few hundred lines).
    func sample() -> Sample {
        var sampled = 0
        var wide = 0
        var widths = [Int](repeating: 0, count: Self.hardWrapWidth + 1)
        var index = start
        let measure = IndentedLines(scalars: scalars, wrapWidth: 0)
        let lines = lines
        while index < source.count, sampled < Self.sampleSize {
            let line = lines.line(at: index)
            index = line.next
            let bytes = lines.trimmed(line.bytes)
            guard !bytes.isEmpty else { continue }
            sampled += 1
            // A line of more than 100 cells counts as wide; a narrow one, by its width from the
            // line's start.
            let width = measure.indentation(of: line.bytes, content: bytes) + scalars.width(of: bytes)
            if width <= Self.hardWrapWidth {
                widths[width] += 1
            } else {
                wide += 1
                if wide * 10 > Self.sampleSize { break }  // at most 9 in 10 narrow, however many are sampled
            }
        }
        let narrow = widths.reduce(0, +)
        return Sample(
            hardWrapped: narrow * 10 >= sampled * 9, wrapWidth: IndentedLines.wrapWidth(widths: widths),
            isFull: (sampled == Self.sampleSize || wide * 10 > Self.sampleSize) && index < source.count)
    }
}

import TextNavigation

extension ParagraphAssembler {
    /// What a paragraph's text is made of, in order.
    enum Run {
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

    /// The emphasis marks of the bytes `range` (a piece, or the pieces of an indented block:
    /// ``EmphasisMarks``), in order; empty, and found without allocating, when it has no
    /// underscore.
    func emphasisMarks(in range: Range<Int>) -> [Int] {
        let marks = EmphasisMarks(source: source)
        return marks.containsUnderscore(range) ? marks.marks(in: range) : []
    }

    /// Calls `body` with the runs of a piece's text in order: each line trimmed (a heading also
    /// without its `#` marker, Aozora markup left out when the file has it, emphasis marks left
    /// out), and between two lines a soft wrap, unless both sides of it are East Asian wide
    /// characters.
    ///
    /// `marks` are the piece's emphasis marks (``emphasisMarks(in:)``), which planning finds
    /// once for both passes. Planning counts what this gives and writing writes it, so the two
    /// agree.
    @inline(__always)
    func forEachRun(of piece: Piece, marks: ArraySlice<Int>, _ body: (Run) -> Void) {
        var lineStart = piece.lower
        let end = piece.upper
        var previous: (content: Range<Int>, terminator: Int)?
        var nextMark = marks.startIndex
        let lines = lines
        /// Gives `body` the text of `run` without the emphasis marks in it.
        func text(_ run: Range<Int>, units: Int?) {
            var lower = run.lowerBound
            while nextMark < marks.endIndex, marks[nextMark] < run.upperBound {
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
            let lineEnd = lines.lineBreak(from: lineStart, limit: end)
            let content = lines.trimmed(lineStart..<lineEnd)
            var bytes = content
            if piece.isHeading {
                bytes = lines.trimmed(bytes.lowerBound + headings.markdownHeadingPrefix(bytes)..<bytes.upperBound)
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
}

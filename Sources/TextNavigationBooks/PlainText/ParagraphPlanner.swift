import TextNavigation

/// Planning, ``ParagraphAssembler``'s second pass: groups the file's lines into paragraphs
/// (blank-line blocks, hard-wrapped lines joined by their indentation, headings alone, a page
/// at each form feed) and counts the UTF-16 units and source-map anchors their text will take,
/// keeping nothing per line.
struct ParagraphPlanner {
    typealias Piece = ParagraphAssembler.Piece
    typealias Line = SourceLines.Line

    /// The paragraphs, with the UTF-16 units and anchors their text will take.
    struct Plan {
        var pieces: [Piece]
        var units: Int
        /// About how many anchors the text will take (at most a few more than it takes).
        var anchors: Int
        /// The emphasis marks of every paragraph (``ParagraphAssembler/emphasisMarks(in:)``), in
        /// order, for writing.
        var marks: [Int] = []
        /// Whether a form feed came after the last paragraph: the next stretch's first paragraph
        /// starts a page.
        var endsWithPageBreak = false
    }

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
        /// ``ParagraphAssembler/forEachRun(of:_:)`` gives when there is no Aozora markup to
        /// leave out).
        var units: Int
        var anchors = 1
    }

    private let assembler: ParagraphAssembler
    private let hardWrapped: Bool
    /// The bytes planned: whole lines, starting where no paragraph is open.
    private let bytes: Range<Int>
    private let lines: SourceLines
    private let indented: IndentedLines
    private var result = Plan(pieces: [], units: 0, anchors: 0)
    /// The open group (valid while `hasGroup`; not an optional, which Swift copies whole on
    /// every change).
    private var group = Group(
        first: Line(bytes: 0..<0, terminator: 0, endsWithFormFeed: false, next: 0), end: 0, startsBlock: false,
        lastContent: 0..<0, firstIndent: 0, lastIndent: 0, units: 0)
    private var hasGroup = false
    /// Whether the next paragraph starts a page (a form feed came before it).
    private var pendingPage = false
    /// Whether the next line starts a block (a blank line, a form feed or the start came before it).
    private var atBlockStart = true
    /// The open indented run: the last pieces, consecutive indented paragraphs of one block of
    /// a hard-wrapped file (a centred dedication, verse), with the counts known for each as
    /// plain text. Their emphasis marks may pair across their lines, so they are counted when
    /// the run closes (``closeIndentedRun()``).
    private var indentedRun: [(units: Int, anchors: Int)?] = []

    /// A planner for `assembler`'s file, which the sample found hard-wrapped at `wrapWidth` or
    /// not: for the lines of `bytes` (the whole file after its byte-order mark unless given), the
    /// first of which starts a block when `atBlockStart` (a blank line or a form feed, or the
    /// start, came before it).
    init(
        assembler: ParagraphAssembler, hardWrapped: Bool, wrapWidth: Int, bytes: Range<Int>? = nil,
        atBlockStart: Bool = true
    ) {
        self.assembler = assembler
        self.hardWrapped = hardWrapped
        self.bytes = bytes ?? assembler.start..<assembler.source.count
        self.atBlockStart = atBlockStart
        lines = assembler.lines
        indented = IndentedLines(scalars: assembler.scalars, wrapWidth: wrapWidth)
    }

    /// Groups the lines into paragraphs; returns them with the UTF-16 units and anchors their
    /// text will take. (Consuming: the plan returned holds the only reference to its pieces,
    /// which writing then fills in place.)
    consuming func plan() -> Plan {
        var index = bytes.lowerBound
        while index < bytes.upperBound {
            let line = lines.line(at: index)
            index = line.next
            take(line)
        }
        flush(endsBlock: true)
        closeIndentedRun()
        result.endsWithPageBreak = pendingPage
        return result
    }

    private mutating func take(_ line: Line) {
        let content = lines.trimmed(line.bytes)
        if content.isEmpty {
            flush(endsBlock: true)
            closeIndentedRun()
            atBlockStart = true
        } else if assembler.headings.markdownHeadingPrefix(content) > 0 {
            flush(endsBlock: false)
            append(line.bytes.lowerBound, line.terminator, heading: true)
            atBlockStart = false
        } else {
            takeText(line, content: content)
        }
        if line.endsWithFormFeed {
            flush(endsBlock: true)
            closeIndentedRun()
            pendingPage = true
            atBlockStart = true
        }
    }

    /// Takes a line of text (`content`, trimmed): into the open group when it goes on with it,
    /// else into a new one.
    private mutating func takeText(_ line: Line, content: Range<Int>) {
        let indent = indented.indentation(of: line.bytes, content: content)
        // Lines without indentation go on with a paragraph that has none; otherwise a line goes
        // on with the paragraph when it continues it (IndentedLines).
        if !hardWrapped
            || (hasGroup && (indent > 0 || group.firstIndent > 0)
                && !indented.continues(
                    previous: group.lastContent, previousIndent: group.lastIndent, next: content, nextIndent: indent))
        {
            flush(endsBlock: false)
        }
        // (Counted by forEachRun instead when markup is left out.)
        let units = assembler.dropsAozoraMarkup ? 0 : UTF8Decoding.utf16Count(of: content, in: assembler.source)
        if !hasGroup {
            hasGroup = true
            group = Group(
                first: line, end: line.terminator, startsBlock: atBlockStart, lastContent: content,
                firstIndent: indent, lastIndent: indent, units: units)
        } else {
            extendGroup(with: line, content: content, indent: indent, units: units)
        }
        atBlockStart = false
        if !hardWrapped {
            // One line, one paragraph: it "ends its block" when a blank line or the end
            // follows, which `isChapterLine` needs only for a lone line anyway.
            flush(endsBlock: true)
        }
    }

    /// Adds a line to the open group, counting what it adds as ``ParagraphAssembler/forEachRun(of:_:)``
    /// gives it: a soft wrap (one space, one anchor) unless both sides are wide, then the
    /// line's text (one anchor).
    private mutating func extendGroup(with line: Line, content: Range<Int>, indent: Int, units: Int) {
        if group.lineCount == 1 { group.second = line }
        group.lineCount += 1
        group.end = line.terminator
        let scalars = assembler.scalars
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

    /// Closes the open group, if any, into a paragraph, or two headings (a chapter line and
    /// its title alone in their block).
    private mutating func flush(endsBlock: Bool) {
        guard hasGroup else { return }
        hasGroup = false
        let closed = group
        let headings = assembler.headings
        if closed.startsBlock, endsBlock, closed.lineCount <= 2,
            headings.isChapterLine(lines.trimmed(closed.first.bytes)),
            closed.second.map({ headings.isTitleLine(lines.trimmed($0.bytes)) }) ?? true
        {
            append(closed.first.bytes.lowerBound, closed.first.terminator, heading: true)
            if let second = closed.second { append(second.bytes.lowerBound, second.terminator, heading: true) }
        } else {
            // (Counted again by forEachRun when markup may be left out.)
            let counted = assembler.dropsAozoraMarkup ? nil : (closed.units, closed.anchors)
            append(
                closed.first.bytes.lowerBound, closed.end, heading: false, counted: counted,
                indented: hardWrapped && closed.firstIndent > 0)
        }
    }

    /// Adds the paragraph from `start` to `end`, with the units and anchors `counted` for it as
    /// plain text (its lines' text and soft wraps), or counting them; an `indented` one (its
    /// first line indented, in a hard-wrapped file) joins the open indented run, and any other
    /// closes it first.
    private mutating func append(
        _ start: Int, _ end: Int, heading: Bool, counted: (units: Int, anchors: Int)? = nil, indented: Bool = false
    ) {
        let piece = Piece(start, end, isHeading: heading, startsPage: pendingPage)
        pendingPage = false
        if indented {
            result.pieces.append(piece)
            indentedRun.append(counted)
            return
        }
        closeIndentedRun()
        result.pieces.append(piece)
        count(piece, marks: assembler.emphasisMarks(in: piece.lower..<piece.upper)[...], counted: counted)
    }

    /// Counts the open indented run's pieces, with the emphasis marks of all their lines
    /// together: an underscore that opens on one line of the run may close on a later one (as
    /// in a dedication, `_To J. Comyns Carr` … `gratefully inscribed_`). A blank line, a form
    /// feed, a heading or a paragraph that is not indented closes the run, so marks never pair
    /// across them.
    private mutating func closeIndentedRun() {
        guard !indentedRun.isEmpty else { return }
        let first = result.pieces.count - indentedRun.count
        let marks = assembler.emphasisMarks(
            in: result.pieces[first].lower..<result.pieces[result.pieces.count - 1].upper)
        var nextMark = 0
        for (offset, counted) in indentedRun.enumerated() {
            let piece = result.pieces[first + offset]
            let firstMark = nextMark
            while nextMark < marks.count, marks[nextMark] < piece.upper { nextMark += 1 }
            count(piece, marks: marks[firstMark..<nextMark], counted: counted)
        }
        indentedRun.removeAll(keepingCapacity: true)
    }

    /// Adds what `piece`'s text takes, without its emphasis marks `marks`, to the plan: the
    /// units and anchors `counted` for it as plain text less the marks, or those its runs take.
    private mutating func count(_ piece: Piece, marks: ArraySlice<Int>, counted: (units: Int, anchors: Int)?) {
        result.marks += marks
        if let counted {
            // Each mark is one byte of a line's text left out; it may split a run in two.
            result.units += counted.units - marks.count
            result.anchors += counted.anchors + marks.count
            return
        }
        var units = 0
        var anchors = 0
        let source = assembler.source
        assembler.forEachRun(of: piece, marks: marks) { run in
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
        result.units += units
        result.anchors += anchors
    }
}

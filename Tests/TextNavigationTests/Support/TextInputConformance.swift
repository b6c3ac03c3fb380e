import Testing
import TextNavigation

/// The ``TextInput`` contract, checked over every caret position of a conforming value: run
/// against every conforming type (laid-out text, the scanned page) and every book fixture.
///
/// Checked:
/// - lines partition the text, top to bottom; cluster frames partition each line into grapheme
///   clusters, one line tall, as wide together as the line;
/// - with `width`, no line's visible part is wider than the width unless it holds a single
///   visible cluster;
/// - every position has one caret rect, on its line; `closestPosition(to:)` at the caret's
///   centre gives the position back (or, where bidi run edges or zero-width clusters put two
///   positions at one x, a position with the same caret rect);
/// - one cluster step forward and back, `offset(from:to:)` and `compare` agree;
/// - the selection rects of a cluster are its frame; those of a line cover exactly its clusters,
///   with one `containsStart` and one `containsEnd`;
/// - down then up returns to the same x where the next line has a caret at that x; up from the
///   first line and down from the last give `nil`; right is forward in left-to-right paragraphs
///   and backward in right-to-left ones;
/// - reading content by line number agrees with the lines;
/// - out-of-range input gives `nil` or nothing, and input inside a cluster snaps to a boundary.
///
/// - Parameter lineStride: checks every position on every `lineStride`-th line (and the
///   per-line checks on all lines), to keep long texts affordable in debug builds.
func expectTextInputConformance<Input: TextInput & AccessibilityReadingContent>(
    _ input: Input, width: Double? = nil, lineStride: Int = 1, _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var checker = ConformanceChecker(input: input, label: label, sourceLocation: sourceLocation)
    checker.checkLines(width: width)
    let lines = input.geometry.lines
    for index in stride(from: 0, to: lines.count, by: max(lineStride, 1)) {
        checker.checkPositions(onLine: index)
    }
    checker.checkOutOfRange()
    checker.checkSelectionDelegate()
}

/// Tells what a selection delegate heard, in order.
final class SelectionLog: TextInputDelegate {
    var events: [String] = []

    func selectionWillChange(_ textInput: any TextInput) {
        events.append("will \(textInput.selectedTextRange.map { "\($0)" } ?? "nil")")
    }

    func selectionDidChange(_ textInput: any TextInput) {
        events.append("did \(textInput.selectedTextRange.map { "\($0)" } ?? "nil")")
    }
}

private struct ConformanceChecker<Input: TextInput & AccessibilityReadingContent> {
    let input: Input
    let label: String
    let sourceLocation: SourceLocation
    let geometry: any TextGeometry
    let lines: [LineFragment]
    let length: Int

    init(input: Input, label: String, sourceLocation: SourceLocation) {
        self.input = input
        self.label = label
        self.sourceLocation = sourceLocation
        geometry = input.geometry
        lines = geometry.lines
        length = geometry.storage.count
    }

    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        #expect(condition, "\(label): \(message())", sourceLocation: sourceLocation)
    }

    /// The caret positions of line `index`: its clusters' starts, then its end (upstream at a
    /// soft wrap).
    func positions(onLine index: Int, _ clusters: [ClusterFrame]) -> [TextPosition] {
        let line = lines[index]
        var result = clusters.filter { $0.range.lowerBound < line.contentRange.upperBound }
            .map { TextPosition(offset: $0.range.lowerBound) }
        let isSoftEnd = !line.endsWithHardBreak && index < lines.count - 1
        result.append(
            TextPosition(offset: line.contentRange.upperBound, affinity: isSoftEnd ? .upstream : .downstream))
        return result
    }

    mutating func checkLines(width: Double?) {
        expect(!lines.isEmpty, "no lines")
        expect(lines.first?.range.lowerBound == 0, "first line starts at \(lines.first?.range.lowerBound ?? -1)")
        expect(lines.last?.range.upperBound == length, "last line ends at \(lines.last?.range.upperBound ?? -1)")
        for index in lines.indices {
            checkLine(index, width: width)
        }
        expect(input.content(forLineNumber: lines.count) == nil, "content past the last line")
        expect(input.content(forLineNumber: -1) == nil, "content of line -1")
        expect(input.frame(forLineNumber: lines.count) == nil, "frame past the last line")
        expect(input.pageContent == geometry.storage.string, "page content")
        if let first = lines.first {
            expect(
                input.lineNumber(at: Point(x: first.rect.minX - 1000, y: first.rect.midY)) == nil,
                "line number left of the text")
        }
    }

    /// Line `index`: where it meets the line above, its ranges, its clusters, its selection
    /// rects and its content.
    func checkLine(_ index: Int, width: Double?) {
        let line = lines[index]
        expect(line.index == index, "line \(index) numbered \(line.index)")
        if index > 0 {
            let above = lines[index - 1]
            expect(above.range.upperBound == line.range.lowerBound, "lines \(index - 1) and \(index) do not meet")
            expect(above.rect.maxY <= line.rect.minY, "line \(index) is not below line \(index - 1)")
        }
        expect(
            line.range.lowerBound <= line.trimmedRange.upperBound
                && line.trimmedRange.upperBound <= line.contentRange.upperBound
                && line.contentRange.upperBound <= line.range.upperBound,
            "line \(index) ranges nest")
        let (total, visible, visibleClusters) = checkClusters(ofLine: index)
        expect(
            abs(total - line.rect.width) < 1e-6,
            "clusters of line \(index) are \(total) wide, not \(line.rect.width)")
        if let width {
            expect(
                visible <= width + 1e-9 || visibleClusters <= 1,
                "line \(index) is \(visible) wide in \(width) with \(visibleClusters) visible clusters")
        }
        // The line's selection rects cover exactly its clusters.
        if !line.range.isEmpty {
            let rects = input.selectionRects(for: TextRange(line.range))
            let covered = rects.reduce(0) { $0 + $1.rect.width }
            expect(abs(covered - total) < 1e-6, "line \(index) rects cover \(covered) of \(total)")
            expect(
                rects.count == line.runs.count, "line \(index): \(rects.count) rects for \(line.runs.count) runs")
            expect(rects.filter(\.containsStart).count == 1, "line \(index): containsStart \(rects)")
            expect(rects.filter(\.containsEnd).count == 1, "line \(index): containsEnd \(rects)")
        }
        // Reading content by line number.
        expect(input.frame(forLineNumber: index) == line.rect, "frame of line \(index)")
        expect(
            input.content(forLineNumber: index) == geometry.storage.string(in: line.trimmedRange),
            "content of line \(index)")
    }

    /// The clusters of line `index`, which partition it: each one line tall, ending on a
    /// character boundary, its frame its selection rect. Returns the line's width (all its
    /// clusters), its visible width (before trailing white space) and how many visible clusters
    /// of some width it has.
    func checkClusters(ofLine index: Int) -> (total: Double, visible: Double, visibleClusters: Int) {
        let line = lines[index]
        var offset = line.range.lowerBound
        var total = 0.0
        var visible = 0.0
        var visibleClusters = 0
        for cluster in geometry.clusterFrames(inLine: index) {
            expect(cluster.range.lowerBound == offset, "cluster at \(cluster.range) after \(offset)")
            expect(
                input.tokenizer.isPosition(
                    TextPosition(offset: cluster.range.upperBound), atBoundary: .character, inDirection: .forward),
                "cluster \(cluster.range) ends inside a grapheme cluster")
            expect(
                cluster.frame.minY == line.rect.minY && cluster.frame.height == line.rect.height,
                "cluster \(cluster.range) is not one line tall")
            offset = cluster.range.upperBound
            total += cluster.frame.width
            if cluster.range.upperBound <= line.trimmedRange.upperBound {
                visible += cluster.frame.width
                if cluster.frame.width > 0 { visibleClusters += 1 }
            }
            // A cluster's selection rect is its frame.
            let rects = input.selectionRects(for: TextRange(cluster.range))
            expect(
                rects.count == 1 && rects[0].rect == cluster.frame && rects[0].containsStart
                    && rects[0].containsEnd && !rects[0].isVertical
                    && rects[0].writingDirection == cluster.direction,
                "selection rects of cluster \(cluster.range): \(rects)")
            if cluster.frame.width > 0 {
                expect(
                    input.characterRange(at: cluster.frame.center)?.offsets == cluster.range,
                    "character at the centre of \(cluster.range)")
                expect(input.lineNumber(at: cluster.frame.center) == index, "line number at \(cluster.range)")
            }
        }
        expect(offset == line.range.upperBound, "clusters of line \(index) end at \(offset)")
        return (total, visible, visibleClusters)
    }

    mutating func checkPositions(onLine index: Int) {
        let line = lines[index]
        let clusters = geometry.clusterFrames(inLine: index)
        let positions = positions(onLine: index, clusters)
        for (step, position) in positions.enumerated() {
            guard let caret = input.caretRect(for: position) else {
                expect(false, "no caret at \(position)")
                continue
            }
            expect(geometry.lineNumber(for: position) == index, "\(position) is not on line \(index)")
            expect(
                caret.minY == line.rect.minY && caret.height == line.rect.height && caret.width == 0,
                "caret at \(position) is \(caret), line \(line.rect)")
            expect(
                caret.minX >= line.rect.minX - 1e-9 && caret.minX <= line.rect.maxX + 1e-9,
                "caret at \(position) is off line \(index)")
            if let closest = input.closestPosition(to: caret.center) {
                expect(
                    closest == position || input.caretRect(for: closest) == caret,
                    "closest to the caret of \(position) is \(closest)")
            } else {
                expect(false, "no closest position to \(caret.center)")
            }
            checkStep(from: position)
            if index + 1 < lines.count, step % 3 == 0 {
                checkDownThenUp(from: position, caret: caret, onLine: index)
            }
            if index == 0 {
                expect(input.position(from: position, in: .up, offset: 1) == nil, "up from the first line")
            }
            if index == lines.count - 1 {
                expect(input.position(from: position, in: .down, offset: 1) == nil, "down from the last line")
            }
        }
        // Inside a cluster: snapped to its start, never returned as is.
        for cluster in clusters where cluster.range.count > 1 {
            let inside = TextPosition(offset: cluster.range.lowerBound + 1)
            expect(input.position(from: inside, offset: 0)?.offset == cluster.range.lowerBound, "snap \(inside)")
            expect(
                input.textRange(from: inside, to: inside)?.offsets == cluster.range
                    .lowerBound..<cluster.range.lowerBound,
                "empty range inside \(cluster.range)")
            expect(
                input.textRange(from: TextPosition(offset: cluster.range.lowerBound), to: inside)?.offsets
                    == cluster.range,
                "range ending inside \(cluster.range)")
        }
    }

    /// Stepping one cluster and back from `position`, by offset and to the right.
    func checkStep(from position: TextPosition) {
        if position.offset < length, let next = input.position(from: position, offset: 1) {
            expect(next.offset > position.offset, "one step forward from \(position) is \(next)")
            expect(input.position(from: next, offset: -1)?.offset == position.offset, "one step back from \(next)")
            expect(input.offset(from: position, to: next) == 1, "offset from \(position) to \(next)")
            expect(input.offset(from: next, to: position) == -1, "offset from \(next) to \(position)")
            expect(input.compare(position, to: next) == .orderedAscending, "compare \(position) \(next)")
            let writing = input.baseWritingDirection(for: position, in: .forward)
            let right = input.position(from: position, in: .right, offset: 1)
            let expectedRight =
                writing == .leftToRight ? next : input.position(from: position, offset: -1)
            expect(right == expectedRight, "right from \(position) in \(String(describing: writing))")
        } else if position.offset == length {
            expect(input.position(from: position, offset: 1) == nil, "forward from the end")
        }
    }

    /// Down from `position` (on line `index`, not the last, with `caret`) lands on the next line,
    /// and where that line has a caret at the same x, keeps it, and up comes back to it.
    func checkDownThenUp(from position: TextPosition, caret: Rect, onLine index: Int) {
        let below = geometry.clusterFrames(inLine: index + 1)
        let belowLine = lines[index + 1]
        let xs =
            below.filter { $0.range.lowerBound < belowLine.contentRange.upperBound }.map(\.leadingX)
            + [belowLine.endX]
        let down = input.position(from: position, in: .down, offset: 1)
        expect(
            down.flatMap { geometry.lineNumber(for: $0) } == index + 1,
            "down from \(position) is \(String(describing: down))")
        if xs.contains(caret.minX), let down {
            expect(input.caretRect(for: down)?.minX == caret.minX, "down from \(position) moved x")
            let up = input.position(from: down, in: .up, offset: 1)
            expect(
                up.flatMap { input.caretRect(for: $0)?.minX } == caret.minX,
                "up after down from \(position) is \(String(describing: up))")
        }
    }

    func checkOutOfRange() {
        let before = TextPosition(offset: -1)
        let after = TextPosition(offset: length + 1)
        let inside = TextPosition(offset: 0)
        for bad in [before, after] {
            expect(input.caretRect(for: bad) == nil, "caret at \(bad)")
            expect(input.position(from: bad, offset: 0) == nil, "position from \(bad)")
            expect(input.position(from: bad, in: .down, offset: 1) == nil, "down from \(bad)")
            expect(input.position(from: bad, in: .left, offset: 1) == nil, "left from \(bad)")
            expect(input.textRange(from: bad, to: inside) == nil, "range from \(bad)")
            expect(input.text(in: TextRange(inside, bad)) == nil, "text to \(bad)")
            expect(input.selectionRects(for: TextRange(inside, bad)).isEmpty, "rects to \(bad)")
            expect(input.firstRect(for: TextRange(inside, bad)) == nil, "first rect to \(bad)")
            expect(input.compare(bad, to: inside) == nil, "compare \(bad)")
            expect(input.offset(from: inside, to: bad) == nil, "offset to \(bad)")
            expect(input.characterRange(byExtending: bad, in: .right) == nil, "extend \(bad)")
            expect(input.baseWritingDirection(for: bad, in: .forward) == nil, "direction at \(bad)")
            expect(input.position(within: TextRange(inside, bad), farthestIn: .forward) == nil, "farthest to \(bad)")
            expect(
                input.closestPosition(to: .zero, within: TextRange(inside, bad)) == nil, "closest within to \(bad)")
        }
        expect(input.position(from: input.beginningOfDocument, offset: -1) == nil, "backward from the start")
        expect(input.text(in: TextRange(0..<length)) == geometry.storage.string, "whole text")
        expect(input.beginningOfDocument.offset == 0 && input.endOfDocument.offset == length, "document ends")
        let whole = TextRange(0..<length)
        expect(input.position(within: whole, farthestIn: .forward) == whole.end, "farthest forward")
        expect(input.position(within: whole, farthestIn: .up) == whole.start, "farthest up")
        // The whole text's rects cover every cluster once.
        let all = (0..<lines.count).flatMap { geometry.clusterFrames(inLine: $0) }.reduce(0) { $0 + $1.frame.width }
        let covered = input.selectionRects(for: whole).reduce(0) { $0 + $1.rect.width }
        expect(abs(all - covered) < 1e-6, "whole text rects cover \(covered) of \(all)")
    }

    func checkSelectionDelegate() {
        let log = SelectionLog()
        let previousDelegate = input.inputDelegate
        let previousSelection = input.selectedTextRange
        input.inputDelegate = log
        input.selectedTextRange = nil
        log.events = []
        input.selectedTextRange = TextRange(0..<length)
        input.selectedTextRange = TextRange(0..<length)  // no change: no events
        input.selectedTextRange = TextRange(0..<(length + 1))  // out of range: ignored
        expect(
            log.events == ["will nil", "did \(TextRange(0..<length))"],
            "delegate heard \(log.events)")
        expect(
            input.selectedTextRange == TextRange(0..<length),
            "selection is \(String(describing: input.selectedTextRange))")
        input.inputDelegate = previousDelegate
        input.selectedTextRange = previousSelection
    }
}

/// Geometry for text whose line rects the backend knows instead of the library computing them:
/// a scanned or handwritten page, a PDF, an image with recognised text, or a renderer with a
/// layout of its own (Apple's "custom text" case, where the app knows each line's rectangle).
///
/// Each line is a range of the text with its rect, and optionally each grapheme cluster's
/// advance along the line (so a caret inside the line stands exactly where the backend drew
/// the cluster). Without advances, a line's clusters share out its rect in proportion to their
/// advances under a font model (``CellMetrics`` by default). A line runs in its direction (that
/// of its first strong character) and is one bidi run; a hard break at its end takes no room.
///
/// Lines need not cover the text: text between them (a soft hyphen at a line's end, hidden
/// text, a running header the backend does not draw) is skipped. Skipped text has zero-width
/// frames at the end of the line before it (at the start of the first line when it comes
/// first), so that every position still has a caret, and it belongs to no line unit. It is
/// still the element's text: words and sentences read it, so a backend leaves out of the text
/// what it does not want read.
///
/// `Sendable`: everything is computed in `init` and never changes.
public final class FixedLineGeometry: TextGeometry, LineUnitSource {
    /// One line as the backend laid it out.
    public struct Line: Sendable, Hashable {
        /// The UTF-16 offsets of the line's text.
        public var range: Range<Int>
        /// Where the line sits, in the backend's coordinates.
        public var rect: Rect
        /// The advance of each grapheme cluster of ``range`` along the line, in storage order,
        /// or `nil` to share the rect out by a font model.
        public var advances: [Double]?

        /// A line of `range` at `rect`, with its clusters' advances when the backend knows them.
        ///
        /// - Parameters:
        ///   - range: the UTF-16 offsets of the line's text.
        ///   - rect: where the line sits.
        ///   - advances: each grapheme cluster's advance, in storage order, or `nil`.
        public init(range: Range<Int>, rect: Rect, advances: [Double]? = nil) {
            self.range = range
            self.rect = rect
            self.advances = advances
        }
    }

    public let storage: TextStorage
    public let lines: [LineFragment]
    private let frames: [[ClusterFrame]]

    /// Geometry for `storage` with lines that partition it.
    ///
    /// - Parameters:
    ///   - storage: the text.
    ///   - lines: the lines top to bottom, each a range with its rect.
    ///   - metrics: the font model a line's rect is shared out by.
    /// - Returns: `nil` unless the ranges partition the text in order (the first starts at 0,
    ///   each starts where the previous ends, the last ends at the text's end), each range
    ///   starts and ends between grapheme clusters, and each rect lies wholly below the one
    ///   before.
    public convenience init?(
        storage: TextStorage, lines: [(range: Range<Int>, rect: Rect)],
        metrics: any FontMetrics = CellMetrics()
    ) {
        guard lines.first?.range.lowerBound == 0, lines.last?.range.upperBound == storage.count,
            zip(lines, lines.dropFirst()).allSatisfy({ $0.range.upperBound == $1.range.lowerBound })
        else { return nil }
        self.init(storage: storage, lines: lines.map { Line(range: $0.range, rect: $0.rect) }, metrics: metrics)
    }

    /// Geometry for `storage` with the backend's lines, which may skip text between them.
    ///
    /// - Parameters:
    ///   - storage: the text.
    ///   - lines: the lines top to bottom.
    ///   - metrics: the font model the rect of a line without advances is shared out by.
    /// - Returns: `nil` unless there is a line, the ranges lie in the text in order without
    ///   overlapping, each starts and ends between grapheme clusters, each rect lies wholly
    ///   below the one before, and each line's advances (when given) are one finite,
    ///   non-negative value per cluster.
    public init?(storage: TextStorage, lines: [Line], metrics: any FontMetrics = CellMetrics()) {
        let characters = CharacterBoundaries(storage: storage, locale: "en")
        guard let first = lines.first, first.range.lowerBound >= 0,
            (lines.last?.range.upperBound ?? 0) <= storage.count,
            lines.allSatisfy({
                characters.isBoundary($0.range.lowerBound) && characters.isBoundary($0.range.upperBound)
            })
        else { return nil }
        for (above, below) in zip(lines, lines.dropFirst()) {
            guard above.range.upperBound <= below.range.lowerBound, above.rect.maxY <= below.rect.minY else {
                return nil
            }
        }
        var fragments: [LineFragment] = []
        var frames: [[ClusterFrame]] = []
        for (index, line) in lines.enumerated() {
            let clusters = Self.clusters(in: line.range, characters)
            if let advances = line.advances {
                guard advances.count == clusters.count, advances.allSatisfy({ $0 >= 0 && $0.isFinite }) else {
                    return nil
                }
            }
            // Text skipped before the first line and after each line joins that line.
            let before = index == 0 ? Self.clusters(in: 0..<line.range.lowerBound, characters) : []
            let nextStart = index + 1 < lines.count ? lines[index + 1].range.lowerBound : storage.count
            let after = Self.clusters(in: line.range.upperBound..<nextStart, characters)
            let placed = Self.place(clusters, of: line, storage: storage, metrics: metrics)
            let range = (before.first?.lowerBound ?? line.range.lowerBound)..<nextStart
            let contentEnd = placed.hardBreak?.lowerBound ?? line.range.upperBound
            var trimmedEnd = contentEnd
            while let scalar = storage.scalar(before: trimmedEnd), scalar.start >= range.lowerBound,
                scalar.scalar.properties.isWhitespace
            {
                trimmedEnd = scalar.start
            }
            let leading = placed.direction == .leftToRight ? line.rect.minX : line.rect.maxX
            let trailing = placed.direction == .leftToRight ? line.rect.maxX : line.rect.minX
            func skipped(_ cluster: Range<Int>, at x: Double) -> ClusterFrame {
                ClusterFrame(
                    range: cluster, frame: Rect(x: x, y: line.rect.minY, width: 0, height: line.rect.height),
                    direction: placed.direction)
            }
            fragments.append(
                LineFragment(
                    index: index, range: range, contentRange: range.lowerBound..<contentEnd,
                    trimmedRange: range.lowerBound..<trimmedEnd, rect: line.rect,
                    baseWritingDirection: placed.direction,
                    runs: range.isEmpty
                        ? [] : [BidiRun(range: range, level: placed.direction == .leftToRight ? 0 : 1)]))
            frames.append(
                before.map { skipped($0, at: leading) } + placed.frames + after.map { skipped($0, at: trailing) })
        }
        self.storage = storage
        self.lines = fragments
        self.frames = frames
    }

    public func clusterFrames(inLine index: Int) -> [ClusterFrame] {
        frames.indices.contains(index) ? frames[index] : []
    }

    /// The grapheme clusters of `range` (which starts on a cluster boundary), in order.
    private static func clusters(in range: Range<Int>, _ characters: CharacterBoundaries) -> [Range<Int>] {
        var clusters: [Range<Int>] = []
        var start = range.lowerBound
        while start < range.upperBound, let end = characters.boundary(after: start) {
            clusters.append(start..<min(end, range.upperBound))
            start = end
        }
        return clusters
    }

    /// Places `clusters` along `line`'s rect: by the line's advances when it has them, else
    /// sharing the rect out in proportion to `metrics`' advances.
    private static func place(
        _ clusters: [Range<Int>], of line: Line, storage: TextStorage, metrics: any FontMetrics
    ) -> (frames: [ClusterFrame], direction: WritingDirection, hardBreak: Range<Int>?) {
        let rect = line.rect
        let direction = ICU.Properties.firstStrongDirection(in: storage, range: line.range) ?? .leftToRight
        var hardBreak: Range<Int>?
        if let last = clusters.last, UnicodeClasses.isLineSeparator(storage[last.lowerBound]) {
            hardBreak = last
        }
        var advances: [Double]
        if let given = line.advances {
            advances = given
        } else {
            advances = clusters.map { $0 == hardBreak ? 0 : metrics.advance(of: $0, in: storage) }
            let total = advances.reduce(0, +)
            let scale = total > 0 ? rect.width / total : 0
            advances = advances.map { $0 * scale }
        }
        if let hardBreak, let last = advances.indices.last, clusters[last] == hardBreak { advances[last] = 0 }
        var x = direction == .leftToRight ? rect.minX : rect.maxX
        var frames: [ClusterFrame] = []
        frames.reserveCapacity(clusters.count)
        for (cluster, width) in zip(clusters, advances) {
            let minX = direction == .leftToRight ? x : x - width
            frames.append(
                ClusterFrame(
                    range: cluster, frame: Rect(x: minX, y: rect.minY, width: width, height: rect.height),
                    direction: direction))
            x = direction == .leftToRight ? x + width : x - width
        }
        return (frames, direction, hardBreak)
    }
}

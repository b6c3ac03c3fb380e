/// Geometry for text whose line rects are known instead of computed: a scanned or handwritten
/// page, a PDF, an image with recognised text.
///
/// Each line's clusters share out its rect in proportion to their advances under a font model
/// (``CellMetrics`` by default), in the line's direction (that of its first strong character);
/// a hard break at a line's end takes no room. Each line is one bidi run.
///
/// `Sendable`: everything is computed in `init` and never changes.
public final class FixedLineGeometry: TextGeometry, LineUnitSource {
    public let storage: TextStorage
    public let lines: [LineFragment]
    private let frames: [[ClusterFrame]]

    /// Geometry for `storage` with the given lines, top to bottom.
    ///
    /// - Returns: `nil` unless the ranges partition the text in order (the first starts at 0,
    ///   each starts where the previous ends, the last ends at the text's end), each range
    ///   starts and ends between grapheme clusters, and each rect lies wholly below the one
    ///   before.
    public init?(
        storage: TextStorage, lines: [(range: Range<Int>, rect: Rect)],
        metrics: any FontMetrics = CellMetrics()
    ) {
        guard let first = lines.first, first.range.lowerBound == 0,
            lines.last?.range.upperBound == storage.count
        else { return nil }
        for (above, below) in zip(lines, lines.dropFirst()) {
            guard above.range.upperBound == below.range.lowerBound, above.rect.maxY <= below.rect.minY else {
                return nil
            }
        }
        let characters = CharacterBoundaries(storage: storage, locale: "en")
        guard lines.allSatisfy({ characters.isBoundary($0.range.lowerBound) }) else { return nil }
        var fragments: [LineFragment] = []
        var frames: [[ClusterFrame]] = []
        for (index, line) in lines.enumerated() {
            var clusters: [Range<Int>] = []
            var start = line.range.lowerBound
            while start < line.range.upperBound, let end = characters.boundary(after: start) {
                clusters.append(start..<end)
                start = end
            }
            let placed = Self.place(clusters, in: line.rect, storage: storage, metrics: metrics)
            let range = line.range
            let contentEnd = placed.hardBreak?.lowerBound ?? range.upperBound
            var trimmedEnd = contentEnd
            while let scalar = storage.scalar(before: trimmedEnd), scalar.start >= range.lowerBound,
                scalar.scalar.properties.isWhitespace
            {
                trimmedEnd = scalar.start
            }
            fragments.append(
                LineFragment(
                    index: index, range: range, contentRange: range.lowerBound..<contentEnd,
                    trimmedRange: range.lowerBound..<trimmedEnd, rect: line.rect,
                    baseWritingDirection: placed.direction,
                    runs: range.isEmpty
                        ? [] : [BidiRun(range: range, level: placed.direction == .leftToRight ? 0 : 1)]))
            frames.append(placed.frames)
        }
        self.storage = storage
        self.lines = fragments
        self.frames = frames
    }

    public func clusterFrames(inLine index: Int) -> [ClusterFrame] {
        frames.indices.contains(index) ? frames[index] : []
    }

    /// Shares `rect` out among `clusters` in proportion to their advances.
    private static func place(
        _ clusters: [Range<Int>], in rect: Rect, storage: TextStorage, metrics: any FontMetrics
    ) -> (frames: [ClusterFrame], direction: WritingDirection, hardBreak: Range<Int>?) {
        let range = (clusters.first?.lowerBound ?? 0)..<(clusters.last?.upperBound ?? 0)
        let direction = ICU.Properties.firstStrongDirection(in: storage, range: range) ?? .leftToRight
        var hardBreak: Range<Int>?
        if let last = clusters.last, UnicodeClasses.isLineSeparator(storage[last.lowerBound]) {
            hardBreak = last
        }
        let advances = clusters.map { $0 == hardBreak ? 0 : metrics.advance(of: $0, in: storage) }
        let total = advances.reduce(0, +)
        let scale = total > 0 ? rect.width / total : 0
        var x = direction == .leftToRight ? rect.minX : rect.maxX
        var frames: [ClusterFrame] = []
        frames.reserveCapacity(clusters.count)
        for (cluster, advance) in zip(clusters, advances) {
            let width = advance * scale
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

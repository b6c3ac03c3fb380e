/// A ``TextLayout`` turned into columns: the geometry of vertical text (CSS `vertical-rl` or
/// `vertical-lr`).
///
/// The lines are those of the layout, fitted to its width, which is here the columns' length:
/// line i becomes column i, one line height wide, placed from the right edge leftward
/// (`vertical-rl`) or from the left edge rightward (`vertical-lr`); a cluster's horizontal
/// extent along its line becomes its vertical extent down its column. Positions are the
/// layout's.
///
/// Each line's runs are split where the orientation of its clusters changes
/// (``VerticalOrientation``, UAX #50): a stretch of Latin lying rotated in a column of upright
/// Japanese is a run of its own, so it gets selection rects of its own. Advances are the
/// horizontal ones: in terminal cells an upright CJK cluster takes 2 cells of the column and a
/// rotated Latin letter 1.
///
/// Carets, hit tests and movement are answered from the layout's own lines (O(log n + k), as
/// ``TextLayout``'s); the columns (``lines``), with their runs cut by orientation, are computed
/// on first use (O(n)), for selection rects and for whoever reads them.
///
/// `Sendable`: the configuration is immutable and the columns, once computed, live behind a
/// lock (`Locked`).
public final class VerticalLayout: TextGeometry {
    /// The horizontal layout the columns are turned from (its width is the columns' length).
    public let layout: TextLayout
    /// ``WritingMode/verticalRightToLeft`` or ``WritingMode/verticalLeftToRight`` (a horizontal
    /// mode is taken as `vertical-rl`).
    public let writingMode: WritingMode
    /// The width of all the columns together: the layout's line count times its line height.
    public let blockExtent: Double
    /// The columns, once computed.
    private let columns = Locked<[LineFragment]?>(nil)

    /// The columns of `layout` in `writingMode`.
    ///
    /// - Parameters:
    ///   - layout: the horizontal layout, whose width is the columns' length.
    ///   - writingMode: a vertical mode; a horizontal one is taken as `vertical-rl`.
    public init(_ layout: TextLayout, writingMode: WritingMode = .verticalRightToLeft) {
        let mode = writingMode.isVertical ? writingMode : .verticalRightToLeft
        let extent = layout.size.height
        self.layout = layout
        self.writingMode = mode
        self.blockExtent = extent
    }

    /// The columns, in reading order (right to left in `vertical-rl`), each run split where the
    /// orientation changes.
    ///
    /// - Complexity: O(n) on the first call, O(1) after.
    public var lines: [LineFragment] {
        if let existing = columns.withLock({ $0 }) { return existing }
        let storage = layout.storage
        let turned = layout.lines.map { line in
            var column = line
            column.rect = writingMode.physical(line.rect, blockExtent: blockExtent)
            let clusters = layout.clusterFrames(inLine: line.index)
            column.runs = line.runs.flatMap { Self.orientationRuns(of: $0, clusters: clusters, in: storage) }
            return column
        }
        return columns.withLock { columns in
            if let existing = columns { return existing }
            columns = turned
            return turned
        }
    }

    /// The text.
    public var storage: TextStorage { layout.storage }

    /// The size of the laid-out text: all the columns' width by the columns' length.
    public var size: Size { Size(width: blockExtent, height: layout.width) }

    /// The orientation of the grapheme cluster at `position` (the one starting at or holding
    /// its offset), or `nil` outside the text or at its end.
    public func orientation(at position: TextPosition) -> VerticalOrientation? {
        guard let index = layout.lineNumber(for: TextPosition(offset: position.offset)),
            let cluster = cluster(holding: position.offset, layout.clusterFrames(inLine: index))
        else { return nil }
        return VerticalOrientation(ofClusterAt: cluster.range.lowerBound, in: storage)
    }

    public func clusterFrames(inLine index: Int) -> [ClusterFrame] {
        layout.clusterFrames(inLine: index).map { cluster in
            var turned = cluster
            turned.frame = writingMode.physical(cluster.frame, blockExtent: blockExtent)
            return turned
        }
    }

    /// `run` cut where the orientation of its clusters (of `clusters`, its line's, in `storage`)
    /// changes, the pieces in visual order as the run's are.
    private static func orientationRuns(of run: BidiRun, clusters: [ClusterFrame], in storage: TextStorage)
        -> [BidiRun]
    {
        var pieces: [BidiRun] = []
        var start = run.range.lowerBound
        var current: VerticalOrientation?
        for cluster in clusters where run.range.contains(cluster.range.lowerBound) {
            let orientation = VerticalOrientation(ofClusterAt: cluster.range.lowerBound, in: storage)
            if let current, current != orientation {
                pieces.append(BidiRun(range: start..<cluster.range.lowerBound, level: run.level))
                start = cluster.range.lowerBound
            }
            current = orientation
        }
        pieces.append(BidiRun(range: start..<run.range.upperBound, level: run.level))
        return run.direction == .rightToLeft ? pieces.reversed() : pieces
    }
}

/// A vertical geometry seen in line-relative space, as if it were horizontal: its columns
/// become lines stacked top to bottom and its clusters' extents down a column become extents
/// along a line. The queries of a vertical geometry are those of this view, turned back.
struct LineRelativeGeometry: TextGeometry {
    /// The vertical geometry.
    let base: any TextGeometry
    let lines: [LineFragment]

    /// `base` seen line-relative (its rects turned with a block extent of 0).
    init(_ base: any TextGeometry) {
        self.base = base
        let mode = base.writingMode
        lines = base.lines.map { line in
            var turned = line
            turned.rect = mode.lineRelative(line.rect, blockExtent: 0)
            return turned
        }
    }

    var storage: TextStorage { base.storage }

    func clusterFrames(inLine index: Int) -> [ClusterFrame] {
        let mode = base.writingMode
        return base.clusterFrames(inLine: index).map { cluster in
            var turned = cluster
            turned.frame = mode.lineRelative(cluster.frame, blockExtent: 0)
            return turned
        }
    }
}

extension TextGeometry {
    /// The geometry seen line-relative (for a ``VerticalLayout``, its horizontal layout) and
    /// the block extent its rects and points turn back with (`WritingMode.physical(_:blockExtent:)`).
    var lineRelativeView: (geometry: any TextGeometry, blockExtent: Double) {
        if let vertical = self as? VerticalLayout { return (vertical.layout, vertical.blockExtent) }
        return (LineRelativeGeometry(self), 0)
    }

    /// The physical rect of `rect`, given in the space of ``lineRelativeView``.
    func physical(_ rect: Rect, blockExtent: Double) -> Rect {
        writingMode.physical(rect, blockExtent: blockExtent)
    }
}

extension TextGeometry {
    /// The selection rects of `range` in a vertical geometry: one per column and run (its runs
    /// are cut where the orientation changes, in a ``VerticalLayout``), each a vertical strip.
    func verticalSelectionRects(for range: TextRange) -> [SelectionRect] {
        LineRelativeGeometry(self).selectionRects(for: range).map { rect in
            var turned = rect
            turned.rect = physical(rect.rect, blockExtent: 0)
            turned.isVertical = true
            return turned
        }
    }
}

extension TextShaping {
    /// The frames of `line`'s clusters in storage order: runs placed left to right from the
    /// line's left edge, each run's clusters in the run's direction, `advances` (one per cluster
    /// of the text) times `scale`.
    ///
    /// - Complexity: O(k log n) for a line of k clusters in a text of n.
    func frames(of line: LineFragment, scale: Double, advances: [Double]) -> [ClusterFrame] {
        guard !line.range.isEmpty else { return [] }
        let first = clusterIndex(startingAtOrBefore: line.range.lowerBound)
        let end = clusterIndex(startingAtOrBefore: line.range.upperBound)
        let placeholder = ClusterFrame(range: 0..<0, frame: .zero, direction: .leftToRight)
        var frames = [ClusterFrame](repeating: placeholder, count: end - first)
        var x = line.rect.minX
        let y = line.rect.minY
        let height = line.rect.height
        for run in line.runs {
            let runStart = clusterIndex(startingAtOrBefore: run.range.lowerBound)
            let runClusters = runStart..<clusterIndex(startingAtOrBefore: run.range.upperBound)
            let direction = run.direction
            func place(_ cluster: Int) {
                let advance = advances[cluster] * scale
                frames[cluster - first] = ClusterFrame(
                    range: Int(boundaries[cluster])..<Int(boundaries[cluster + 1]),
                    frame: Rect(x: x, y: y, width: advance, height: height), direction: direction)
                x += advance
            }
            if direction == .leftToRight {
                for cluster in runClusters { place(cluster) }
            } else {
                for cluster in runClusters.reversed() { place(cluster) }
            }
        }
        return frames
    }
}

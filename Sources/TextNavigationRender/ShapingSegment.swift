import CRender

/// Consecutive clusters of one paragraph that HarfBuzz shapes in one buffer: one font, one bidi
/// level, one script.
struct ShapingSegment {
    /// What the clusters share.
    struct Key {
        /// The index of the font.
        var font: Int
        /// The bidi embedding level: odd for right to left.
        var level: UInt8
        /// The script, or `nil` for common and inherited characters, which join any segment.
        var script: hb_script_t?
    }

    /// The first cluster's key.
    let key: Key
    /// The segment's script: the first one of its clusters that has one.
    private(set) var script: hb_script_t?
    /// The index (in the paragraph's clusters) of the first cluster.
    let first: Int
    /// The start of each cluster, ascending.
    private(set) var starts: [Int]
    /// The number of clusters.
    var count: Int { starts.count }
    /// The UTF-16 offsets of the segment.
    private(set) var range: Range<Int>

    /// A segment of the one cluster `cluster`, number `first` of its paragraph.
    init(key: Key, first: Int, cluster: Range<Int>) {
        self.key = key
        self.script = key.script
        self.first = first
        starts = [cluster.lowerBound]
        range = cluster
    }

    /// Whether a cluster with `other` goes on in this segment.
    func accepts(_ other: Key) -> Bool {
        guard other.font == key.font, other.level == key.level else { return false }
        guard let mine = script, let theirs = other.script else { return true }
        return mine == theirs
    }

    /// Adds cluster `index` (the next one), whose range is `cluster`.
    mutating func append(_ index: Int, _ cluster: Range<Int>, script: hb_script_t?) {
        starts.append(cluster.lowerBound)
        range = range.lowerBound..<cluster.upperBound
        if self.script == nil { self.script = script }
    }

    /// The index in the paragraph of the cluster holding `offset`.
    func clusterIndex(containing offset: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) >> 1
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return first + max(low - 1, 0)
    }
}

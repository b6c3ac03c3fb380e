import CRender
import TextNavigation

extension HarfBuzzMetrics {
    /// Each of `clusters` (consecutive grapheme clusters of one paragraph of `storage`),
    /// shaped together, at text scale 1. A control cluster (a hard break, a tab) and an empty
    /// cluster have no glyphs and no advance.
    ///
    /// - Complexity: O(n) in the clusters' length.
    func shape(_ clusters: [Range<Int>], in storage: TextStorage) -> [ShapedCluster] {
        var result = [ShapedCluster](repeating: ShapedCluster(), count: clusters.count)
        guard let first = clusters.first, let last = clusters.last, first.lowerBound < last.upperBound,
            first.lowerBound >= 0, last.upperBound <= storage.count
        else { return result }
        let span = first.lowerBound..<last.upperBound
        let levels = storage.bidiLevels(ofParagraph: span)
        var segment: ShapingSegment?
        for index in clusters.indices {
            let cluster = clusters[index]
            guard let key = segmentKey(of: cluster, in: storage, level: levels[cluster.lowerBound - span.lowerBound])
            else {
                if let current = segment { shapeSegment(current, span: span, storage: storage, into: &result) }
                segment = nil
                continue
            }
            if var current = segment, current.accepts(key) {
                current.append(index, cluster, script: key.script)
                segment = current
            } else {
                if let current = segment { shapeSegment(current, span: span, storage: storage, into: &result) }
                segment = ShapingSegment(key: key, first: index, cluster: cluster)
            }
        }
        if let current = segment { shapeSegment(current, span: span, storage: storage, into: &result) }
        return result
    }

    /// What `cluster` is shaped with: its font, bidi level and script (`nil` when it has only
    /// common or inherited characters); `nil` for a cluster that is not shaped (controls).
    private func segmentKey(of cluster: Range<Int>, in storage: TextStorage, level: UInt8) -> ShapingSegment.Key? {
        var scalars: [Unicode.Scalar] = []
        var offset = cluster.lowerBound
        while offset < cluster.upperBound, let scalar = storage.scalar(at: offset) {
            scalars.append(scalar)
            offset += scalar.utf16.count
        }
        let isControl = scalars.allSatisfy {
            switch $0.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
        guard !scalars.isEmpty, !isControl else { return nil }
        let shown = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        let font = fonts.firstIndex { font in shown.allSatisfy(font.hasGlyph(for:)) } ?? 0
        var script: hb_script_t?
        let unicode = hb_unicode_funcs_get_default()
        for scalar in scalars {
            let found = hb_unicode_script(unicode, scalar.value)
            if found != HB_SCRIPT_COMMON, found != HB_SCRIPT_INHERITED, found != HB_SCRIPT_UNKNOWN {
                script = found
                break
            }
        }
        return ShapingSegment.Key(font: font, level: level, script: script)
    }

    /// Shapes `segment` with HarfBuzz, the paragraph `span` of `storage` as context, and files
    /// each glyph under the cluster its HarfBuzz cluster value (a UTF-16 offset) falls in.
    private func shapeSegment(
        _ segment: ShapingSegment, span: Range<Int>, storage: TextStorage, into result: inout [ShapedCluster]
    ) {
        let font = fonts[segment.key.font]
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        storage.withUTF16 { units in
            hb_buffer_add_utf16(
                buffer, units.baseAddress! + span.lowerBound, Int32(span.count),
                UInt32(segment.range.lowerBound - span.lowerBound), Int32(segment.range.count))
        }
        hb_buffer_set_direction(buffer, segment.key.level % 2 == 0 ? HB_DIRECTION_LTR : HB_DIRECTION_RTL)
        if let script = segment.script { hb_buffer_set_script(buffer, script) }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font.handle, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return }
        let scale = size / font.unitsPerEm
        for glyph in 0..<Int(count) {
            let offset = span.lowerBound + Int(infos[glyph].cluster)
            let index = segment.clusterIndex(containing: offset)
            result[index].advance += Double(positions[glyph].x_advance) * scale
            result[index].glyphs.append(
                ShapedGlyph(
                    font: segment.key.font, glyph: infos[glyph].codepoint,
                    advance: Double(positions[glyph].x_advance) * scale,
                    xOffset: Double(positions[glyph].x_offset) * scale,
                    yOffset: Double(positions[glyph].y_offset) * scale))
        }
        shareLigatures(of: segment, in: &result)
    }

    /// Shares the advance of each cluster that took the glyphs of the clusters after it (a
    /// ligature) evenly among them all.
    private func shareLigatures(of segment: ShapingSegment, in result: inout [ShapedCluster]) {
        let end = segment.first + segment.count
        var index = segment.first
        while index < end {
            var next = index + 1
            while next < end, result[next].glyphs.isEmpty { next += 1 }
            let parts = next - index
            if parts > 1, !result[index].glyphs.isEmpty {
                let share = result[index].advance / Double(parts)
                for part in index..<next { result[part].advance = share }
                if segment.key.level % 2 == 1 { result[index].glyphOrigin = -share * Double(parts - 1) }
            }
            index = next
        }
    }
}

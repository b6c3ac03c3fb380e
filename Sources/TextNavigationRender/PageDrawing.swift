import CRender
import TextNavigation

/// One placed text drawn on a Cairo context already scaled to points.
struct PageDrawing {
    let context: OpaquePointer
    let metrics: HarfBuzzMetrics
    /// Cairo's face for each of the metrics' fonts (`nil` where it could not be opened).
    let faces: [CairoFontFace?]
    let origin: Point

    /// Line frames, highlight, glyphs, then caret.
    func draw(_ text: PlacedText) {
        let geometry = text.geometry
        cairo_set_line_width(context, 0.5)
        cairo_set_source_rgb(context, 0.62, 0.72, 0.9)
        for index in text.drawnLines {
            let rect = geometry.lines[index].rect
            cairo_rectangle(context, origin.x + rect.minX, origin.y + rect.minY, rect.width, rect.height)
            cairo_stroke(context)
        }
        if let highlight = text.highlight {
            cairo_set_source_rgba(context, 1, 0.85, 0, 0.45)
            for selection in geometry.selectionRects(for: highlight) {
                let rect = selection.rect
                cairo_rectangle(context, origin.x + rect.minX, origin.y + rect.minY, rect.width, rect.height)
            }
            cairo_fill(context)
        }
        drawGlyphs(of: geometry, lines: text.drawnLines)
        if let caret = text.caret, let rect = geometry.caretRect(for: caret) {
            cairo_set_source_rgb(context, 0.85, 0.1, 0.1)
            // A bar at least a point thick: upright in horizontal text, across a column in vertical.
            let width = max(rect.width, 1)
            let height = max(rect.height, 1)
            cairo_rectangle(
                context, origin.x + rect.midX - width / 2, origin.y + rect.midY - height / 2, width, height)
            cairo_fill(context)
        }
    }

    /// The text in black: each line shaped, each cluster's glyphs from its frame's left edge
    /// (in vertical text, upright and centred in its column: rotated runs are not turned).
    private func drawGlyphs(of geometry: any TextGeometry, lines: Range<Int>) {
        let vertical = geometry.writingMode.isVertical
        var line: [(range: Range<Int>, frame: Rect)] = []
        var glyphs = [[cairo_glyph_t]](repeating: [], count: metrics.fonts.count)
        var scales = [Double](repeating: 1, count: metrics.fonts.count)
        func place() {
            let shaped = metrics.shape(line.map(\.range), in: geometry.storage)
            for (cluster, shapedCluster) in zip(line, shaped) {
                // A line's thickness is the line height times the text scale: a row's height, or
                // in vertical text a column's width, where each cluster stands upright, centred.
                let thickness = vertical ? cluster.frame.width : cluster.frame.height
                let scale = thickness > 0 ? thickness / metrics.lineHeight : 1
                let baseline = origin.y + cluster.frame.minY + metrics.baselineOffset * scale
                let advance = shapedCluster.glyphs.reduce(0) { $0 + $1.advance } * scale
                let left = vertical ? cluster.frame.midX - advance / 2 : cluster.frame.minX
                var pen = origin.x + left + shapedCluster.glyphOrigin * scale
                for glyph in shapedCluster.glyphs {
                    glyphs[glyph.font].append(
                        cairo_glyph_t(
                            index: UInt(glyph.glyph), x: pen + glyph.xOffset * scale,
                            y: baseline - glyph.yOffset * scale))
                    scales[glyph.font] = scale
                    pen += glyph.advance * scale
                }
            }
            line.removeAll(keepingCapacity: true)
        }
        // Each line shaped alone, as the layout measured it (a line never crosses a paragraph).
        for index in lines {
            for cluster in geometry.clusterFrames(inLine: index) {
                line.append((cluster.range, cluster.frame))
            }
            place()
        }
        place()
        cairo_set_source_rgb(context, 0, 0, 0)
        for (font, fontGlyphs) in glyphs.enumerated() where !fontGlyphs.isEmpty {
            guard let face = faces[font] else { continue }
            cairo_set_font_face(context, face.handle)
            cairo_set_font_size(context, metrics.size * scales[font])
            fontGlyphs.withUnsafeBufferPointer { cairo_show_glyphs(context, $0.baseAddress, Int32($0.count)) }
        }
    }
}

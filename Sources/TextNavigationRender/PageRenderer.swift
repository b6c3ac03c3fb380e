import CRender
import TextNavigation

/// Draws laid-out text to a PNG with Cairo: a white page, each line's frame outlined thinly,
/// the highlighted range's selection rects filled translucent yellow, the text in black with
/// HarfBuzz's glyphs at the positions the layout gave each cluster, and the caret as a thin bar.
///
/// Glyphs are shaped by the renderer's ``HarfBuzzMetrics`` (one paragraph at a time, as it
/// measures), and each cluster's glyphs are drawn from the left edge of the cluster's frame:
/// what the page shows is what `selectionRects(for:)` and
/// `closestPosition(to:)` compute with.
public struct PageRenderer: Sendable {
    /// The font model text is shaped and drawn with.
    public let metrics: HarfBuzzMetrics
    /// The page's size in points.
    public var pageSize: Size
    /// Pixels per point in the PNG (2 for a crisp image).
    public var pixelsPerPoint: Double

    /// A renderer of pages of `pageSize` points with `metrics`' fonts, at `pixelsPerPoint`
    /// (taken as 1 when not positive).
    public init(metrics: HarfBuzzMetrics, pageSize: Size, pixelsPerPoint: Double = 2) {
        self.metrics = metrics
        self.pageSize = pageSize
        self.pixelsPerPoint = pixelsPerPoint > 0 && pixelsPerPoint.isFinite ? pixelsPerPoint : 1
    }

    /// The PNG's size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        (
            max(1, Int((pageSize.width * pixelsPerPoint).rounded(.up))),
            max(1, Int((pageSize.height * pixelsPerPoint).rounded(.up)))
        )
    }

    /// Draws `texts` on one page and writes it as a PNG file at `path`.
    ///
    /// - Throws: ``RenderError`` when Cairo cannot draw the page or write the file.
    public func writePNG(of texts: [PlacedText], to path: String) throws(RenderError) {
        let size = pixelSize
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        guard let context, cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            throw RenderError(path: path, reason: "Cairo cannot make a \(size.width)×\(size.height) image")
        }
        cairo_scale(context, pixelsPerPoint, pixelsPerPoint)
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        let faces = metrics.files.map(CairoFontFace.init)
        for text in texts {
            PageDrawing(context: context, metrics: metrics, faces: faces, origin: text.origin).draw(text)
        }
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
    }
}

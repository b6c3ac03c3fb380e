import CRender
import TextNavigation

/// A PNG file read back with Cairo: its pixels as red, green and blue.
struct PNGImage {
    let width: Int
    let height: Int
    private let pixels: [UInt32]

    /// Reads the PNG at `path`; `nil` when Cairo cannot.
    init?(path: String) {
        let surface = cairo_image_surface_create_from_png(path)
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else { return nil }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels.append(row[x]) }
        }
        self.pixels = pixels
    }

    /// The colour at pixel (`x`, `y`), each channel 0...255 (the page is opaque).
    func color(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let pixel = pixels[y * width + x]
        return (Int((pixel >> 16) & 0xFF), Int((pixel >> 8) & 0xFF), Int(pixel & 0xFF))
    }

    /// The pixels (`x`, `y`) whose colour satisfies `matches`.
    func points(where matches: ((red: Int, green: Int, blue: Int)) -> Bool) -> [(x: Int, y: Int)] {
        var result: [(x: Int, y: Int)] = []
        for y in 0..<height {
            for x in 0..<width where matches(color(x: x, y: y)) { result.append((x, y)) }
        }
        return result
    }
}

import CRender
import TextNavigation
import TextNavigationRender

/// HarfBuzz called directly, independently of HarfBuzzMetrics: one line's text shaped alone in
/// one buffer, its glyphs placed left to right from a given x.
struct HarfBuzzReference {
    /// One placed glyph: its HarfBuzz cluster (a UTF-16 offset of the storage), its pen x and advance.
    struct Glyph {
        var cluster: Int
        var x: Double
        var advance: Double
    }

    let font: FontFile
    let size: Double

    /// The glyphs of `range` of `storage`, shaped alone with the direction and script HarfBuzz
    /// guesses, placed from `x` in visual order.
    func glyphs(of range: Range<Int>, in storage: TextStorage, from x: Double) -> [Glyph] {
        let blob = hb_blob_create_from_file(font.path)
        defer { hb_blob_destroy(blob) }
        let face = hb_face_create(blob, UInt32(font.faceIndex))
        defer { hb_face_destroy(face) }
        let upem = hb_face_get_upem(face)
        let hbFont = hb_font_create(face)
        defer { hb_font_destroy(hbFont) }
        hb_font_set_scale(hbFont, Int32(upem), Int32(upem))
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let units = Array(storage.string(in: range)!.utf16)
        hb_buffer_add_utf16(buffer, units, Int32(units.count), 0, Int32(units.count))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        let scale = size / Double(upem)
        var pen = x
        var result: [Glyph] = []
        for index in 0..<Int(count) {
            let advance = Double(positions[index].x_advance) * scale
            result.append(Glyph(cluster: range.lowerBound + Int(infos[index].cluster), x: pen, advance: advance))
            pen += advance
        }
        return result
    }
}

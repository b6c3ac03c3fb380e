import CRender

/// An owning wrapper of one HarfBuzz font (`hb_font_t`) at 1 unit per font design unit, and of
/// the face and blob it reads: what ``HarfBuzzMetrics`` shapes with.
///
/// `Sendable`: the font is made immutable once created, and HarfBuzz's immutable objects may
/// be shaped with from any thread at once.
final class HarfBuzzFont: @unchecked Sendable {
    /// The file the font was read from.
    let file: FontFile
    /// The font's design units per em.
    let unitsPerEm: Double
    let handle: OpaquePointer

    /// Opens face `file.faceIndex` of `file.path`.
    ///
    /// - Throws: ``FontLoadingError`` when the file cannot be read, is not a font, or has no
    ///   such face.
    init(_ file: FontFile) throws(FontLoadingError) {
        self.file = file
        guard let blob = hb_blob_create_from_file_or_fail(file.path) else {
            throw FontLoadingError(font: file, reason: "the file cannot be read")
        }
        defer { hb_blob_destroy(blob) }
        let faceCount = Int(hb_face_count(blob))
        guard faceCount > 0 else {
            throw FontLoadingError(font: file, reason: "it is not an OpenType or TrueType font")
        }
        guard file.faceIndex >= 0, file.faceIndex < faceCount else {
            let faces = faceCount == 1 ? "one face, number 0" : "\(faceCount) faces, numbered from 0"
            throw FontLoadingError(font: file, reason: "it has \(faces)")
        }
        let face = hb_face_create(blob, UInt32(file.faceIndex))
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0 else {
            throw FontLoadingError(font: file, reason: "the face has no glyphs")
        }
        let upem = hb_face_get_upem(face)
        let font = hb_font_create(face)!
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)
        unitsPerEm = Double(upem)
        handle = font
    }

    deinit { hb_font_destroy(handle) }

    /// Whether the font maps `scalar` to a glyph of its own.
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(handle, scalar.value, &glyph) != 0
    }

    /// The font's horizontal extents in font units: ascender (up), descender (down, positive)
    /// and line gap.
    var extents: (ascender: Double, descender: Double, lineGap: Double) {
        var extents = hb_font_extents_t()
        guard hb_font_get_h_extents(handle, &extents) != 0 else {
            return (unitsPerEm * 0.8, unitsPerEm * 0.2, 0)
        }
        return (Double(extents.ascender), Double(-extents.descender), Double(extents.line_gap))
    }
}

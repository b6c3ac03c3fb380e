import CRender

/// An owning reference to one Cairo font face made from a FreeType face of a font file: the
/// same glyphs HarfBuzz shaped, drawn by Cairo.
///
/// The FreeType face is closed when Cairo destroys the font face (attached as its user data),
/// so that a face Cairo still caches stays open.
final class CairoFontFace {
    let handle: OpaquePointer

    /// The key the FreeType face is attached to Cairo's font face under.
    private nonisolated(unsafe) static let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    /// Opens `file` for Cairo; `nil` when FreeType or Cairo cannot.
    init?(_ file: FontFile) {
        guard let face = FreeTypeLibrary.shared.openFace(file) else { return nil }
        guard let fontFace = cairo_ft_font_face_create_for_ft_face(face, 0),
            cairo_font_face_status(fontFace) == CAIRO_STATUS_SUCCESS
        else {
            FreeTypeLibrary.shared.closeFace(face)
            return nil
        }
        let attached = cairo_font_face_set_user_data(fontFace, Self.key, UnsafeMutableRawPointer(face)) { face in
            if let face { FreeTypeLibrary.shared.closeFace(face.assumingMemoryBound(to: FT_FaceRec_.self)) }
        }
        guard attached == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(fontFace)
            FreeTypeLibrary.shared.closeFace(face)
            return nil
        }
        handle = fontFace
    }

    deinit { cairo_font_face_destroy(handle) }
}

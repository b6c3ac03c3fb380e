import CRender
import Synchronization

/// The process's one FreeType library, which opens the faces Cairo draws with. It is never
/// closed: Cairo may keep a face cached after its last use, and closing the library would free
/// the face under it.
///
/// `Sendable`: the library lives behind a lock, as FreeType asks that faces be opened and
/// closed one at a time (a face is closed by ``closeFace(_:)`` when Cairo lets go of it).
final class FreeTypeLibrary: Sendable {
    /// The library, opened on first use; `nil` when FreeType could not start.
    static let shared = FreeTypeLibrary()

    private let handle: Mutex<OpaquePointer?>

    private init() {
        var library: OpaquePointer?
        if FT_Init_FreeType(&library) != 0 { library = nil }
        handle = Mutex(library)
    }

    /// Opens face `file.faceIndex` of `file.path`; `nil` when FreeType cannot.
    func openFace(_ file: FontFile) -> FT_Face? {
        handle.withLock { library -> FT_Face? in
            guard let library else { return nil }
            var face: FT_Face?
            guard FT_New_Face(library, file.path, file.faceIndex, &face) == 0 else { return nil }
            return face
        }
    }

    /// Closes `face`, opened by ``openFace(_:)``.
    func closeFace(_ face: FT_Face) {
        handle.withLock { _ in _ = FT_Done_Face(face) }
    }
}

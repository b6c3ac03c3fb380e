/// A font in a file: an OpenType or TrueType file, or one face of a collection (`.ttc`).
public struct FontFile: Sendable, Hashable, CustomStringConvertible {
    /// The file's path.
    public var path: String
    /// The face's index in a collection; 0 for a file of one face.
    public var faceIndex: Int

    /// The face `faceIndex` of the font file at `path`.
    public init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }

    public var description: String { faceIndex == 0 ? path : "\(path) (face \(faceIndex))" }
}

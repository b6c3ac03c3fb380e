import TextNavigation

/// How a ZIP archive starts, as every EPUB does: a local file header (`PK\x03\x04`), or the end
/// record of an empty archive (`PK\x05\x06`); the first part of a split (spanned) archive starts
/// with `PK\x07\x08` or `PK00`, which counts as an archive too, so that it is named as what it
/// is. The format is known by content, not by the file's name, so a stream or a file read as
/// plain text can be told to be an EPUB instead.
enum ZIPSignature {
    /// Whether `prefix` (a file's first bytes) starts a ZIP archive.
    static func isArchive(prefix: some Collection<UInt8>) -> Bool {
        let first = Array(prefix.prefix(4))
        return first == [0x50, 0x4B, 0x03, 0x04] || first == [0x50, 0x4B, 0x05, 0x06] || isSplitArchive(prefix: first)
    }

    /// Whether `prefix` starts the first part of a split (spanned) archive.
    static func isSplitArchive(prefix: some Collection<UInt8>) -> Bool {
        let first = Array(prefix.prefix(4))
        return first == [0x50, 0x4B, 0x07, 0x08] || first == [0x50, 0x4B, 0x30, 0x30]
    }
}

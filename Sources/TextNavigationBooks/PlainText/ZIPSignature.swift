import TextNavigation

/// How a ZIP archive starts, as every EPUB does: a local file header (`PK\x03\x04`), or the end
/// record of an empty archive (`PK\x05\x06`). The format is known by content, not by the file's
/// name, so a stream or a file read as plain text can be told to be an EPUB instead.
enum ZIPSignature {
    /// Whether `prefix` (a file's first bytes) starts a ZIP archive.
    static func isArchive(prefix: some Collection<UInt8>) -> Bool {
        let first = Array(prefix.prefix(4))
        return first == [0x50, 0x4B, 0x03, 0x04] || first == [0x50, 0x4B, 0x05, 0x06]
    }
}

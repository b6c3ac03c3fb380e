import TextNavigation

/// A book read from a stream (standard input, a pipe): plain text, or the bytes of an EPUB when
/// the stream starts with a ZIP signature (`PK\x03\x04`), known before the plain-text reader's
/// NUL check would stop at the archive's first NUL as binary input.
public enum StreamedInput: Sendable {
    case plainText(PlainTextBook)
    /// A ZIP archive's bytes, for ``EPUBBook/init(bytes:limits:)``.
    case archive([UInt8])

    /// Reads the open file descriptor `descriptor` to its end, at most 1 GiB either way (as
    /// ``PlainTextBook/init(fileDescriptor:name:options:)``); `name` names it in errors.
    ///
    /// - Throws: as ``PlainTextBook/init(fileDescriptor:name:options:)``.
    public init(fileDescriptor descriptor: Int32, name: String, options: PlainTextBook.Options = .init())
        throws(BookLoadingError)
    {
        let file = try MappedFile(
            descriptor: descriptor, name: name, stopsAtNUL: !options.allowsNUL, readsArchives: true)
        if ZIPSignature.isArchive(prefix: file.bytes) {
            self = .archive(Array(file.bytes))
        } else {
            self = .plainText(try PlainTextBook.load(file.bytes, options: options, file: file))
        }
        withExtendedLifetime(file) {}
    }
}

import TextNavigationBooks

/// An audiobook's cover picture: an EPUB book's cover image (EPUB 3 `cover-image`, EPUB 2
/// `<meta name="cover">`) when it is a JPEG or a PNG, which the MP4 muxer writes as `covr`.
struct AudiobookCover {
    let bytes: [UInt8]
    let isPNG: Bool

    /// `book`'s cover, or `nil`: a plain-text book, an EPUB without a cover image, or one in
    /// another format (an SVG, a GIF), or one that cannot be read.
    init?(of book: OpenedBook) {
        guard let epub = book.epub, let cover = try? epub.coverImage(),
            cover.mediaType == "image/jpeg" || cover.mediaType == "image/png",
            let bytes = try? epub.resource(cover.path), !bytes.isEmpty
        else { return nil }
        self.bytes = bytes
        isPNG = cover.mediaType == "image/png"
    }
}

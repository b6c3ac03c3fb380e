import TextNavigation

extension EPUBBook {
    /// The bytes of the resource `name` (an entry of the container, as ``MediaOverlayClip/audio``
    /// names it), read from the book's file again within its ``EPUBLimits``.
    ///
    /// - Throws: ``EPUBError`` when the file is gone or changed so that it cannot be read, or
    ///   the entry is missing or too large.
    public func resource(_ name: String) throws(EPUBError) -> [UInt8] {
        try reopenedArchive().data(name)
    }

    /// The book's Media Overlays and `<audio>` elements as ``Narration`` of `document` (a
    /// document made of the book's elements), for the player to play in place of synthesized
    /// speech: the overlays' clips first (``Narration/clips`` index `i` is ``mediaOverlays``'
    /// `i`), then each `<audio>` element's whole recording over its fallback text.
    public func narration(in document: Document) -> Narration {
        let overlays = mediaOverlays.map {
            NarrationClip(
                text: $0.text, audio: AudioClip(source: $0.audio, begin: $0.begin, end: $0.end),
                kinds: EPUBStructuralSemantics.kinds(of: $0.types))
        }
        let embedded = embeddedAudio.filter { $0.element < document.elements.count }.map { audio in
            NarrationClip(
                text: ReadingPosition(
                    element: audio.element, offset: 0)..<ReadingPosition(
                        element: audio.element, offset: document.elements[audio.element].text.count),
                audio: AudioClip(source: audio.source, begin: 0, end: nil))
        }
        return Narration(clips: overlays + embedded, in: document)
    }
}

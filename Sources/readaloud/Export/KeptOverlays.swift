import TextNavigationBooks

/// The Media Overlays of a kept EPUB (``KeptEPUB``): the clips placed in the book's content
/// documents, grouped by document (an overlay per document, in reading order), each `par`'s
/// audio its chapter's file; and what the package document gains for them.
struct KeptOverlays {
    /// One content document's overlay.
    struct Overlay {
        /// The content document's entry name, and the overlay's.
        let document: String
        let path: String
        var clips: [(chapter: Int, part: SpokenStretch.Part)]
    }

    let overlays: [Overlay]
    /// Where the overlays and audio go (an entry folder, ending in "/").
    let folder: String
    let sampleRate: Int

    /// The overlays of `clips` (in reading order, each with its chapter's index) of `epub`'s
    /// content documents, to live in `folder`.
    init(_ clips: [(chapter: Int, part: SpokenStretch.Part)], epub: EPUBBook, folder: String, sampleRate: Int) {
        var overlays: [Overlay] = []
        var numbers: [String: Int] = [:]
        for clip in clips {
            guard let document = epub.contentDocument(containing: clip.part.element)?.href else { continue }
            if let number = numbers[document] {
                overlays[number].clips.append(clip)
            } else {
                numbers[document] = overlays.count
                overlays.append(
                    Overlay(document: document, path: folder + "overlay-\(overlays.count + 1).smil", clips: [clip]))
            }
        }
        self.overlays = overlays
        self.folder = folder
        self.sampleRate = sampleRate
    }

    /// The chapters (indices) whose audio the overlays play.
    var chapters: [Int] { Set(overlays.flatMap { $0.clips.map(\.chapter) }).sorted() }

    /// Chapter `chapter`'s audio file's entry name.
    func audioPath(_ chapter: Int) -> String { folder + "chapter-\(chapter + 1).m4a" }

    /// Each overlay's entry name and SMIL document.
    var documents: [(path: String, smil: String)] {
        overlays.map { overlay in
            let clips = overlay.clips.map { clip in
                (
                    text: EPUBBook.relativeHref(to: overlay.document, from: overlay.path) + "#" + clip.part.id,
                    audio: EPUBBook.relativeHref(to: audioPath(clip.chapter), from: overlay.path),
                    begin: clip.part.begin, end: clip.part.end
                )
            }
            return (overlay.path, OverlayChapter.smil(clips, sampleRate: sampleRate, textref: nil))
        }
    }

    /// An overlay's length: its clips' lengths, each as its SMIL clock values give it (ms).
    private func milliseconds(_ overlay: Overlay) -> Int64 {
        overlay.clips.reduce(0) { total, clip in
            total + BookTimeline.milliseconds(clip.part.end, sampleRate: sampleRate)
                - BookTimeline.milliseconds(clip.part.begin, sampleRate: sampleRate)
        }
    }

    /// What the package document gains: the style sheet `style` (an entry name), each overlay
    /// and audio file as items, each overlay on its document, `media:duration` per overlay and
    /// in total, `media:active-class`.
    func changes(style: String) -> EPUBPackageChanges {
        var changes = EPUBPackageChanges()
        changes.items.append(.init(id: "readaloud-css", path: style, mediaType: "text/css"))
        var total: Int64 = 0
        for (index, overlay) in overlays.enumerated() {
            let id = "readaloud-mo\(index + 1)"
            changes.items.append(.init(id: id, path: overlay.path, mediaType: "application/smil+xml"))
            changes.overlays[overlay.document] = id
            let duration = milliseconds(overlay)
            total += duration
            changes.metadata.append(
                .init(property: "media:duration", refines: id, value: SynchronizedEPUB.clock(duration)))
        }
        for chapter in chapters {
            changes.items.append(
                .init(id: "readaloud-a\(chapter + 1)", path: audioPath(chapter), mediaType: "audio/mp4"))
        }
        changes.metadata.append(.init(property: "media:duration", value: SynchronizedEPUB.clock(total)))
        changes.metadata.append(.init(property: "media:active-class", value: SynchronizedEPUB.activeClass))
        return changes
    }
}

import Foundation
import TextNavigation
import TextNavigationBooks

/// The synchronized EPUB 3 of an EPUB 3 book: the book's own container kept (every entry: its
/// content documents, styles, images, fonts, cover, navigation; its package document's
/// metadata, manifest and spine), with a `span` and an id around each spoken sentence (or
/// word) in its content documents (``EPUBBook/markedContent(_:stylesheet:)``), each chapter's
/// audio, a Media Overlay per content document (``KeptOverlays``), and in the package document
/// each overlay on its document's item, `media:duration` per overlay and in total,
/// `media:active-class` and a style sheet for it. The book's own Media Overlays, if any, are
/// replaced. What is added lives in a folder `readaloud/` beside the package document.
enum KeptEPUB {
    /// Writes the EPUB of `timeline` (its chapters' audio files `audio`, in order) from
    /// `epub` (whose elements `document` holds) to `url`, spooling its entries in `spool`.
    static func write(
        _ timeline: BookTimeline, epub: EPUBBook, document: Document, sync: SyncGranularity, audio: [URL],
        spool: URL, to url: URL
    ) throws(ExportFailure) {
        let packagePath = try reading { () throws(EPUBError) in try epub.packageDocument(with: .init()).path }
        let folder = packagePath.lastIndex(of: "/").map { String(packagePath[...$0]) } ?? ""
        var clips: [(chapter: Int, part: SpokenStretch.Part)] = []
        for index in 0..<timeline.count {
            let stretches = SpokenStretch.stretches(
                of: try timeline.timing(of: index), sync: sync, prefix: "ra\(index + 1)"
            ) { document.elements[$0].text.count }
            clips += stretches.flatMap(\.clips).map { (chapter: index, part: $0) }
        }
        let style = folder + "readaloud/overlay.css"
        let marks = clips.map { EPUBTextMark(id: $0.part.id, element: $0.part.element, range: $0.part.range) }
        let marked = try reading { () throws(EPUBError) in try epub.markedContent(marks, stylesheet: style) }
        let overlays = KeptOverlays(
            clips.filter { marked.placed.contains($0.part.id) }, epub: epub, folder: folder + "readaloud/",
            sampleRate: timeline.sampleRate)
        let package = try reading { () throws(EPUBError) in
            try epub.packageDocument(with: overlays.changes(style: style))
        }
        let zip = try StoredZipWriter(url: url, spool: spool)
        try zip.add("mimetype", Data("application/epub+zip".utf8))
        for name in try reading({ () throws(EPUBError) in try epub.entryNames() })
        where name != "mimetype" && !package.removed.contains(name) {
            if name == package.path {
                try zip.add(name, Data(package.bytes))
            } else if let document = marked.documents[name] {
                try zip.add(name, Data(document))
            } else {
                try zip.add(name, Data(try reading { () throws(EPUBError) in try epub.resource(name) }))
            }
        }
        try zip.add(style, Data(SynchronizedEPUB.activeStyle.utf8))
        for (path, smil) in overlays.documents { try zip.add(path, Data(smil.utf8)) }
        for chapter in overlays.chapters {
            try zip.add(overlays.audioPath(chapter), contentsOf: audio[chapter])
        }
        try zip.finish()
    }

    /// `body`'s result; an ``EPUBError`` (the book's file gone or changed since it was opened)
    /// as an export failure.
    private static func reading<T>(_ body: () throws(EPUBError) -> T) throws(ExportFailure) -> T {
        do throws(EPUBError) {
            return try body()
        } catch {
            throw ExportFailure(.ioError, "cannot read the book again to keep its content: \(error)")
        }
    }
}

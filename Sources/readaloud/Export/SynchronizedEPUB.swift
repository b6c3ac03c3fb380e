import Foundation
import Synchronization
import TextNavigationBooks

/// A synchronized EPUB 3 of an export. An EPUB 3 book keeps its own content (``KeptEPUB``);
/// a plain-text (or EPUB 2) book gets its text as XHTML (a chapter a document), each
/// chapter's audio (AAC in MP4, `audio/mp4`, encoded in parallel) and Media Overlay, the
/// package document with `media:duration` per overlay and in total and `media:active-class`,
/// and a navigation document; zipped with `mimetype` first and stored.
enum SynchronizedEPUB {
    /// The class a reading system gives the text being heard.
    static let activeClass = "-epub-media-overlay-active"
    /// The style sheet that shows it.
    static let activeStyle = ".\(activeClass) { background-color: #ffe680; }\n"

    /// Writes the EPUB of `timeline` (chapters `chapters` of `book`) to `url`.
    static func write(
        _ timeline: BookTimeline, chapters: [ExportChapter], book: OpenedBook, tags: AudiobookWriter.Tags,
        sync: SyncGranularity, jobs: Int, cache: ExportCache, to url: URL
    ) throws(ExportFailure) {
        let audio = try encodeAudio(timeline, cache: cache, jobs: jobs)
        if let epub = book.epub, epub.version.hasPrefix("3") {
            try KeptEPUB.write(
                timeline, epub: epub, document: book.document, sync: sync, audio: audio, spool: cache.url, to: url)
            return
        }
        // A chapter at a time: its overlay is made, written and let go.
        let zip = try StoredZipWriter(url: url, spool: cache.url)
        try zip.add("mimetype", Data("application/epub+zip".utf8))
        try zip.add("META-INF/container.xml", Data(container.utf8))
        var synchronized: [Bool] = []
        for index in 0..<timeline.count {
            let overlay = OverlayChapter(
                number: index + 1, title: timeline.titles[index], elements: chapters[index].elements,
                document: book.document, timing: try timeline.timing(of: index), sync: sync, language: tags.language)
            try zip.add("OEBPS/" + overlay.documentName, Data(overlay.xhtml.utf8))
            try zip.add("OEBPS/" + overlay.overlayName, Data(overlay.overlay(sampleRate: timeline.sampleRate).utf8))
            try zip.add("OEBPS/" + overlay.audioName, contentsOf: audio[index])
            synchronized.append(!overlay.clips.isEmpty)
        }
        try zip.add("OEBPS/content.opf", Data(package(synchronized, timeline: timeline, tags: tags).utf8))
        try zip.add("OEBPS/nav.xhtml", Data(navigation(timeline, tags: tags).utf8))
        try zip.add("OEBPS/style.css", Data(activeStyle.utf8))
        try zip.finish()
    }

    /// Each chapter's audio as AAC in MP4, encoded `jobs` at a time, in the cache.
    private static func encodeAudio(_ timeline: BookTimeline, cache: ExportCache, jobs: Int) throws(ExportFailure)
        -> [URL]
    {
        let files = (0..<timeline.count).map { cache.url.appendingPathComponent("chapter-\($0 + 1).m4a") }
        let failure = Mutex<ExportFailure?>(nil)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(max(jobs, 1), files.count)) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < files.count, failure.withLock({ $0 == nil }) else { return }
                do throws(ExportFailure) {
                    let encoder = try AudiobookEncoder(
                        url: files[index], format: .mp4AAC, sampleRate: timeline.sampleRate)
                    try ChapterAudio.blocks(of: cache.audio(of: index + 1)) { (samples) throws(ExportFailure) in
                        try encoder.write(samples)
                    }
                    try encoder.finish()
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return files
    }

    static let container = """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
        <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>

        """

    /// `milliseconds` as a media:duration clock value ("0:01:02.345").
    static func clock(_ milliseconds: Int64) -> String {
        let seconds = milliseconds / 1000
        return String(
            format: "%lld:%02lld:%02lld.%03lld", seconds / 3600, seconds / 60 % 60, seconds % 60, milliseconds % 1000)
    }
}

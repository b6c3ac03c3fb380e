import Foundation

/// An export's audiobook: the chapters' audio, one after the other, encoded by FFmpeg with a
/// chapter mark per chapter and the book's title, author, language and cover.
enum AudiobookWriter {
    /// The book's tags: title, author, language, and the cover picture (MP4 only).
    struct Tags {
        var title: String
        var author: String?
        var language: String
        var cover: AudiobookCover?
    }

    /// Writes `timeline` (its chapters' audio in `cache`) to `url` in `format`.
    static func write(
        _ timeline: BookTimeline, cache: ExportCache, tags: Tags, format: AudiobookEncoder.Format, to url: URL
    ) throws(ExportFailure) {
        let encoder = try AudiobookEncoder(url: url, format: format, sampleRate: timeline.sampleRate)
        if let cover = tags.cover { encoder.setCover(cover) }
        tag(encoder, timeline: timeline, tags: tags)
        for index in 0..<timeline.count {
            try ChapterAudio.blocks(of: cache.audio(of: index + 1)) { (samples) throws(ExportFailure) in
                try encoder.write(samples)
            }
        }
        try encoder.finish()
    }

    /// Gives `encoder` the book's tags and a chapter mark per chapter of `timeline`.
    static func tag(_ encoder: AudiobookEncoder, timeline: BookTimeline, tags: Tags) {
        encoder.setMetadata("title", tags.title)
        encoder.setMetadata("album", tags.title)
        if let author = tags.author { encoder.setMetadata("artist", author) }
        encoder.setMetadata("language", tags.language)
        encoder.setMetadata("genre", "Audiobook")
        for (index, title) in timeline.titles.enumerated() {
            encoder.addChapter(
                title: title, from: timeline.milliseconds(timeline.offsets[index]),
                to: timeline.milliseconds(timeline.offsets[index + 1]))
        }
    }
}

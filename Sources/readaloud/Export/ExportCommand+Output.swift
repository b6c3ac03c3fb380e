import Foundation
import TextNavigationBooks

extension ExportCommand {
    /// Writes `timeline` as `format` to `output`: under a temporary name first (`OUT.tmp`),
    /// renamed when whole; removed when the writing fails (a full disk: 74).
    static func write(
        _ timeline: BookTimeline, chapters: [ExportChapter], format: ExportFormat, pipeline: PipelinedAudiobook?,
        book: OpenedBook,
        arguments: ParsedArguments,
        cache: ExportCache, to output: URL
    ) throws(ExportFailure) {
        let temporary = output.appendingPathExtension("tmp")
        if pipeline == nil { try? FileManager.default.removeItem(at: temporary) }
        do throws(ExportFailure) {
            switch format {
            case .srt, .vtt:
                try SubtitleWriter.write(timeline, kind: format == .srt ? .srt : .vtt, to: temporary)
            case .m4b where pipeline != nil:
                try pipeline?.finish(timeline, tags: tags(of: book, arguments))
            case .m4b, .opus:
                try AudiobookWriter.write(
                    timeline, cache: cache, tags: tags(of: book, arguments), format: format.audio ?? .mp4AAC,
                    to: temporary)
            case .epub:
                try SynchronizedEPUB.write(
                    timeline, chapters: chapters, book: book, tags: tags(of: book, arguments),
                    sync: arguments[ExportOptions.sync], jobs: arguments[ExportOptions.jobs], cache: cache,
                    to: temporary)
            }
            try ExportCache.rename(temporary, to: output)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// The book's title, author, language and cover, as the output is tagged.
    private static func tags(of book: OpenedBook, _ arguments: ParsedArguments) -> AudiobookWriter.Tags {
        AudiobookWriter.Tags(
            title: book.displayTitle, author: book.metadata.creator?.value,
            language: book.metadata.title?.language ?? arguments[CommonOptions.locale], cover: AudiobookCover(of: book))
    }
}

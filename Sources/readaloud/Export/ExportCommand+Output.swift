import Foundation
import TextNavigationBooks

extension ExportCommand {
    /// Writes `timeline` as `format` to `output`: under a temporary name first (`OUT.tmp`),
    /// renamed when whole; removed when the writing fails (a full disk: 74).
    static func write(
        _ timeline: BookTimeline, format: ExportFormat, book: OpenedBook, arguments: ParsedArguments,
        cache: ExportCache, to output: URL
    ) throws(ExportFailure) {
        let temporary = output.appendingPathExtension("tmp")
        try? FileManager.default.removeItem(at: temporary)
        do throws(ExportFailure) {
            switch format {
            case .srt, .vtt:
                let text = SubtitleWriter.text(of: timeline, kind: format == .srt ? .srt : .vtt)
                try writeFile(Data(text.utf8), to: temporary)
            case .m4b, .opus:
                let tags = AudiobookWriter.Tags(
                    title: book.displayTitle, author: book.metadata.creator?.value,
                    language: book.metadata.title?.language ?? arguments[CommonOptions.locale])
                try AudiobookWriter.write(
                    timeline, cache: cache, tags: tags, format: format.audio ?? .mp4AAC, to: temporary)
            case .epub:
                throw ExportFailure(.usage, "EPUB export is not done yet")
            }
            try ExportCache.rename(temporary, to: output)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Writes `data` to `url`, failing with 74 when the disk takes less than all of it.
    private static func writeFile(_ data: Data, to url: URL) throws(ExportFailure) {
        do {
            try data.write(to: url)
        } catch {
            throw ExportFailure(.ioError, "cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}

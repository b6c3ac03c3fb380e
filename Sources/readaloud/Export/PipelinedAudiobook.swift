import Dispatch
import Foundation

/// An MP4 audiobook encoded while it is synthesized: each chapter encoded, in order, on a queue
/// of its own as soon as it and every chapter before it are finished, so encoding overlaps the
/// workers' synthesis. MP4 takes its chapter marks and tags at the end (in its index, written
/// last), once every chapter's time is known.
///
/// `@unchecked Sendable`: `encoder` and `failure` are used only on `queue`; `ready` and `next`
/// only on the thread that reports chapters.
final class PipelinedAudiobook: @unchecked Sendable {
    private let queue = DispatchQueue(label: "readaloud.export.encoding")
    private let cache: ExportCache
    /// The file being written (the output's temporary name).
    let url: URL
    private var encoder: AudiobookEncoder?
    private var failure: ExportFailure?
    private var ready = Set<Int>()
    private var next = 1

    private let cover: AudiobookCover?

    /// An audiobook to be written to `url` from the chapters in `cache`, with `cover`.
    init(cache: ExportCache, url: URL, cover: AudiobookCover?) {
        self.cache = cache
        self.cover = cover
        self.url = url
        try? FileManager.default.removeItem(at: url)
    }

    /// Chapter `number` (from 1) is finished: encodes it, and the ones after it that wait for
    /// it, in order.
    func chapterFinished(_ number: Int) {
        ready.insert(number)
        while ready.contains(next) {
            let number = next
            next += 1
            queue.async { self.encode(number) }
        }
    }

    private func encode(_ number: Int) {
        guard failure == nil else { return }
        do throws(ExportFailure) {
            let encoder: AudiobookEncoder
            if let open = self.encoder {
                encoder = open
            } else {
                encoder = try opened(rate: cache.loadTiming(ChapterTiming.Length.self, of: number).sampleRate)
            }
            try ChapterAudio.blocks(of: cache.audio(of: number)) { (samples) throws(ExportFailure) in
                try encoder.write(samples)
            }
        } catch {
            failure = error
        }
    }

    private func opened(rate: Int) throws(ExportFailure) -> AudiobookEncoder {
        let encoder = try AudiobookEncoder(url: url, format: .mp4AAC, sampleRate: rate)
        if let cover { encoder.setCover(cover) }
        self.encoder = encoder
        return encoder
    }

    /// Waits for the chapters to be encoded, then writes the chapter marks and tags and the
    /// file's end.
    func finish(_ timeline: BookTimeline, tags: AudiobookWriter.Tags) throws(ExportFailure) {
        let outcome: Result<Void, ExportFailure> = queue.sync {
            if let failure { return .failure(failure) }
            guard let encoder else { return .failure(ExportFailure(.software, "no chapter was encoded")) }
            AudiobookWriter.tag(encoder, timeline: timeline, tags: tags)
            do throws(ExportFailure) {
                try encoder.finish()
            } catch {
                return .failure(error)
            }
            self.encoder = nil
            return .success(())
        }
        try outcome.get()
    }

    /// Stops encoding and removes the file.
    func abandon() {
        queue.sync {
            failure = failure ?? ExportFailure(.software, "abandoned")
            encoder = nil
        }
        try? FileManager.default.removeItem(at: url)
    }
}

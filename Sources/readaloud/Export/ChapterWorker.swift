import Dispatch
import Foundation
import TextNavigation
import TextNavigationBooks

/// A worker process's one job (`readaloud export BOOK --worker N:FIRST:END`): chapter N's
/// elements read by the library's player through ``RecordingSpeechEngine``, into
/// `chapter-N.wav` and `chapter-N.json` in the export's cache directory, each written under a
/// temporary name and renamed, so a chapter there is a finished one.
///
/// One chapter per process: espeak-ng has global state, so chapters run in parallel only as
/// processes, and each starting afresh makes a chapter's audio the same whatever ran before.
enum ChapterWorker {
    /// What `--worker` names: the chapter's number (from 1) and its elements.
    struct Job: Equatable {
        var number: Int
        var elements: Range<Int>

        var argument: String { "\(number):\(elements.lowerBound):\(elements.upperBound)" }

        init(number: Int, elements: Range<Int>) {
            self.number = number
            self.elements = elements
        }

        init?(argument: String) {
            let parts = argument.split(separator: ":").compactMap { Int($0) }
            guard parts.count == 3, parts[0] > 0, parts[1] >= 0, parts[2] >= parts[1] else { return nil }
            self.init(number: parts[0], elements: parts[1]..<parts[2])
        }
    }

    /// Synthesizes `job` of `book` into `cache`.
    static func run(
        _ job: Job, title: String, book: OpenedBook, settings: SpeechSettings, skipping: Set<ContentKind>,
        pronunciations: any PronunciationSource, cache: ExportCache
    ) throws(ExportFailure) {
        let scratch = cache.url.appendingPathComponent("scratch-\(job.number)")
        try? FileManager.default.removeItem(at: scratch)
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            throw ExportFailure(.cannotCreate, "cannot create \(scratch.path): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let audio = cache.temporary(cache.audio(of: job.number))
        let engine = try RecordingSpeechEngine(settings: settings, scratch: scratch, audio: audio)
        let done = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        let player = ReadAloudPlayer(
            document: book.document, granularity: .sentence, engine: engine, settings: settings,
            skipping: skipping, pronunciations: pronunciations
        ) { event in
            switch event {
            case .reading(.end), .sleepTimerEnded: done.signal()
            case .failed(let reason):
                failure.set(reason)
                done.signal()
            default: break
            }
        }
        player.stops = ReadingStops(endElement: job.elements.upperBound)
        player.play(from: ReadingPosition(element: job.elements.lowerBound, offset: 0))
        done.wait()
        if let reason = failure.reason { throw ExportFailure(.unavailable, reason) }
        let timing = try engine.finish(title: title)
        try cache.store(timing, audio: audio, of: job.number)
    }

    /// The player's failure, set on its queue and read after it has stopped.
    private final class FailureBox: @unchecked Sendable {
        private(set) var reason: String?
        func set(_ reason: String) { self.reason = reason }
    }
}

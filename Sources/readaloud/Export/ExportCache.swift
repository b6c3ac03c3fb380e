import Foundation

/// The export's work in progress, next to the output: `OUT.partial/`, holding each finished
/// chapter's audio and timing (`chapter-N.wav`, `chapter-N.json`) and the plan they belong to
/// (`plan.json`: the chapters and the arguments that shape the audio). `--resume` keeps the
/// finished chapters of the same plan; the directory is removed once the output is in place.
struct ExportCache: Sendable {
    let url: URL

    /// The cache of the export to `output`.
    init(output: URL) {
        url = output.deletingLastPathComponent().appendingPathComponent(output.lastPathComponent + ".partial")
    }

    func audio(of chapter: Int) -> URL { url.appendingPathComponent("chapter-\(chapter).wav") }
    func timing(of chapter: Int) -> URL { url.appendingPathComponent("chapter-\(chapter).json") }
    var plan: URL { url.appendingPathComponent("plan.json") }

    /// The name `file` is written under until it is finished.
    func temporary(_ file: URL) -> URL { file.appendingPathExtension("tmp") }

    /// Whether chapter `chapter` is finished (its timing is written last).
    func isFinished(_ chapter: Int) -> Bool {
        FileManager.default.fileExists(atPath: timing(of: chapter).path)
            && FileManager.default.fileExists(atPath: audio(of: chapter).path)
    }

    /// Chapter `chapter`'s timing.
    func loadTiming(of chapter: Int) throws(ExportFailure) -> ChapterTiming {
        try loadTiming(ChapterTiming.self, of: chapter)
    }

    /// Chapter `chapter`'s timing as `type` (its whole timing, or its ``ChapterTiming/Length``).
    func loadTiming<Timing: Decodable>(_ type: Timing.Type, of chapter: Int) throws(ExportFailure) -> Timing {
        do {
            return try JSONDecoder().decode(type, from: Data(contentsOf: timing(of: chapter)))
        } catch {
            throw ExportFailure(.ioError, "cannot read \(timing(of: chapter).path): \(error.localizedDescription)")
        }
    }

    /// Keeps chapter `chapter`: its audio (written to `audio`) and its timing, each renamed
    /// into place, the timing last.
    func store(_ timing: ChapterTiming, audio: URL, of chapter: Int) throws(ExportFailure) {
        let timingFile = temporary(self.timing(of: chapter))
        do {
            try Self.encoder.encode(timing).write(to: timingFile)
            try Self.rename(audio, to: self.audio(of: chapter))
            try Self.rename(timingFile, to: self.timing(of: chapter))
        } catch {
            try? FileManager.default.removeItem(at: timingFile)
            throw ExportFailure(.ioError, "cannot write chapter \(chapter): \(error.localizedDescription)")
        }
    }

    /// Prepares the directory for `plan`: with `resume`, keeps what a run of the same plan
    /// finished; otherwise (or for another plan) starts empty.
    func prepare(plan: Data, resume: Bool) throws(ExportFailure) {
        let manager = FileManager.default
        let same = (try? Data(contentsOf: self.plan)) == plan
        if !(resume && same) { try? manager.removeItem(at: url) }
        do {
            try manager.createDirectory(at: url, withIntermediateDirectories: true)
            if !same || !resume { try plan.write(to: self.plan) }
        } catch {
            throw ExportFailure(.cannotCreate, "cannot create \(url.path): \(error.localizedDescription)")
        }
    }

    /// Removes the directory.
    func remove() { try? FileManager.default.removeItem(at: url) }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// Renames `from` to `to`, replacing it (rename(2), atomic on one file system).
    static func rename(_ from: URL, to: URL) throws(ExportFailure) {
        guard Foundation.rename(from.path, to.path) == 0 else {
            throw ExportFailure(.ioError, "cannot rename \(from.path): \(String(cString: strerror(errno)))")
        }
    }
}

extension ExportFailure: LocalizedError {
    var errorDescription: String? { message }
}

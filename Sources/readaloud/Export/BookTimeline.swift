/// The finished chapters of an export one after the other: each chapter's title and where it
/// starts in the whole audio, in samples (all chapters share espeak-ng's rate). A chapter's
/// sentences and words are read from the cache when asked for (``timing(of:)``), one chapter at
/// a time, so that a long book's timing never has to be in memory whole.
struct BookTimeline: Sendable {
    /// Each chapter's title.
    let titles: [String]
    /// Where each chapter starts, and (last) the total length, in samples.
    let offsets: [Int]
    let sampleRate: Int
    private let cache: ExportCache

    /// The timeline of `chapters`, each finished in `cache`.
    init(_ chapters: [ExportChapter], cache: ExportCache) throws(ExportFailure) {
        var offsets = [0]
        var rate: Int?
        for index in chapters.indices {
            let timing = try cache.loadTiming(ChapterTiming.Length.self, of: index + 1)
            rate = rate ?? timing.sampleRate
            offsets.append(offsets[offsets.count - 1] + timing.samples)
        }
        titles = chapters.map(\.title)
        self.offsets = offsets
        sampleRate = rate ?? 22_050
        self.cache = cache
    }

    /// How many chapters there are.
    var count: Int { titles.count }
    var totalSamples: Int { offsets.last ?? 0 }

    /// Chapter `index`'s length in samples.
    func samples(of index: Int) -> Int { offsets[index + 1] - offsets[index] }

    /// Chapter `index`'s (from 0) sentences and words, read from the cache.
    func timing(of index: Int) throws(ExportFailure) -> ChapterTiming {
        var timing = try cache.loadTiming(of: index + 1)
        timing.title = titles[index]
        return timing
    }

    /// `sample` in milliseconds.
    func milliseconds(_ sample: Int) -> Int64 { Self.milliseconds(sample, sampleRate: sampleRate) }

    /// `sample` at `sampleRate` in milliseconds, rounded down: every time an export writes
    /// (chapter marks, cues, clips, durations) is one of these.
    static func milliseconds(_ sample: Int, sampleRate: Int) -> Int64 {
        Int64(sample) * 1000 / Int64(max(sampleRate, 1))
    }

    /// `milliseconds` as `HH:MM:SS` then `separator` and the milliseconds.
    static func clock(_ milliseconds: Int64, separator: String) -> String {
        let seconds = milliseconds / 1000
        return String(
            format: "%02lld:%02lld:%02lld%@%03lld", seconds / 3600, seconds / 60 % 60, seconds % 60, separator,
            milliseconds % 1000)
    }
}

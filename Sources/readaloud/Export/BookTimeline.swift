/// The finished chapters of an export one after the other: where each starts in the whole
/// audio, in samples (all chapters share espeak-ng's rate), and the sentences in book time.
struct BookTimeline: Sendable {
    let chapters: [ChapterTiming]
    /// Where each chapter starts, and (last) the total length, in samples.
    let offsets: [Int]

    init(_ chapters: [ChapterTiming]) {
        self.chapters = chapters
        var offsets = [0]
        for chapter in chapters { offsets.append(offsets[offsets.count - 1] + chapter.samples) }
        self.offsets = offsets
    }

    var sampleRate: Int { chapters.first?.sampleRate ?? 22_050 }
    var totalSamples: Int { offsets.last ?? 0 }

    /// `sample` in milliseconds.
    func milliseconds(_ sample: Int) -> Int64 { Int64(sample) * 1000 / Int64(max(sampleRate, 1)) }

    /// Every sentence with its start and end in the whole audio (samples), in order.
    var sentences: [(sentence: ChapterTiming.Sentence, begin: Int, finish: Int)] {
        chapters.indices.flatMap { index in
            chapters[index].sentences.map { ($0, offsets[index] + $0.begin, offsets[index] + $0.finish) }
        }
    }

    /// `milliseconds` as `HH:MM:SS` then `separator` and the milliseconds.
    static func clock(_ milliseconds: Int64, separator: String) -> String {
        let seconds = milliseconds / 1000
        return String(
            format: "%02lld:%02lld:%02lld%@%03lld", seconds / 3600, seconds / 60 % 60, seconds % 60, separator,
            milliseconds % 1000)
    }
}

/// The chapters of an MP4 audiobook's index: a QuickTime chapter track, and the user data
/// with the iTunes tags and Nero chapters.
extension MP4MovieIndex {
    /// A disabled text track whose samples are the chapters' titles, each as long as its
    /// chapter (the first from 0): what Apple's players and FFmpeg read as chapters.
    func chapterTrackBox(_ chapters: [MP4AudioFile.Movie.Chapter], length: Int64, language: UInt16)
        -> MP4Box
    {
        var durations = MP4DurationRuns()
        for (index, chapter) in chapters.enumerated() {
            let end = index + 1 < chapters.count ? chapters[index + 1].start : chapter.end
            durations.append(UInt32(clamping: end - (index == 0 ? 0 : chapter.start)))
        }
        var sizes = MP4Bytes()
        sizes.append(UInt32(0))
        sizes.append(UInt32(chapters.count))
        for size in chapterSampleSizes { sizes.append(size) }
        var offset = MP4Bytes()
        offset.append(UInt32(1))
        let wide = fileEnd > UInt64(UInt32.max)
        if wide { offset.append(chapterOffset) } else { offset.append(UInt32(chapterOffset)) }
        let sampleTable = MP4Box(
            "stbl",
            boxes: [
                MP4Box(full: "stsd", bytes: [0, 0, 0, 1] + Self.textSampleEntry), timeToSample(durations),
                sampleToChunk(samples: chapters.count, perChunk: chapters.count),
                MP4Box(full: "stsz", bytes: sizes.bytes), MP4Box(full: wide ? "co64" : "stco", bytes: offset.bytes),
            ])
        let media = MP4Box(
            "mdia",
            boxes: [
                mediaHeader(timescale: 1000, duration: length, language: language),
                Self.handler("text", name: "SubtitleHandler"),
                MP4Box("minf", boxes: [Self.textMediaHeader, Self.dataInformation, sampleTable]),
            ])
        return MP4Box(
            "trak",
            boxes: [
                trackHeader(track: Self.chapterTrack, flags: 2, duration: length, alternateGroup: 0, volume: 0),
                editList(duration: length, mediaTime: 0), media,
            ])
    }

    /// QuickTime's `text` sample entry: default display flags, justification, colours, box
    /// and font (`ftab` with font 1, no name), as FFmpeg writes it.
    private static let textSampleEntry: [UInt8] =
        [0, 0, 0, 0x3B] + Array("text".utf8) + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 1]
        + [UInt8](repeating: 0, count: 18)
        + [0, 1, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0x0D] + Array("ftab".utf8) + [0, 1, 0, 1, 0]

    /// QuickTime's base media header for a text track (`gmhd` with `gmin` and `text`).
    private static var textMediaHeader: MP4Box {
        MP4Box(
            "gmhd",
            boxes: [
                MP4Box(full: "gmin", bytes: [0, 0x40, 0x80, 0, 0x80, 0, 0x80, 0, 0, 0, 0, 0]),
                MP4Box(
                    "text",
                    bytes: [
                        0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                    ]
                        + [0x40, 0, 0, 0]),
            ])
    }

    /// The iTunes tags (`meta`/`ilst`, with the cover as `covr`) and Nero chapters (`chpl`,
    /// which holds at most 255); `nil` when there are neither.
    func userData(_ movie: MP4AudioFile.Movie) -> MP4Box? {
        var items = movie.tags.map { Self.item($0.type, flags: 1, Array($0.value.utf8)) }
        if let cover = movie.cover { items.append(Self.item("covr", flags: cover.isPNG ? 14 : 13, cover.bytes)) }
        let meta = MP4Box(
            full: "meta",
            [
                .box(Self.handler("mdir", name: "", manufacturer: "appl")),
                .box(MP4Box("ilst", boxes: items)),
            ])
        var boxes = items.isEmpty ? [] : [meta]
        if !movie.chapters.isEmpty {
            var chapters = MP4Bytes()
            chapters.append(UInt32(0))
            let listed = movie.chapters.prefix(255)
            chapters.append(UInt8(listed.count))
            for chapter in listed {
                chapters.append(UInt64(max(chapter.start, 0)) * 10_000)  // 100 ns units
                let title = MP4Bytes.truncated(chapter.title, toBytes: 255)
                chapters.append(UInt8(title.count))
                chapters.append(title)
            }
            boxes.append(MP4Box(full: "chpl", version: 1, bytes: chapters.bytes))
        }
        return boxes.isEmpty ? nil : MP4Box("udta", boxes: boxes)
    }

    /// An iTunes tag: a box of its type holding a `data` box of type `flags` (1 UTF-8, 13
    /// JPEG, 14 PNG).
    private static func item(_ type: String, flags: UInt32, _ value: [UInt8]) -> MP4Box {
        MP4Box(type, boxes: [MP4Box(full: "data", flags: flags, bytes: [0, 0, 0, 0] + value)])
    }
}

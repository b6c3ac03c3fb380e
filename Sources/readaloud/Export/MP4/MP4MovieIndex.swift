import Foundation

/// The index of an MP4 audiobook, its `moov` box: the movie header, the audio track with its
/// sample tables, a QuickTime chapter track (the chapter titles are text samples), and the
/// user data (iTunes tags and Nero `chpl` chapters, which players that ignore chapter tracks
/// read).
///
/// Times in the movie and track headers are milliseconds; the audio's media times are
/// samples. A field takes 64 bits (version 1 of its box) only when 32 do not hold it: 22,050
/// samples a second pass 32 bits after 54 hours.
struct MP4MovieIndex {
    let codec: MP4AudioFile.Codec
    let table: MP4AudioFile.SampleTable
    /// Where the first audio packet is, and where the chapter titles are, in the file.
    let audioOffset: UInt64
    let chapterOffset: UInt64
    let chapterSampleSizes: [UInt32]
    /// The file's length before the index: chunk offsets past 4 GiB take `co64`.
    let fileEnd: UInt64

    private static let audioTrack: UInt32 = 1
    static let chapterTrack: UInt32 = 2

    /// The `moov` box for `movie`, the sample sizes streamed from `sizes` (4 bytes each).
    func movieBox(_ movie: MP4AudioFile.Movie, sizes: BufferedFileWriter) -> MP4Box {
        let audioLength = milliseconds(table.totalDuration - Int64(codec.priming))
        let chapterLength = movie.chapters.last?.end ?? 0
        let language = Self.packedLanguage(movie.language)
        var boxes = [
            movieHeader(duration: max(audioLength, chapterLength), nextTrack: Self.chapterTrack + 1),
            audioTrackBox(length: audioLength, language: language, hasChapters: !movie.chapters.isEmpty, sizes: sizes),
        ]
        if !movie.chapters.isEmpty {
            boxes.append(chapterTrackBox(movie.chapters, length: chapterLength, language: language))
        }
        if let userData = userData(movie) { boxes.append(userData) }
        return MP4Box("moov", boxes: boxes)
    }

    private func milliseconds(_ samples: Int64) -> Int64 {
        (max(samples, 0) * 1000 + Int64(codec.sampleRate) / 2) / Int64(codec.sampleRate)
    }

    // MARK: Headers

    /// 0 when every value fits 32 bits, else 1.
    private static func version(_ values: Int64...) -> UInt8 {
        values.allSatisfy { $0 >= 0 && $0 <= Int64(UInt32.max) } ? 0 : 1
    }

    /// Creation and modification times (0: none, so that the same book gives the same bytes),
    /// and the time scale and duration, in `version`'s widths.
    private static func times(_ bytes: inout MP4Bytes, version: UInt8, timescale: UInt32, duration: Int64) {
        bytes.append(zeros: version == 1 ? 16 : 8)
        bytes.append(timescale)
        if version == 1 { bytes.append(UInt64(clamping: duration)) } else { bytes.append(UInt32(clamping: duration)) }
    }

    private static let identityMatrix: [UInt32] = [0x1_0000, 0, 0, 0, 0x1_0000, 0, 0, 0, 0x4000_0000]

    private func movieHeader(duration: Int64, nextTrack: UInt32) -> MP4Box {
        let version = Self.version(duration)
        var bytes = MP4Bytes()
        Self.times(&bytes, version: version, timescale: 1000, duration: duration)
        bytes.append(UInt32(0x1_0000))  // rate 1.0
        bytes.append(UInt16(0x0100))  // volume 1.0
        bytes.append(zeros: 10)
        for value in Self.identityMatrix { bytes.append(value) }
        bytes.append(zeros: 24)
        bytes.append(nextTrack)
        return MP4Box(full: "mvhd", version: version, bytes: bytes.bytes)
    }

    func trackHeader(
        track: UInt32, flags: UInt32, duration: Int64, alternateGroup: UInt16, volume: UInt16
    ) -> MP4Box {
        let version = Self.version(duration)
        var bytes = MP4Bytes()
        bytes.append(zeros: version == 1 ? 16 : 8)  // creation and modification times
        bytes.append(track)
        bytes.append(UInt32(0))
        if version == 1 { bytes.append(UInt64(clamping: duration)) } else { bytes.append(UInt32(clamping: duration)) }
        bytes.append(zeros: 8)
        bytes.append(UInt16(0))  // layer
        bytes.append(alternateGroup)
        bytes.append(volume)
        bytes.append(UInt16(0))
        for value in Self.identityMatrix { bytes.append(value) }
        bytes.append(zeros: 8)  // width, height
        return MP4Box(full: "tkhd", version: version, flags: flags, bytes: bytes.bytes)
    }

    /// An edit list of one edit: `duration` milliseconds of the media from `mediaTime`.
    func editList(duration: Int64, mediaTime: Int64) -> MP4Box {
        let version = Self.version(duration, mediaTime)
        var bytes = MP4Bytes()
        bytes.append(UInt32(1))
        if version == 1 {
            bytes.append(UInt64(clamping: duration))
            bytes.append(mediaTime)
        } else {
            bytes.append(UInt32(clamping: duration))
            bytes.append(Int32(clamping: mediaTime))
        }
        bytes.append(UInt32(0x1_0000))  // rate 1.0
        return MP4Box("edts", boxes: [MP4Box(full: "elst", version: version, bytes: bytes.bytes)])
    }

    func mediaHeader(timescale: Int, duration: Int64, language: UInt16) -> MP4Box {
        let version = Self.version(duration)
        var bytes = MP4Bytes()
        Self.times(&bytes, version: version, timescale: UInt32(timescale), duration: duration)
        bytes.append(language)
        bytes.append(UInt16(0))
        return MP4Box(full: "mdhd", version: version, bytes: bytes.bytes)
    }

    static func handler(_ type: String, name: String, manufacturer: String = "\0\0\0\0") -> MP4Box {
        var bytes = MP4Bytes()
        bytes.append(UInt32(0))
        bytes.append(fourCC: type)
        bytes.append(fourCC: manufacturer)
        bytes.append(zeros: 8)
        bytes.append(Array(name.utf8) + [0])
        return MP4Box(full: "hdlr", bytes: bytes.bytes)
    }

    /// The media's data is in this file.
    static var dataInformation: MP4Box {
        MP4Box(
            "dinf",
            boxes: [MP4Box(full: "dref", [.bytes([0, 0, 0, 1]), .box(MP4Box(full: "url ", flags: 1, bytes: []))])])
    }

    /// `language` ("en", "fr-CA") as ISO 639-2/T letters packed in 15 bits; "und" when unknown.
    static func packedLanguage(_ language: String?) -> UInt16 {
        var code = "und"
        if let language, let alpha3 = Locale.Language(identifier: language).languageCode?.identifier(.alpha3),
            alpha3.utf8.count == 3, alpha3.utf8.allSatisfy({ (0x61...0x7A).contains($0) })
        {
            code = alpha3
        }
        return code.utf8.reduce(UInt16(0)) { (packed: UInt16, letter: UInt8) in
            packed << 5 | UInt16(letter - 0x60)
        }
    }

    // MARK: The audio track

    private func audioTrackBox(length: Int64, language: UInt16, hasChapters: Bool, sizes: BufferedFileWriter)
        -> MP4Box
    {
        var boxes = [
            trackHeader(track: Self.audioTrack, flags: 3, duration: length, alternateGroup: 1, volume: 0x0100),
            editList(duration: length, mediaTime: Int64(codec.priming)),
        ]
        if hasChapters {
            var chapter = MP4Bytes()
            chapter.append(Self.chapterTrack)
            boxes.append(MP4Box("tref", boxes: [MP4Box("chap", bytes: chapter.bytes)]))
        }
        let sampleTable = MP4Box(
            "stbl",
            boxes: [
                audioSampleDescription(), timeToSample(table.durations),
                sampleToChunk(samples: table.count, perChunk: MP4AudioFile.packetsPerChunk),
                MP4Box(full: "stsz", sampleSizes(sizes)),
                chunkOffsets(sizes: sizes),
                MP4Box(full: "sgpd", version: 1, bytes: Array("roll".utf8) + [0, 0, 0, 2, 0, 0, 0, 1, 0xFF, 0xFF]),
                rollGroup(),
            ])
        let media = MP4Box(
            "mdia",
            boxes: [
                mediaHeader(timescale: codec.sampleRate, duration: table.totalDuration, language: language),
                Self.handler("soun", name: "SoundHandler"),
                MP4Box(
                    "minf",
                    boxes: [MP4Box(full: "smhd", bytes: [0, 0, 0, 0]), Self.dataInformation, sampleTable]),
            ])
        return MP4Box("trak", boxes: boxes + [media])
    }

    /// The AAC sample entry with its elementary stream descriptor.
    private func audioSampleDescription() -> MP4Box {
        var entry = MP4Bytes()
        entry.append(zeros: 6)
        entry.append(UInt16(1))  // data reference
        entry.append(zeros: 8)
        entry.append(UInt16(1))  // channels
        entry.append(UInt16(16))  // bits a sample
        entry.append(zeros: 4)
        entry.append(UInt32(codec.sampleRate) << 16)
        var decoderConfiguration = MP4Bytes()
        decoderConfiguration.append(UInt8(0x40))  // MPEG-4 audio
        decoderConfiguration.append(UInt8(0x15))  // an audio stream
        decoderConfiguration.append(zeros: 3)  // buffer size
        decoderConfiguration.append(UInt32(clamping: table.maxBitsPerSecond))
        decoderConfiguration.append(UInt32(clamping: table.averageBitRate(sampleRate: codec.sampleRate)))
        decoderConfiguration.append(Self.descriptor(5, codec.configuration))
        var stream = MP4Bytes()
        stream.append(UInt16(1))  // ES_ID
        stream.append(UInt8(0))
        stream.append(Self.descriptor(4, decoderConfiguration.bytes))
        stream.append(Self.descriptor(6, [2]))  // MP4 sync layer
        let esds = MP4Box(full: "esds", bytes: Self.descriptor(3, stream.bytes))
        let sampleEntry = MP4Box("mp4a", [.bytes(entry.bytes), .box(esds)])
        return MP4Box(full: "stsd", [.bytes([0, 0, 0, 1]), .box(sampleEntry)])
    }

    /// An MPEG-4 descriptor: its tag, its length in four 7-bit bytes, its content.
    private static func descriptor(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        let count = content.count
        return [
            tag, UInt8(0x80 | count >> 21 & 0x7F), UInt8(0x80 | count >> 14 & 0x7F), UInt8(0x80 | count >> 7 & 0x7F),
            UInt8(count & 0x7F),
        ] + content
    }

    /// Every sample in the AAC pre-roll group: decoding starts a packet early.
    private func rollGroup() -> MP4Box {
        var bytes = MP4Bytes()
        bytes.append(fourCC: "roll")
        bytes.append(UInt32(1))
        bytes.append(UInt32(table.count))
        bytes.append(UInt32(1))
        return MP4Box(full: "sbgp", bytes: bytes.bytes)
    }

    func timeToSample(_ durations: MP4DurationRuns) -> MP4Box {
        var bytes = MP4Bytes()
        bytes.append(UInt32(durations.runs.count))
        for run in durations.runs {
            bytes.append(run.count)
            bytes.append(run.duration)
        }
        return MP4Box(full: "stts", bytes: bytes.bytes)
    }

    /// Chunks of `perChunk` samples, the last with what is left.
    func sampleToChunk(samples: Int, perChunk: Int) -> MP4Box {
        var runs: [(firstChunk: Int, samples: Int)] = []
        if samples >= perChunk { runs.append((1, perChunk)) }
        if samples % perChunk > 0 { runs.append((samples / perChunk + 1, samples % perChunk)) }
        var bytes = MP4Bytes()
        bytes.append(UInt32(runs.count))
        for run in runs {
            bytes.append(UInt32(run.firstChunk))
            bytes.append(UInt32(run.samples))
            bytes.append(UInt32(1))  // sample description
        }
        return MP4Box(full: "stsc", bytes: bytes.bytes)
    }

    /// `stsz`'s content: no common size, the count, and each size from `sizes`.
    private func sampleSizes(_ sizes: BufferedFileWriter) -> [MP4Box.Part] {
        var header = MP4Bytes()
        header.append(UInt32(0))
        header.append(UInt32(table.count))
        return [
            .bytes(header.bytes),
            .stream(count: UInt64(table.count) * 4) { (file) throws(ExportFailure) in
                try sizes.readBack { (block) throws(ExportFailure) in try file.write(block) }
            },
        ]
    }

    /// Each chunk's offset, summed from the sizes in `sizes`: `stco`, or `co64` past 4 GiB.
    private func chunkOffsets(sizes: BufferedFileWriter) -> MP4Box {
        let perChunk = MP4AudioFile.packetsPerChunk
        let chunks = (table.count + perChunk - 1) / perChunk
        let wide = fileEnd > UInt64(UInt32.max)
        var header = MP4Bytes()
        header.append(UInt32(chunks))
        let stream = MP4Box.Part.stream(count: UInt64(chunks) * (wide ? 8 : 4)) { (file) throws(ExportFailure) in
            var offset = audioOffset
            var sample = 0
            var pending: [UInt8] = []
            try sizes.readBack { (block) throws(ExportFailure) in
                pending += block
                var offsets = MP4Bytes()
                var at = 0
                while at + 4 <= pending.count {
                    if sample % perChunk == 0 {
                        if wide { offsets.append(offset) } else { offsets.append(UInt32(offset)) }
                    }
                    offset +=
                        UInt64(pending[at]) << 24 | UInt64(pending[at + 1]) << 16
                        | UInt64(pending[at + 2]) << 8 | UInt64(pending[at + 3])
                    sample += 1
                    at += 4
                }
                pending.removeFirst(at)
                try file.write(offsets.bytes)
            }
        }
        return MP4Box(full: wide ? "co64" : "stco", [.bytes(header.bytes), stream])
    }
}

import Foundation

/// An MP4 audiobook (`.m4b`) written as its AAC packets come: each packet goes straight into
/// the file's `mdat`, its size into a scratch file, and the index (`moov`: sample tables,
/// chapters, tags, cover) is written at the end from that scratch file. Memory stays the same
/// however long the book: FFmpeg's MP4 muxer keeps 64 bytes per packet until the end (about
/// 4.5 MB an hour of speech), this keeps none.
///
/// The file has the layout FFmpeg's `ipod` muxer gives (`ftyp`, `mdat`, `moov`), with an edit
/// list that skips the encoder's priming, a QuickTime chapter track and Nero `chpl` chapters,
/// and iTunes tags; it turns to 64-bit fields where a long book needs them.
final class MP4AudioFile {
    /// What the index says besides the samples.
    struct Movie {
        /// A chapter: its title and its start and end in milliseconds.
        struct Chapter {
            var title: String
            var start: Int64
            var end: Int64
        }

        var chapters: [Chapter] = []
        /// iTunes tags by their box type ("©nam", "©ART", "©alb", "©gen").
        var tags: [(type: String, value: String)] = []
        /// The audio's language, a BCP 47 tag ("en", "fr-CA"): written as ISO 639-2/T.
        var language: String?
        var cover: AudiobookCover?
    }

    /// How the codec's packets are to be read: its configuration, rate and priming.
    struct Codec {
        /// The AudioSpecificConfig (MPEG-4 audio's decoder configuration).
        var configuration: [UInt8]
        var sampleRate: Int
        /// Samples the encoder puts before the first input sample.
        var priming: Int
    }

    /// Packets a chunk holds (the last may hold fewer): about 6 s of 22,050 Hz AAC.
    static let packetsPerChunk = 128

    let codec: Codec
    private let file: BufferedFileWriter
    private let sizes: BufferedFileWriter
    private let mdatStart: UInt64
    private(set) var table = SampleTable()

    /// The packets' durations (run-length: AAC's are 1024 but the last), sizes, and bit rates.
    struct SampleTable {
        var durations = MP4DurationRuns()
        var count = 0
        var totalDuration: Int64 = 0
        var totalBytes: UInt64 = 0
        /// The most bits in one second of audio (counted a second at a time).
        var maxBitsPerSecond: UInt64 = 0
        fileprivate var secondBits: UInt64 = 0
        fileprivate var secondSamples: Int64 = 0

        /// Counts a packet of `size` bytes and `duration` samples.
        mutating func append(size: Int, duration: Int, sampleRate: Int) {
            let duration = UInt32(clamping: duration)
            durations.append(duration)
            count += 1
            totalDuration += Int64(duration)
            totalBytes += UInt64(size)
            secondBits += UInt64(size) * 8
            secondSamples += Int64(duration)
            if secondSamples >= sampleRate {
                maxBitsPerSecond = max(maxBitsPerSecond, secondBits)
                secondBits = 0
                secondSamples = 0
            }
        }

        /// The bit rate over the whole audio.
        func averageBitRate(sampleRate: Int) -> UInt64 {
            totalDuration > 0 ? totalBytes * 8 * UInt64(sampleRate) / UInt64(totalDuration) : 0
        }
    }

    /// Starts the file at `url` for packets of `codec`.
    init(url: URL, codec: Codec) throws(ExportFailure) {
        self.codec = codec
        file = try BufferedFileWriter(url: url)
        sizes = try BufferedFileWriter.scratch(beside: url)
        var start = MP4Bytes()
        // ftyp: an iTunes audiobook that ISO players read.
        start.append(UInt32(28))
        start.append(fourCC: "ftyp")
        start.append(fourCC: "M4B ")
        start.append(UInt32(0x200))
        for brand in ["M4B ", "M4A ", "isom"] { start.append(fourCC: brand) }
        // mdat with a 64-bit size, filled in at the end.
        start.append(UInt32(1))
        start.append(fourCC: "mdat")
        start.append(UInt64(0))
        try file.write(start.bytes)
        mdatStart = file.length - 16
    }

    /// Appends a packet of `duration` samples.
    func append(packet: UnsafeRawBufferPointer, duration: Int) throws(ExportFailure) {
        try file.write(packet)
        var size = MP4Bytes()
        size.append(UInt32(packet.count))
        try sizes.write(size.bytes)
        table.append(size: packet.count, duration: duration, sampleRate: codec.sampleRate)
    }

    /// Writes the chapter titles (in `mdat`, after the audio), the index, and closes the file.
    func finish(_ movie: Movie) throws(ExportFailure) {
        let chapterSamples = movie.chapters.map { Self.textSample($0.title) }
        let chapterOffset = file.length
        for sample in chapterSamples { try file.write(sample) }
        var mdatSize = MP4Bytes()
        mdatSize.append(file.length - mdatStart)
        try file.overwrite(at: mdatStart + 8, with: mdatSize.bytes)
        let layout = MP4MovieIndex(
            codec: codec, table: table, audioOffset: mdatStart + 16, chapterOffset: chapterOffset,
            chapterSampleSizes: chapterSamples.map { UInt32($0.count) }, fileEnd: file.length)
        try layout.movieBox(movie, sizes: sizes).write(to: file)
        try file.close()
    }

    /// A QuickTime text sample: the title's length and UTF-8 bytes, and an `encd` box saying
    /// they are UTF-8.
    private static func textSample(_ title: String) -> [UInt8] {
        let utf8 = MP4Bytes.truncated(title, toBytes: Int(UInt16.max))
        var sample = MP4Bytes()
        sample.append(UInt16(utf8.count))
        sample.append(utf8)
        sample.append(UInt32(12))
        sample.append(fourCC: "encd")
        sample.append(UInt32(0x0000_0100))
        return sample.bytes
    }
}

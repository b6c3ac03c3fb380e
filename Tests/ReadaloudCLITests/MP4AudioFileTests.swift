import Foundation
import Testing

@testable import readaloud

/// The `.m4b` muxer (`MP4AudioFile`): a book longer than 32-bit fields hold, read back by
/// the real ffprobe; and the chunk offsets of a file past 4 GiB, read from the index's bytes.
@Suite struct MP4AudioFileTests {
    /// AAC-LC, 22,050 Hz, mono (an AudioSpecificConfig).
    static let codec = MP4AudioFile.Codec(configuration: [0x13, 0x88], sampleRate: 22_050, priming: 1024)

    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mp4-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The boxes of `bytes` from `start` to `end`: type, where it starts, where its content
    /// starts, and where it ends.
    static func boxes(_ bytes: [UInt8], from start: Int, to end: Int) -> [(
        type: String, start: Int, content: Int, end: Int
    )] {
        var result: [(String, Int, Int, Int)] = []
        var at = start
        while at + 8 <= end {
            var size = Int(Self.uint32(bytes, at))
            var header = 8
            if size == 1 {
                size = Int(Self.uint64(bytes, at + 8))
                header = 16
            }
            guard size >= header, at + size <= end else { break }
            result.append((String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self), at, at + header, at + size))
            at += size
        }
        return result
    }

    /// Where the content of the box at `path` ("moov/trak/mdia/mdhd", the first of each type)
    /// starts.
    static func find(_ path: String, in bytes: [UInt8]) -> Int? {
        var range = 0..<bytes.count
        for type in path.split(separator: "/") {
            guard let box = boxes(bytes, from: range.lowerBound, to: range.upperBound).first(where: { $0.type == type })
            else { return nil }
            range = box.content..<box.end
        }
        return range.lowerBound
    }

    static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func uint64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        bytes[at..<(at + 8)].reduce(0) { $0 << 8 | UInt64($1) }
    }

    @Test(.enabled(if: FFprobe.isAvailable, FFprobe.reason))
    func aBookLongerThan32BitSampleCountsHasVersion1Times() throws {
        let url = try Self.directory().appendingPathComponent("long.m4b")
        let file = try MP4AudioFile(url: url, codec: Self.codec)
        // Four packets of 2^31 samples each: 108 hours at 22,050 Hz.
        let packet: [UInt8] = [0x21, 0x10, 0x04, 0x60, 0x8C, 0x1C]
        for _ in 0..<4 {
            try packet.withUnsafeBytes { try file.append(packet: $0, duration: 1 << 31) }
        }
        let hours100: Int64 = 100 * 3_600_000
        var movie = MP4AudioFile.Movie()
        movie.chapters = [
            .init(title: "One", start: 0, end: hours100), .init(title: "Two", start: hours100, end: hours100 + 1000),
        ]
        movie.tags = [("©nam", "Long")]
        movie.language = "fr-CA"
        try file.finish(movie)

        let bytes = try [UInt8](Data(contentsOf: url))
        let mdhd = try #require(Self.find("moov/trak/mdia/mdhd", in: bytes))
        #expect(bytes[mdhd] == 1, "a duration past 32 bits takes mdhd version 1")
        #expect(Self.uint64(bytes, mdhd + 4 + 16 + 4) == 4 << 31)
        #expect(Self.uint32(bytes, mdhd + 4 + 16) == 22_050)

        let streams = try FFprobe.probe(["-show_streams", url.path])["streams"] as? [[String: Any]] ?? []
        let audio = try #require(streams.first { $0["codec_type"] as? String == "audio" })
        #expect((audio["tags"] as? [String: Any])?["language"] as? String == "fra")
        let seconds = Double(audio["duration"] as? String ?? "") ?? 0
        #expect(abs(seconds - Double((4 << 31) - 1024) / 22_050) < 0.01, "\(audio)")
        let chapters = try FFprobe.chapters(of: url)
        #expect(chapters.map(\.title) == ["One", "Two"])
        #expect(chapters.last?.start == Int(hours100))
    }

    /// Past 4 GiB the chunk offsets take 64 bits (`co64`), summed from the sizes.
    @Test func chunkOffsetsPast4GiBAreCo64() throws {
        let directory = try Self.directory()
        let sizes = try BufferedFileWriter.scratch(beside: directory.appendingPathComponent("sizes"))
        var table = MP4AudioFile.SampleTable()
        for index in 0..<300 {
            var size = MP4Bytes()
            size.append(UInt32(100 + index % 7))
            try sizes.write(size.bytes)
            table.append(size: 100 + index % 7, duration: 1024, sampleRate: 22_050)
        }
        let audioOffset: UInt64 = 5 << 30
        let index = MP4MovieIndex(
            codec: Self.codec, table: table, audioOffset: audioOffset, chapterOffset: audioOffset + 30_000,
            chapterSampleSizes: [], fileEnd: audioOffset + 30_000)
        let url = directory.appendingPathComponent("moov")
        let output = try BufferedFileWriter(url: url)
        try index.movieBox(MP4AudioFile.Movie(), sizes: sizes).write(to: output)
        try output.close()
        let bytes = try [UInt8](Data(contentsOf: url))
        #expect(Self.find("moov/trak/mdia/minf/stbl/stco", in: bytes) == nil)
        let co64 = try #require(Self.find("moov/trak/mdia/minf/stbl/co64", in: bytes))
        #expect(Self.uint32(bytes, co64 + 4) == 3)
        var expected: [UInt64] = []
        var offset = audioOffset
        for index in 0..<300 {
            if index % MP4AudioFile.packetsPerChunk == 0 { expected.append(offset) }
            offset += UInt64(100 + index % 7)
        }
        #expect((0..<3).map { Self.uint64(bytes, co64 + 8 + 8 * $0) } == expected)
        let stsz = try #require(Self.find("moov/trak/mdia/minf/stbl/stsz", in: bytes))
        #expect(Self.uint32(bytes, stsz + 8) == 300)
        #expect((0..<300).allSatisfy { Self.uint32(bytes, stsz + 12 + 4 * $0) == UInt32(100 + $0 % 7) })
        let stsc = try #require(Self.find("moov/trak/mdia/minf/stbl/stsc", in: bytes))
        #expect((0..<7).map { Self.uint32(bytes, stsc + 4 + 4 * $0) } == [2, 1, 128, 1, 3, 44, 1])
    }
}

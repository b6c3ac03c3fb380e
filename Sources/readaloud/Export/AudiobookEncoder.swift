import CMedia
import Foundation

/// An audio file being encoded by FFmpeg's libraries (CMedia): AAC in MP4 or Opus in
/// Ogg, with metadata and chapters, from 16-bit mono samples. FFmpeg muxes Ogg; MP4 is muxed
/// by ``MP4AudioFile``, whose memory does not grow with the book. Owns the C encoder; the file
/// is closed when the encoder goes away, finished or not.
final class AudiobookEncoder {
    /// A container and codec.
    struct Format: Sendable {
        /// FFmpeg's muxer, or `nil` for ``MP4AudioFile``.
        let muxer: String?
        let codec: String
        let bitrate: Int

        /// AAC in MP4 (`.m4b`, `.m4a`), 64 kbit/s.
        static let mp4AAC = Format(muxer: nil, codec: "aac", bitrate: 64_000)
        /// Opus in Ogg (`.opus`, `.ogg`), 32 kbit/s.
        static let oggOpus = Format(muxer: "ogg", codec: "libopus", bitrate: 32_000)
    }

    private let handle: OpaquePointer
    private let path: String
    /// The MP4 file the packets go to, and what its index will say; `nil` when FFmpeg muxes.
    private let mp4: MP4AudioFile?
    private var movie = MP4AudioFile.Movie()

    /// Starts writing `url` in `format`, taking samples at `sampleRate`.
    init(url: URL, format: Format, sampleRate: Int) throws(ExportFailure) {
        var error = [CChar](repeating: 0, count: 256)
        guard
            let handle = cmedia_encoder_open(
                url.path, format.muxer, format.codec, Int32(sampleRate), Int32(format.bitrate), &error, error.count)
        else {
            throw ExportFailure(.cannotCreate, "\(url.path): \(Self.string(error))")
        }
        self.handle = handle
        path = url.path
        if format.muxer == nil {
            do {
                mp4 = try MP4AudioFile(url: url, codec: Self.codec(of: handle))
            } catch {
                cmedia_encoder_free(handle)
                throw error
            }
        } else {
            mp4 = nil
        }
    }

    deinit { cmedia_encoder_free(handle) }

    private static func codec(of handle: OpaquePointer) -> MP4AudioFile.Codec {
        var bytes: UnsafePointer<UInt8>?
        var length = 0
        let rate = cmedia_encoder_configuration(handle, &bytes, &length)
        let configuration = bytes.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
        return MP4AudioFile.Codec(
            configuration: configuration, sampleRate: Int(rate), priming: Int(cmedia_encoder_priming(handle)))
    }

    /// Sets the metadata tag `key`: "title", "album", "artist", "genre", or "language" (a BCP
    /// 47 tag).
    func setMetadata(_ key: String, _ value: String) {
        guard mp4 != nil else {
            cmedia_encoder_set_metadata(handle, key, value)
            return
        }
        let types = ["title": "©nam", "album": "©alb", "artist": "©ART", "genre": "©gen"]
        if key == "language" {
            movie.language = value
        } else if let type = types[key] {
            movie.tags.append((type, value))
        }
    }

    /// Adds a chapter from `start` to `end` milliseconds (chapters in order, the first from 0).
    func addChapter(title: String, from start: Int64, to end: Int64) {
        guard mp4 != nil else {
            cmedia_encoder_add_chapter(handle, start, end, title)
            return
        }
        movie.chapters.append(MP4AudioFile.Movie.Chapter(title: title, start: start, end: end))
    }

    /// Attaches `cover` as the file's cover picture (`covr`; MP4 only, Ogg has none).
    func setCover(_ cover: AudiobookCover) {
        movie.cover = cover
    }

    /// Encodes `samples`.
    func write(_ samples: UnsafeBufferPointer<Int16>) throws(ExportFailure) {
        var error = [CChar](repeating: 0, count: 256)
        guard let base = samples.baseAddress else { return }
        guard cmedia_encoder_write(handle, base, samples.count, &error, error.count) == 0 else {
            throw ExportFailure(.ioError, "\(path): \(Self.string(error))")
        }
        try writePackets()
    }

    /// Gives the packets encoded so far to the MP4 file.
    private func writePackets() throws(ExportFailure) {
        guard let mp4 else { return }
        var data: UnsafePointer<UInt8>?
        var size = 0
        var duration: Int64 = 0
        while cmedia_encoder_next_packet(handle, &data, &size, &duration) == 1 {
            try mp4.append(packet: UnsafeRawBufferPointer(start: data, count: size), duration: Int(duration))
        }
    }

    /// Flushes the encoder and writes the file's end.
    func finish() throws(ExportFailure) {
        var error = [CChar](repeating: 0, count: 256)
        guard cmedia_encoder_finish(handle, &error, error.count) == 0 else {
            throw ExportFailure(.ioError, "\(path): \(Self.string(error))")
        }
        try writePackets()
        try mp4?.finish(movie)
    }

    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

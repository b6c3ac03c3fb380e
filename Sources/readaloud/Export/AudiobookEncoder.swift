import CMedia
import Foundation

/// An audio file being encoded by FFmpeg's libraries (CMedia): AAC in MP4 or Opus in
/// Ogg, with metadata and chapters, from 16-bit mono samples. Owns the C encoder; the file is
/// closed when the encoder goes away, finished or not.
final class AudiobookEncoder {
    /// A container and codec FFmpeg writes.
    struct Format: Sendable {
        let muxer: String
        let codec: String
        let bitrate: Int

        /// AAC in MP4 (`.m4b`, `.m4a`), 64 kbit/s.
        static let mp4AAC = Format(muxer: "ipod", codec: "aac", bitrate: 64_000)
        /// Opus in Ogg (`.opus`, `.ogg`), 32 kbit/s.
        static let oggOpus = Format(muxer: "ogg", codec: "libopus", bitrate: 32_000)
    }

    private let handle: OpaquePointer
    private let path: String

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
    }

    deinit { cmedia_encoder_free(handle) }

    /// Sets the metadata tag `key` ("title", "artist", "language"...).
    func setMetadata(_ key: String, _ value: String) {
        cmedia_encoder_set_metadata(handle, key, value)
    }

    /// Adds a chapter (before the first samples).
    func addChapter(title: String, from start: Int64, to end: Int64) {
        cmedia_encoder_add_chapter(handle, start, end, title)
    }

    /// Attaches `cover` as the file's cover picture (before the first samples; MP4 only).
    func setCover(_ cover: AudiobookCover) throws(ExportFailure) {
        var error = [CChar](repeating: 0, count: 256)
        let status = cover.bytes.withUnsafeBufferPointer {
            cmedia_encoder_set_cover(handle, $0.baseAddress, $0.count, cover.isPNG ? 1 : 0, &error, error.count)
        }
        guard status == 0 else { throw ExportFailure(.ioError, "\(path): \(Self.string(error))") }
    }

    /// Encodes `samples`.
    func write(_ samples: UnsafeBufferPointer<Int16>) throws(ExportFailure) {
        var error = [CChar](repeating: 0, count: 256)
        guard let base = samples.baseAddress else { return }
        guard cmedia_encoder_write(handle, base, samples.count, &error, error.count) == 0 else {
            throw ExportFailure(.ioError, "\(path): \(Self.string(error))")
        }
    }

    /// Flushes the encoder and writes the file's end.
    func finish() throws(ExportFailure) {
        var error = [CChar](repeating: 0, count: 256)
        guard cmedia_encoder_finish(handle, &error, error.count) == 0 else {
            throw ExportFailure(.ioError, "\(path): \(Self.string(error))")
        }
    }

    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

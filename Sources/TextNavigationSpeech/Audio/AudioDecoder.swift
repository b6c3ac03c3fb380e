internal import CMedia
import Foundation
import TextNavigation

/// An audio file (MP3, AAC in MP4, Opus or Vorbis in Ogg, FLAC, WAV) decoded with FFmpeg's
/// libraries, cut into clips exact to the sample: what Media Overlays' `clipBegin` and
/// `clipEnd` ask for.
///
/// The file is decoded forward from its start, counting samples (never trusting a seek's
/// timestamps, which an MP3 without an index only estimates), so clips played in order cost one
/// pass over the file; a clip before the last one decodes from the start again.
///
/// Not `Sendable`: one decoder is used from one thread at a time.
public final class AudioDecoder {
    private let decoder: OpaquePointer

    /// The PCM's sample rate (the file's) and channels (1 or 2).
    public let sampleRate: Int
    public let channels: Int
    /// The file's duration as its container declares it, in milliseconds, if it does (an
    /// MP3's counts the encoder's padding, which decoding leaves out).
    public let declaredDuration: Int?

    /// Opens the audio file whose bytes are `bytes`.
    ///
    /// - Throws: ``AudioDecodingError`` when the bytes are not audio FFmpeg can decode.
    public init(bytes: [UInt8]) throws(AudioDecodingError) {
        var message = [CChar](repeating: 0, count: 256)
        let capacity = message.count
        let opened = bytes.withUnsafeBufferPointer { buffer in
            cmedia_decoder_open(buffer.baseAddress, buffer.count, &message, capacity)
        }
        guard let opened else { throw AudioDecodingError(Self.string(message)) }
        decoder = opened
        sampleRate = Int(cmedia_decoder_sample_rate(opened))
        channels = Int(cmedia_decoder_channels(opened))
        let duration = cmedia_decoder_duration_ms(opened)
        declaredDuration = duration >= 0 ? Int(duration) : nil
    }

    deinit { cmedia_decoder_free(decoder) }

    /// The audio from `begin` to `end` milliseconds (`nil`: the file's end), each rounded to
    /// the nearest sample; shorter when the file ends first, empty when it ends before `begin`.
    ///
    /// - Throws: ``AudioDecodingError`` for a stream that cannot be decoded, or `end` before
    ///   `begin`.
    public func clip(from begin: Int, to end: Int?) throws(AudioDecodingError) -> PCMAudio {
        let first = frame(at: begin)
        let last = end.map(frame(at:)) ?? -1
        var samples: UnsafeMutablePointer<Int16>?
        var frames = 0
        var message = [CChar](repeating: 0, count: 256)
        let capacity = message.count
        guard cmedia_decoder_read(decoder, first, last, &samples, &frames, &message, capacity) == 0 else {
            throw AudioDecodingError(Self.string(message))
        }
        defer { cmedia_free(samples) }
        let values = samples.map { Array(UnsafeBufferPointer(start: $0, count: frames * channels)) } ?? []
        return PCMAudio(samples: values, sampleRate: sampleRate, channels: channels)
    }

    /// The sample frame nearest to `milliseconds`.
    private func frame(at milliseconds: Int) -> Int64 {
        (Int64(max(0, milliseconds)) * Int64(sampleRate) + 500) / 1000
    }

    private static func string(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

import Foundation
import TextNavigation

/// A 16-bit PCM WAV file, as espeak-ng's samples and decoded narration are written to disk (and
/// `readaloud export`'s chapters, through ``header(samples:sampleRate:channels:)``).
package enum WAVFile {
    /// The size of ``header(samples:sampleRate:channels:)``: the samples start there.
    package static let headerSize = 44

    /// The bytes of a WAV file holding `samples` (interleaved when `channels` is 2) at
    /// `sampleRate`.
    static func data(samples: [Int16], sampleRate: Int, channels: Int = 1) -> Data {
        var data = header(samples: samples.count, sampleRate: sampleRate, channels: channels)
        samples.withUnsafeBufferPointer { buffer in
            for sample in buffer { withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) } }
        }
        return data
    }

    /// The 44-byte header of a WAV file of `samples` 16-bit samples (counting each channel's)
    /// at `sampleRate`, which the samples follow.
    package static func header(samples: Int, sampleRate: Int, channels: Int = 1) -> Data {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        let payload = samples * 2
        data.append(contentsOf: Array("RIFF".utf8))
        append(UInt32(36 + payload))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16))  // fmt chunk size
        append(UInt16(1))  // PCM
        append(UInt16(channels))
        append(UInt32(sampleRate))
        append(UInt32(sampleRate * 2 * channels))  // bytes per second
        append(UInt16(2 * channels))  // block align
        append(UInt16(16))  // bits per sample
        data.append(contentsOf: Array("data".utf8))
        append(UInt32(payload))
        return data
    }
}

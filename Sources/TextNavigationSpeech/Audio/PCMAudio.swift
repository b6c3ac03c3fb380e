import Foundation

/// Decoded audio: interleaved signed 16-bit samples.
public struct PCMAudio: Sendable, Equatable {
    public let samples: [Int16]
    public let sampleRate: Int
    public let channels: Int

    /// The number of sample frames (samples per channel).
    public var frameCount: Int { channels > 0 ? samples.count / channels : 0 }

    /// The length in milliseconds, rounded down.
    public var milliseconds: Int { sampleRate > 0 ? frameCount * 1000 / sampleRate : 0 }

    /// The audio as the bytes of a WAV file.
    public var wavData: Data { WAVFile.data(samples: samples, sampleRate: sampleRate, channels: channels) }

    /// The audio without its first `milliseconds` (rounded to the nearest frame).
    func dropping(milliseconds: Int) -> PCMAudio {
        let frames = min(frameCount, (max(0, milliseconds) * sampleRate + 500) / 1000)
        return PCMAudio(
            samples: Array(samples.dropFirst(frames * channels)), sampleRate: sampleRate, channels: channels)
    }
}

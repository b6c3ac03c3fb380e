import Foundation
import TextNavigationSpeech

/// A chapter's audio on disk: a 16-bit mono PCM WAV file written as it is synthesized (its
/// sizes filled in at the end), and read back in blocks for encoding, so that a chapter never
/// has to fit in memory whole.
enum ChapterAudio {
    /// The size of the header this file writes (``WAVFile``'s, as espeak-ng's WAV files have).
    static let headerSize = WAVFile.headerSize

    /// A WAV file being written.
    final class Writer {
        private let handle: FileHandle
        private let sampleRate: Int
        private(set) var samples = 0

        /// Creates (or empties) the file at `url`.
        init(url: URL, sampleRate: Int) throws {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw ExportFailure(.cannotCreate, "cannot create \(url.path)")
            }
            handle = try FileHandle(forWritingTo: url)
            self.sampleRate = sampleRate
            try handle.write(contentsOf: WAVFile.header(samples: 0, sampleRate: sampleRate))
        }

        /// Appends the PCM bytes `pcm` (16-bit little-endian samples).
        func append(pcm: Data) throws {
            try handle.write(contentsOf: pcm)
            samples += pcm.count / 2
        }

        /// Appends `count` samples of silence.
        func appendSilence(_ count: Int) throws {
            try append(pcm: Data(count: count * 2))
        }

        /// Fills in the sizes and closes the file.
        func close() throws {
            try handle.seek(toOffset: 0)
            try handle.write(contentsOf: WAVFile.header(samples: samples, sampleRate: sampleRate))
            try handle.synchronize()
            try handle.close()
        }
    }

    /// The sample rate in a WAV header (`data` starts with one).
    static func sampleRate(ofHeader data: Data) -> Int? {
        guard data.count >= headerSize else { return nil }
        return data.subdata(in: 24..<28).withUnsafeBytes {
            Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)))
        }
    }

    /// Reads the samples of the WAV file at `url` in blocks, calling `body` with each; a
    /// failure to read is an I/O error (74).
    static func blocks(
        of url: URL, _ body: (UnsafeBufferPointer<Int16>) throws(ExportFailure) -> Void
    ) throws(ExportFailure) {
        do {
            try forEachBlock(of: url) { samples in try body(samples) }
        } catch let failure as ExportFailure {
            throw failure
        } catch {
            throw ExportFailure(.ioError, "cannot read \(url.path): \(error.localizedDescription)")
        }
    }

    /// Reads the samples of the WAV file at `url` in blocks of `block` samples, calling `body`
    /// with each.
    private static func forEachBlock(
        of url: URL, block: Int = 1 << 16, _ body: (UnsafeBufferPointer<Int16>) throws -> Void
    ) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(headerSize))
        while let data = try handle.read(upToCount: block * 2), !data.isEmpty {
            try data.withUnsafeBytes { bytes in
                try body(bytes.bindMemory(to: Int16.self))
            }
        }
    }
}

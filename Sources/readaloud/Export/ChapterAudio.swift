import Foundation

/// A chapter's audio on disk: a 16-bit mono PCM WAV file written as it is synthesized (its
/// sizes filled in at the end), and read back in blocks for encoding, so that a chapter never
/// has to fit in memory whole.
enum ChapterAudio {
    /// The size of the header this file writes (and of espeak-ng's WAV files).
    static let headerSize = 44

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
            try handle.write(contentsOf: Self.header(samples: 0, sampleRate: sampleRate))
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
            try handle.write(contentsOf: Self.header(samples: samples, sampleRate: sampleRate))
            try handle.synchronize()
            try handle.close()
        }

        private static func header(samples: Int, sampleRate: Int) -> Data {
            var data = Data()
            func append<T: FixedWidthInteger>(_ value: T) {
                withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
            }
            data.append(contentsOf: Array("RIFF".utf8))
            append(UInt32(36 + samples * 2))
            data.append(contentsOf: Array("WAVEfmt ".utf8))
            append(UInt32(16))
            append(UInt16(1))
            append(UInt16(1))
            append(UInt32(sampleRate))
            append(UInt32(sampleRate * 2))
            append(UInt16(2))
            append(UInt16(16))
            data.append(contentsOf: Array("data".utf8))
            append(UInt32(samples * 2))
            return data
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

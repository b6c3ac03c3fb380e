import Foundation

/// A file an export writes a piece at a time, through a buffer (a block at a time rather than
/// a system call per small write), which knows its length and can go back to fill in bytes
/// written earlier (a size known only at the end). A write the disk does not take (a full
/// disk) is an I/O error (74).
final class BufferedFileWriter {
    private let handle: FileHandle
    private let path: String
    private var buffer: [UInt8] = []
    private var isClosed = false
    private static let blockSize = 1 << 16
    /// The bytes written so far, buffered or not: the offset of the next byte.
    private(set) var length: UInt64 = 0

    /// Creates (or empties) the file at `url`.
    init(url: URL) throws(ExportFailure) {
        path = url.path
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = FileHandle(forUpdatingAtPath: url.path)
        else { throw ExportFailure(.cannotCreate, "cannot create \(url.path)") }
        self.handle = handle
        buffer.reserveCapacity(Self.blockSize)
    }

    /// A scratch file beside `url` that no directory lists: it is gone when the writer is, or
    /// when the process ends however it ends.
    static func scratch(beside url: URL) throws(ExportFailure) -> BufferedFileWriter {
        let name = url.lastPathComponent + ".scratch-\(ProcessInfo.processInfo.processIdentifier)"
        let scratchURL = url.deletingLastPathComponent().appendingPathComponent(name)
        let writer = try BufferedFileWriter(url: scratchURL)
        try? FileManager.default.removeItem(at: scratchURL)
        return writer
    }

    deinit { if !isClosed { try? handle.close() } }

    /// Appends `bytes`.
    func write(_ bytes: some Collection<UInt8>) throws(ExportFailure) {
        buffer.append(contentsOf: bytes)
        length += UInt64(bytes.count)
        if buffer.count >= Self.blockSize { try flush() }
    }

    /// Appends `text` as UTF-8.
    func write(_ text: String) throws(ExportFailure) {
        try write(text.utf8)
    }

    /// Appends `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(ExportFailure) {
        try write(bytes.bindMemory(to: UInt8.self))
    }

    /// Writes `bytes` over the ones written earlier at `offset`.
    func overwrite(at offset: UInt64, with bytes: [UInt8]) throws(ExportFailure) {
        try flush()
        try attempt {
            try handle.seek(toOffset: offset)
            try handle.write(contentsOf: bytes)
            try handle.seekToEnd()
        }
    }

    /// Reads the whole file back from the start, in blocks, calling `body` with each.
    func readBack(_ body: ([UInt8]) throws(ExportFailure) -> Void) throws(ExportFailure) {
        try flush()
        try attempt { try handle.seek(toOffset: 0) }
        while true {
            var block: Data?
            try attempt { block = try handle.read(upToCount: Self.blockSize) }
            guard let block, !block.isEmpty else { break }
            try body(Array(block))
        }
        try attempt { try handle.seekToEnd() }
    }

    /// Writes what is buffered and closes the file.
    func close() throws(ExportFailure) {
        try flush()
        isClosed = true
        try attempt {
            try handle.synchronize()
            try handle.close()
        }
    }

    private func flush() throws(ExportFailure) {
        guard !buffer.isEmpty else { return }
        try attempt { try handle.write(contentsOf: buffer) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func attempt(_ body: () throws -> Void) throws(ExportFailure) {
        do {
            try body()
        } catch {
            throw ExportFailure(.ioError, "cannot write \(path): \(error.localizedDescription)")
        }
    }
}

import Foundation

/// A ZIP archive of stored (uncompressed) entries, written in order, with a fixed date: what
/// an EPUB's container needs (`mimetype` first and stored), the same bytes for the same
/// entries. Audio is already compressed, and the text is small beside it.
final class StoredZipWriter {
    private let handle: FileHandle
    private let path: String
    private var central = Data()
    private var count = 0
    private var offset = 0

    /// Creates (or empties) the archive at `url`.
    init(url: URL) throws(ExportFailure) {
        path = url.path
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: url.path)
        else {
            throw ExportFailure(.cannotCreate, "cannot create \(url.path)")
        }
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// Adds the entry `name` holding `data`.
    func add(_ name: String, _ data: Data) throws(ExportFailure) {
        let crc = Self.crc32(data)
        let nameBytes = Data(name.utf8)
        var local = Data()
        local.append(le: UInt32(0x0403_4b50))
        Self.appendCommon(to: &local, crc: crc, size: data.count, nameLength: nameBytes.count)
        local.append(nameBytes)
        var entry = Data()
        entry.append(le: UInt32(0x0201_4b50))
        entry.append(le: UInt16(20))  // made by: version 2.0
        Self.appendCommon(to: &entry, crc: crc, size: data.count, nameLength: nameBytes.count)
        entry.append(le: UInt16(0))  // comment length
        entry.append(le: UInt16(0))  // disk number
        entry.append(le: UInt16(0))  // internal attributes
        entry.append(le: UInt32(0))  // external attributes
        entry.append(le: UInt32(offset))
        entry.append(nameBytes)
        central.append(entry)
        try write(local)
        try write(data)
        count += 1
    }

    /// Writes the central directory and closes the archive.
    func finish() throws(ExportFailure) {
        var end = Data()
        end.append(le: UInt32(0x0605_4b50))
        end.append(le: UInt16(0))
        end.append(le: UInt16(0))
        end.append(le: UInt16(count))
        end.append(le: UInt16(count))
        end.append(le: UInt32(central.count))
        end.append(le: UInt32(offset))
        end.append(le: UInt16(0))
        try write(central)
        try write(end)
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw ExportFailure(.ioError, "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// The fields a local header and a central entry share, from "version needed" to "extra
    /// field length".
    private static func appendCommon(to data: inout Data, crc: UInt32, size: Int, nameLength: Int) {
        data.append(le: UInt16(10))  // version needed: 1.0, stored
        data.append(le: UInt16(0x0800))  // names are UTF-8
        data.append(le: UInt16(0))  // stored
        data.append(le: UInt16(0))  // time 00:00
        data.append(le: UInt16((2020 - 1980) << 9 | 1 << 5 | 1))  // date 2020-01-01
        data.append(le: crc)
        data.append(le: UInt32(size))
        data.append(le: UInt32(size))
        data.append(le: UInt16(nameLength))
        data.append(le: UInt16(0))  // extra field length
    }

    private func write(_ data: Data) throws(ExportFailure) {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw ExportFailure(.ioError, "cannot write \(path): \(error.localizedDescription)")
        }
        offset += data.count
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// The CRC-32 of `data`, as ZIP has it.
    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        data.withUnsafeBytes { bytes in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

extension Data {
    /// Appends `value` little-endian.
    fileprivate mutating func append<T: FixedWidthInteger>(le value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}

/// A box (an "atom") of an MP4 file (ISO/IEC 14496-12): a four-character type and its content,
/// written after its size. Content is bytes, boxes, or a run of bytes of known length written
/// by a function, so that a table too big to hold (a long book's sample sizes) is streamed
/// from where it is kept.
struct MP4Box {
    /// A piece of a box's content.
    enum Part {
        case bytes([UInt8])
        case box(MP4Box)
        /// `count` bytes that `write` writes.
        case stream(count: UInt64, write: (BufferedFileWriter) throws(ExportFailure) -> Void)

        var count: UInt64 {
            switch self {
            case .bytes(let bytes): UInt64(bytes.count)
            case .box(let box): box.size
            case .stream(let count, _): count
            }
        }
    }

    let type: String
    var parts: [Part]

    /// A box of `type` holding `parts`.
    init(_ type: String, _ parts: [Part]) {
        precondition(type.unicodeScalars.count == 4, "a box type has four characters")
        self.type = type
        self.parts = parts
    }

    /// A box of `type` holding `bytes`.
    init(_ type: String, bytes: [UInt8]) { self.init(type, [.bytes(bytes)]) }

    /// A box of `type` holding `boxes`.
    init(_ type: String, boxes: [MP4Box]) { self.init(type, boxes.map { .box($0) }) }

    /// A "full box": one whose content starts with a version and 24 bits of flags.
    init(full type: String, version: UInt8 = 0, flags: UInt32 = 0, _ parts: [Part]) {
        var header = MP4Bytes()
        header.append(UInt32(version) << 24 | flags & 0xFF_FFFF)
        self.init(type, [.bytes(header.bytes)] + parts)
    }

    /// A full box of `type` holding `bytes`.
    init(full type: String, version: UInt8 = 0, flags: UInt32 = 0, bytes: [UInt8]) {
        self.init(full: type, version: version, flags: flags, [.bytes(bytes)])
    }

    /// The box's size: its 8-byte header and its content.
    var size: UInt64 { parts.reduce(8) { $0 + $1.count } }

    /// Writes the box to `file`.
    func write(to file: BufferedFileWriter) throws(ExportFailure) {
        guard size <= UInt64(UInt32.max) else {
            throw ExportFailure(.software, "an MP4 \(type) box of \(size) bytes is too big")
        }
        var header = MP4Bytes()
        header.append(UInt32(size))
        header.append(fourCC: type)
        try file.write(header.bytes)
        for part in parts {
            switch part {
            case .bytes(let bytes): try file.write(bytes)
            case .box(let box): try box.write(to: file)
            case .stream(let count, let write):
                let start = file.length
                try write(file)
                guard file.length - start == count else {
                    throw ExportFailure(.software, "the MP4 \(type) box wrote \(file.length - start) of \(count) bytes")
                }
            }
        }
    }
}

/// The big-endian bytes of an MP4 box's fields.
struct MP4Bytes {
    private(set) var bytes: [UInt8] = []

    mutating func append(_ value: some FixedWidthInteger) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    /// A four-character code ("mp4a", "©nam": Latin-1, one byte a character).
    mutating func append(fourCC: String) {
        bytes.append(contentsOf: fourCC.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
    }

    mutating func append(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// `count` zero bytes.
    mutating func append(zeros count: Int) { bytes.append(contentsOf: repeatElement(0, count: count)) }

    /// The UTF-8 bytes of `text`, cut to at most `limit` bytes at a character's boundary.
    static func truncated(_ text: String, toBytes limit: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for character in text {
            let utf8 = Array(character.utf8)
            guard bytes.count + utf8.count <= limit else { break }
            bytes += utf8
        }
        return bytes
    }
}

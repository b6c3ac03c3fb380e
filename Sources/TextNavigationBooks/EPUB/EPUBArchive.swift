internal import CZip
import TextNavigation

/// The ZIP container of an EPUB book, read through libzip within ``EPUBLimits``.
///
/// Opening checks every entry's name (UTF-8, relative, no `..`, no duplicate), its compression
/// (stored or Deflate, the only methods an EPUB may use) and the entry count; a split or
/// spanned archive is refused as such. Reading an entry checks its declared size and ratio
/// first, then counts the bytes as they inflate, so an entry whose declared size lies is caught
/// while inflating and the book's total stays bounded.
final class EPUBArchive {
    private let archive: OpaquePointer
    /// The bytes of an archive opened from memory, which libzip reads while it is open.
    private let buffer: UnsafeMutableRawBufferPointer?
    private let limits: EPUBLimits
    /// Entry indices by name (names checked).
    private let indices: [String: Int]
    /// The entries' names in archive order.
    let names: [String]
    /// Bytes inflated so far, all entries together.
    private var inflatedTotal = 0

    /// Opens the archive at `path`.
    convenience init(path: String, limits: EPUBLimits) throws(EPUBError) {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_RDONLY, &code) else {
            if code == ZIP_ER_MULTIDISK || Self.startsSplitArchive(path: path) { throw Self.splitArchive }
            throw .notAnArchive(reason: Self.message(code: code))
        }
        try self.init(archive: archive, buffer: nil, limits: limits)
    }

    /// Opens an archive from `bytes` (copied).
    convenience init(bytes: [UInt8], limits: EPUBLimits) throws(EPUBError) {
        guard !bytes.isEmpty else { throw .notAnArchive(reason: "the file is empty") }
        guard !ZIPSignature.isSplitArchive(prefix: bytes) else { throw Self.splitArchive }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_buffer_create(buffer.baseAddress, UInt64(bytes.count), 0, &error) else {
            buffer.deallocate()
            throw .notAnArchive(reason: String(cString: zip_error_strerror(&error)))
        }
        guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
            zip_source_free(source)
            buffer.deallocate()
            if zip_error_code_zip(&error) == ZIP_ER_MULTIDISK { throw Self.splitArchive }
            throw .notAnArchive(reason: String(cString: zip_error_strerror(&error)))
        }
        try self.init(archive: archive, buffer: buffer, limits: limits)
    }

    private init(archive: OpaquePointer, buffer: UnsafeMutableRawBufferPointer?, limits: EPUBLimits)
        throws(EPUBError)
    {
        self.archive = archive
        self.buffer = buffer
        self.limits = limits
        let count = Int(zip_get_num_entries(archive, 0))
        guard count <= limits.maxEntries else {
            zip_discard(archive)
            buffer?.deallocate()
            throw .limitExceeded(name: "the archive", reason: "has \(count) entries (at most \(limits.maxEntries))")
        }
        var names: [String] = []
        var indices: [String: Int] = [:]
        do throws(EPUBError) {
            for index in 0..<count {
                let name = try Self.checkedName(archive: archive, index: index)
                guard indices[name] == nil else { throw .unsafeEntryName(name: name, reason: "appears twice") }
                try Self.checkCompression(archive: archive, index: index, name: name)
                indices[name] = index
                names.append(name)
            }
        } catch {
            zip_discard(archive)
            buffer?.deallocate()
            throw error
        }
        self.names = names
        self.indices = indices
    }

    deinit {
        zip_discard(archive)
        buffer?.deallocate()
    }

    /// Entry `index`'s name, checked: UTF-8, not absolute, no `..` component, no NUL or
    /// backslash.
    private static func checkedName(archive: OpaquePointer, index: Int) throws(EPUBError) -> String {
        guard let raw = zip_get_name(archive, UInt64(index), ZIP_FL_ENC_RAW) else {
            throw .unsafeEntryName(name: "#\(index)", reason: "cannot be read")
        }
        let start = UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self)
        var length = 0
        while start[length] != 0 { length += 1 }
        let bytes = Array(UnsafeBufferPointer(start: start, count: length))
        guard let name = String(validating: bytes, as: UTF8.self) else {
            throw .unsafeEntryName(
                name: String(decoding: bytes, as: UTF8.self), reason: "is not UTF-8")
        }
        guard !name.isEmpty else { throw .unsafeEntryName(name: name, reason: "is empty") }
        if name.hasPrefix("/") || name.contains("\\") || (name.count >= 2 && name.dropFirst().first == ":") {
            throw .unsafeEntryName(name: name, reason: "is an absolute path")
        }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            throw .unsafeEntryName(name: name, reason: "climbs out of the book with '..'")
        }
        return name
    }

    /// What a split or spanned archive is refused with.
    private static let splitArchive = EPUBError.notAnArchive(
        reason: "it is a split (spanned or multi-disk) ZIP archive; an EPUB is one file: join the parts first")

    /// Whether the file at `path` starts as the first part of a split archive.
    private static func startsSplitArchive(path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var first = [UInt8](repeating: 0, count: 4)
        return fread(&first, 1, 4, file) == 4 && ZIPSignature.isSplitArchive(prefix: first)
    }

    /// Refuses entry `index` when it is compressed by anything but stored or Deflate.
    private static func checkCompression(archive: OpaquePointer, index: Int, name: String) throws(EPUBError) {
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_stat_index(archive, UInt64(index), 0, &stat) == 0, stat.valid & UInt64(ZIP_STAT_COMP_METHOD) != 0
        else { return }
        let method = Int32(stat.comp_method)
        guard method != ZIP_CM_STORE, method != ZIP_CM_DEFLATE else { return }
        let names: [Int32: String] = [
            ZIP_CM_BZIP2: "bzip2", ZIP_CM_LZMA: "LZMA", ZIP_CM_XZ: "XZ", ZIP_CM_DEFLATE64: "Deflate64",
            93: "Zstandard", 99: "AES encryption",
        ]
        throw .unreadableEntry(
            name: name,
            reason:
                "it is compressed with \(names[method] ?? "an unknown method") (ZIP method \(method)); an EPUB's entries must be stored or Deflate-compressed"
        )
    }

    /// Whether the archive has an entry named `name`.
    func contains(_ name: String) -> Bool { indices[name] != nil }

    /// The inflated bytes of entry `name`.
    ///
    /// - Throws: ``EPUBError/missingEntry(name:reason:)`` when there is no such entry;
    ///   ``EPUBError/limitExceeded(name:reason:)`` when it inflates (or says it inflates)
    ///   past a limit, or to more or fewer bytes than it declares;
    ///   ``EPUBError/unreadableEntry(name:reason:)`` when libzip cannot read it.
    func data(_ name: String) throws(EPUBError) -> [UInt8] {
        guard let index = indices[name] else { throw .missingEntry(name: name, reason: "no such entry in the book") }
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_stat_index(archive, UInt64(index), 0, &stat) == 0,
            stat.valid & UInt64(ZIP_STAT_SIZE) != 0, stat.valid & UInt64(ZIP_STAT_COMP_SIZE) != 0
        else {
            throw .unreadableEntry(name: name, reason: "its sizes cannot be read")
        }
        let declared = stat.size
        let compressed = stat.comp_size
        guard declared <= UInt64(limits.maxEntrySize) else {
            throw .limitExceeded(
                name: name, reason: "would inflate to \(declared) bytes (at most \(limits.maxEntrySize))")
        }
        let size = Int(declared)
        try checkTotal(adding: size, name: name)
        if size > limits.ratioThreshold, UInt64(size) / max(compressed, 1) > UInt64(limits.maxRatio) {
            throw .limitExceeded(
                name: name,
                reason:
                    "inflates \(size / Int(max(compressed, 1))) times its compressed size (at most \(limits.maxRatio))")
        }
        guard let file = zip_fopen_index(archive, UInt64(index), 0) else {
            throw .unreadableEntry(name: name, reason: String(cString: zip_error_strerror(zip_get_error(archive))))
        }
        defer { zip_fclose(file) }
        // One byte more than declared: reading it means the declared size lies.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var read = 0
        while read < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                zip_fread(file, buffer.baseAddress! + read, UInt64(buffer.count - read))
            }
            if got < 0 {
                throw .limitExceeded(
                    name: name, reason: "is corrupt: \(String(cString: zip_error_strerror(zip_file_get_error(file))))")
            }
            if got == 0 { break }
            read += Int(got)
        }
        guard read == size else {
            throw .limitExceeded(name: name, reason: "does not match its declared size (\(size) bytes)")
        }
        inflatedTotal += size
        bytes.removeLast()
        return bytes
    }

    private func checkTotal(adding size: Int, name: String) throws(EPUBError) {
        guard inflatedTotal + size <= limits.maxTotalSize else {
            throw .limitExceeded(
                name: name, reason: "would take the book past \(limits.maxTotalSize) inflated bytes in all")
        }
    }

    private static func message(code: Int32) -> String {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        return String(cString: zip_error_strerror(&error))
    }
}

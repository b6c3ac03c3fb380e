import Synchronization
import TextNavigation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A book file's bytes for the length of one load, in memory this process owns: a regular file
/// is copied (`pread`) into an anonymous mapping of its size; anything else (a pipe, a
/// character device, standard input) is read as a stream, at most ``streamLimit`` bytes.
///
/// The copy is what makes a load safe against the file changing under it: a file that is
/// mapped and then truncated raises `SIGBUS` when the loader reads past its new end, while a
/// copy cannot shrink. A file whose size or modification time changes while it is copied, or
/// that ends before its size, is reported as ``BookLoadingError/changedWhileReading(path:)``.
///
/// The loader reads the bytes front to back a few times; the last pass lets the pages it has
/// passed go (``discardPages(_:)``, `MADV_DONTNEED`), so at the peak, memory holds the book's
/// UTF-16 text plus about a quarter of a megabyte of the copy for each stretch of the book
/// written at once (one a core), as when the file itself was mapped.
///
/// Not `Sendable`: one loader's scratch space (whose stretches the loader's tasks may read,
/// and let go, at the same time: the bytes never change and ``discardPages(_:)`` keeps no
/// state).
final class MappedFile {
    /// The file's bytes; valid until the object goes away.
    private(set) var bytes: UnsafeBufferPointer<UInt8>
    /// The anonymous mapping holding a regular file's copy, or `nil`.
    private var mapping: UnsafeMutableRawPointer?
    /// The allocation holding a stream's bytes, or `nil`.
    private var owned: UnsafeMutableRawBufferPointer?

    /// The most bytes read from a stream (standard input, a pipe, a device): 1 GiB. A regular
    /// file may be larger, up to 2 GiB.
    static let streamLimit = 1 << 30

    /// Tests only: called after each chunk of a regular file is copied, with the path and the
    /// bytes copied so far (so that a test can change the file at a known point).
    static let chunkCopied = Mutex<(@Sendable (String, Int) -> Void)?>(nil)

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// How far behind the reader pages are let go in one call.
    static let discardStep = 1 << 18
    /// How much one `read` or `pread` asks for.
    private static let chunkSize = 1 << 20

    /// Opens and copies (or reads) the file at `path`.
    ///
    /// - Parameters:
    ///   - stopsAtNUL: stop reading a stream at its first NUL byte (the loader then reports a
    ///     binary file without reading the rest).
    ///   - readsArchives: read a stream that starts with a ZIP signature (an EPUB) to its end,
    ///     NULs and all.
    /// - Throws: ``BookLoadingError/unreadable(path:reason:)`` when it cannot be opened, is a
    ///   directory, or a read fails; ``BookLoadingError/changedWhileReading(path:)`` when the
    ///   file changes while it is copied; ``BookLoadingError/tooLarge(byteCount:)`` past 2 GiB,
    ///   ``BookLoadingError/streamTooLarge(limit:)`` for a stream past ``streamLimit``.
    init(path: String, stopsAtNUL: Bool, readsArchives: Bool = false) throws(BookLoadingError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: Self.lastError()) }
        defer { close(descriptor) }
        bytes = UnsafeBufferPointer(start: nil, count: 0)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: Self.lastError()) }
        let kind = status.st_mode & S_IFMT
        guard kind != S_IFDIR else { throw .unreadable(path: path, reason: "it is a directory") }
        // A regular file of known size is copied; an empty-looking one may be a /proc file
        // whose size is not known until read, so it is read like a pipe.
        if kind == S_IFREG, status.st_size > 0 {
            try copyRegularFile(descriptor, status: status, path: path)
        } else {
            try readStream(
                descriptor, path: path, stopsAtNUL: stopsAtNUL, readsArchives: readsArchives, limit: Self.streamLimit)
        }
    }

    /// Reads the open `descriptor` (standard input, say) as a stream, from where it stands, at
    /// most `limit` bytes; `name` names it in errors. The descriptor stays open.
    ///
    /// - Parameter readsArchives: read a stream that starts with a ZIP signature (an EPUB) to
    ///   its end, NULs and all, rather than stop at its first NUL.
    init(descriptor: Int32, name: String, stopsAtNUL: Bool, readsArchives: Bool = false, limit: Int = streamLimit)
        throws(BookLoadingError)
    {
        bytes = UnsafeBufferPointer(start: nil, count: 0)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: name, reason: Self.lastError()) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw .unreadable(path: name, reason: "it is a directory") }
        try readStream(descriptor, path: name, stopsAtNUL: stopsAtNUL, readsArchives: readsArchives, limit: limit)
    }

    /// Copies the regular file open as `descriptor`, whose size and times `status` holds, into
    /// an anonymous mapping.
    private func copyRegularFile(_ descriptor: Int32, status: stat, path: String) throws(BookLoadingError) {
        let size = Int(status.st_size)
        guard size < Int(Int32.max) else { throw .tooLarge(byteCount: size) }
        guard let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            address != UnsafeMutableRawPointer(bitPattern: -1)
        else { throw .unreadable(path: path, reason: Self.lastError()) }
        mapping = address
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
        var count = 0
        while count < size {
            let got = pread(descriptor, address + count, min(Self.chunkSize, size - count), off_t(count))
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: Self.lastError())
            }
            if got == 0 { throw .changedWhileReading(path: path) }  // it ended before its size
            count += got
            if let observer = Self.chunkCopied.withLock({ $0 }) { observer(path, count) }
        }
        var after = stat()
        guard fstat(descriptor, &after) == 0 else { throw .unreadable(path: path, reason: Self.lastError()) }
        guard after.st_size == status.st_size, Self.modificationTime(after) == Self.modificationTime(status) else {
            throw .changedWhileReading(path: path)
        }
    }

    /// Reads `descriptor` to its end into an allocated buffer, at most `limit` bytes; with
    /// `stopsAtNUL`, stops after the chunk holding the first NUL byte, unless `readsArchives`
    /// and the stream starts with a ZIP signature.
    private func readStream(
        _ descriptor: Int32, path: String, stopsAtNUL: Bool, readsArchives: Bool = false, limit: Int
    ) throws(BookLoadingError) {
        var storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        var count = 0
        while true {
            if count == storage.count {
                guard storage.count < limit + 1 else {
                    storage.deallocate()
                    throw .streamTooLarge(limit: limit)
                }
                let larger = UnsafeMutableRawBufferPointer.allocate(
                    byteCount: min(storage.count * 2, limit + 1), alignment: 16)
                larger.copyMemory(from: UnsafeRawBufferPointer(storage))
                storage.deallocate()
                storage = larger
            }
            let got = read(descriptor, storage.baseAddress! + count, min(Self.chunkSize, storage.count - count))
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                let reason = Self.lastError()
                storage.deallocate()
                throw .unreadable(path: path, reason: reason)
            }
            let chunk = UnsafeRawBufferPointer(rebasing: storage[count..<(count + got)])
            count += got
            // The first sign of binary input ends the stream: the loader reports it from
            // what was read (/dev/zero and /dev/urandom give a NUL in their first chunk).
            if stopsAtNUL, chunk.contains(0),
                !(readsArchives && count >= 4
                    && ZIPSignature.isArchive(prefix: UnsafeRawBufferPointer(storage).prefix(4)))
            {
                break
            }
        }
        guard count <= limit else {
            storage.deallocate()
            throw .streamTooLarge(limit: limit)
        }
        bytes = UnsafeBufferPointer(start: storage.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
        owned = storage
    }

    /// Lets the copied pages wholly inside `range` go; they must not be read again. Does nothing
    /// for a stream. Safe to call from several threads at once for ranges apart.
    func discardPages(_ range: Range<Int>) {
        guard let mapping else { return }
        let lower = (range.lowerBound + Self.pageSize - 1) / Self.pageSize * Self.pageSize
        let upper = min(range.upperBound, bytes.count) / Self.pageSize * Self.pageSize
        guard upper > lower else { return }
        _ = madvise(mapping + lower, upper - lower, MADV_DONTNEED)
    }

    private static func modificationTime(_ status: stat) -> [Int] {
        #if canImport(Glibc)
            [Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
        #else
            [Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec)]
        #endif
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }

    deinit {
        if let mapping { munmap(mapping, bytes.count) }
        owned?.deallocate()
    }
}

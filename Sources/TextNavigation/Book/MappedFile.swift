#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A book file's bytes for the length of one load: a regular file mapped read-only, anything
/// else (a pipe, a character device) read whole into memory.
///
/// The loader reads a mapped file front to back a few times; ``discardPages(before:)`` lets the
/// pages it has passed go (`MADV_DONTNEED`), so no more than about a megabyte of the file is
/// resident at a time beside the text being made. (Mapped pages that a process has touched count
/// in its resident size just as heap memory does.)
///
/// Not `Sendable`: one loader's scratch space. The file must not be truncated while it is
/// mapped (reading past its new end would raise `SIGBUS`).
final class MappedFile {
    /// The file's bytes; valid until the object goes away.
    private(set) var bytes: UnsafeBufferPointer<UInt8>
    private var mapping: UnsafeMutableRawPointer?
    private var discardedUpTo = 0

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// How far behind the reader pages are let go in one call.
    private static let discardStep = 1 << 20

    /// Opens and maps (or reads) the file at `path`.
    ///
    /// - Throws: ``BookLoadingError/unreadable(path:reason:)`` when it cannot be opened, is a
    ///   directory, or a read fails; ``BookLoadingError/tooLarge(byteCount:)`` past 2 GiB.
    init(path: String) throws(BookLoadingError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: Self.lastError()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: Self.lastError()) }
        let kind = status.st_mode & S_IFMT
        guard kind != S_IFDIR else { throw .unreadable(path: path, reason: "it is a directory") }
        bytes = UnsafeBufferPointer(start: nil, count: 0)
        // A regular file of known size is mapped; an empty-looking one may be a /proc file
        // whose size is not known until read, so it is read like a pipe.
        if kind == S_IFREG, status.st_size > 0 {
            let size = Int(status.st_size)
            guard size < Int(Int32.max) else { throw .tooLarge(byteCount: size) }
            let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
            if let address, address != UnsafeMutableRawPointer(bitPattern: -1) {
                mapping = address
                bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
                return
            }
        }
        try readWhole(descriptor, path: path)
    }

    /// Reads what is left of `descriptor` into an allocated buffer (for files that cannot be
    /// mapped).
    private func readWhole(_ descriptor: Int32, path: String) throws(BookLoadingError) {
        var storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        var count = 0
        while true {
            if count == storage.count {
                guard storage.count < Int(Int32.max) else {
                    storage.deallocate()
                    throw .tooLarge(byteCount: count)
                }
                let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: storage.count * 2, alignment: 16)
                larger.copyMemory(from: UnsafeRawBufferPointer(storage))
                storage.deallocate()
                storage = larger
            }
            let got = read(descriptor, storage.baseAddress! + count, storage.count - count)
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                let reason = Self.lastError()
                storage.deallocate()
                throw .unreadable(path: path, reason: reason)
            }
            count += got
        }
        bytes = UnsafeBufferPointer(start: storage.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
        owned = storage
    }

    private var owned: UnsafeMutableRawBufferPointer?

    /// Lets the mapped pages wholly below `offset` go, once they add up to a megabyte or more
    /// since the last call. Reading them again later is correct (the pages come back from the
    /// page cache), only slower. Does nothing for a file that was read rather than mapped.
    func discardPages(before offset: Int) {
        guard let mapping, offset - discardedUpTo >= Self.discardStep else { return }
        let end = min(offset, bytes.count) / Self.pageSize * Self.pageSize
        guard end > discardedUpTo else { return }
        _ = madvise(mapping + discardedUpTo, end - discardedUpTo, MADV_DONTNEED)
        discardedUpTo = end
    }

    /// Starts a new front-to-back pass: pages are let go again from the start of the file.
    func restartPass() {
        if let mapping, bytes.count >= Self.discardStep, bytes.count > discardedUpTo {
            _ = madvise(mapping + discardedUpTo, bytes.count - discardedUpTo, MADV_DONTNEED)
        }
        discardedUpTo = 0
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }

    deinit {
        if let mapping { munmap(mapping, bytes.count) }
        owned?.deallocate()
    }
}

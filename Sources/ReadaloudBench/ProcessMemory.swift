#if canImport(Glibc)
    import Glibc
#endif

/// The process's resident memory, from `/proc/self/status` (Linux): the bench's peak-memory
/// figure is the high-water mark (`VmHWM`) above the resident size (`VmRSS`) measured before a
/// book is loaded.
enum ProcessMemory {
    /// The current resident set size in bytes (`VmRSS`), or `nil` where `/proc` is missing.
    static var residentBytes: Int? { field("VmRSS:") }

    /// The peak resident set size in bytes since the process started or since the last
    /// ``resetPeak()`` (`VmHWM`), or `nil` where `/proc` is missing.
    static var peakResidentBytes: Int? { field("VmHWM:") }

    /// Restarts the peak from the current resident size (writing 5 to `/proc/self/clear_refs`,
    /// Linux 4.0 and later), so a peak measured next belongs to the work that follows. Returns
    /// whether the peak could be reset.
    ///
    /// Heap memory freed earlier and kept by the allocator counts in the baseline and may be
    /// reused, so a book measured after others can show a little less than alone; large
    /// buffers (the text, the unit caches) are mapped and unmapped whole, so they count exactly.
    @discardableResult
    static func resetPeak() -> Bool {
        #if canImport(Glibc)
            let descriptor = open("/proc/self/clear_refs", O_WRONLY)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            return write(descriptor, "5", 1) == 1
        #else
            return false
        #endif
    }

    /// The value of a `kB` line of `/proc/self/status`, in bytes.
    private static func field(_ name: String) -> Int? {
        #if canImport(Glibc)
            guard let file = fopen("/proc/self/status", "r") else { return nil }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 256)
            while fgets(&line, Int32(line.count), file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard text.hasPrefix(name) else { continue }
                let digits = text.dropFirst(name.count).filter(\.isNumber)
                return Int(digits).map { $0 * 1024 }
            }
            return nil
        #else
            return nil
        #endif
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file descriptor line by line (lines end with LF; a CR before it is dropped), or a
/// given number of bytes (``bytes(_:keepingAtMost:)``), holding at most ``limit`` bytes of a
/// line: the bytes of a longer line are counted and thrown away as
/// they come, so no message can make the reader's memory grow past the limit.
struct LineReader {
    /// What ``next()`` read.
    enum Line {
        /// A whole line, without its line end.
        case text([UInt8])
        /// A line longer than the limit, of `length` bytes in all (without its line end).
        case tooLong(length: Int)
    }

    let descriptor: Int32
    /// The most bytes a line may hold.
    let limit: Int

    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var chunkStart = 0
    private var chunkEnd = 0
    private var atEnd = false

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// The next line, or `nil` at the end of input (a last line without a line end counts; an
    /// empty one does not).
    mutating func next() -> Line? {
        var line: [UInt8] = []
        var length = 0
        while true {
            if chunkStart == chunkEnd {
                if atEnd || !fill() {
                    atEnd = true
                    if length == 0 { return nil }
                    return finish(line, length: length)
                }
            }
            let newline: Int? = chunk.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress,
                    let found = memchr(base + chunkStart, 0x0A, chunkEnd - chunkStart)
                else { return nil }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            let end = newline ?? chunkEnd
            let count = end - chunkStart
            if length + count <= limit + 1 {  // one more for a CR before the LF
                line.append(contentsOf: chunk[chunkStart..<end])
            } else if length <= limit + 1 {
                line = []  // over the limit: keep nothing more
            }
            length += count
            chunkStart = end
            if newline != nil {
                chunkStart += 1
                return finish(line, length: length)
            }
        }
    }

    /// The next `count` bytes, whatever they hold (a `Content-Length` message's body): kept
    /// only when `count` is at most `limit`, else read and thrown away. Returns the bytes and how
    /// many were read (fewer than `count` when the input ends first).
    mutating func bytes(_ count: Int, keepingAtMost limit: Int) -> (bytes: [UInt8], read: Int) {
        var kept: [UInt8] = []
        let keeps = count <= limit
        if keeps { kept.reserveCapacity(count) }
        var read = 0
        while read < count {
            if chunkStart == chunkEnd {
                guard !atEnd, fill() else {
                    atEnd = true
                    break
                }
            }
            let taken = min(count - read, chunkEnd - chunkStart)
            if keeps { kept.append(contentsOf: chunk[chunkStart..<chunkStart + taken]) }
            chunkStart += taken
            read += taken
        }
        return (kept, read)
    }

    private func finish(_ line: [UInt8], length: Int) -> Line {
        var line = line
        var length = length
        if length <= limit + 1, line.last == 0x0D {
            line.removeLast()
            length -= 1
        }
        return length > limit ? .tooLong(length: length) : .text(line)
    }

    /// Reads more input into the chunk; `false` at the end of input or on a read error.
    private mutating func fill() -> Bool {
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            chunkStart = 0
            chunkEnd = count
            return true
        }
    }
}

import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Buffered writing to standard output that ends the process quietly when the reader has gone
/// (`readaloud book.txt | head`): a closed pipe is the reader's choice, not an error.
///
/// `Sendable`: the buffer is behind a lock, so the signal-watching task may flush it too.
final class StandardOutput: Sendable {
    static let shared = StandardOutput()

    private let buffer = Mutex<[UInt8]>([])
    /// What the buffer holds, at most, before it is written: what is buffered is written before
    /// a line that would not fit, and a longer line is written alone, so that the buffer keeps
    /// no more memory than this (or one line).
    private static let capacity = 1 << 14

    private init() {
        // Report EPIPE as a write error instead of killing the process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `text` and a newline.
    func line(_ text: String) {
        buffer.withLock { buffer in
            if buffer.count + text.utf8.count >= Self.capacity { Self.drain(&buffer) }
            if buffer.capacity < Self.capacity { buffer.reserveCapacity(Self.capacity) }
            buffer.append(contentsOf: text.utf8)
            buffer.append(0x0A)
            if buffer.count >= Self.capacity { Self.drain(&buffer) }
        }
    }

    /// Writes everything buffered. Ends the process quietly (status 0) when the reader has
    /// closed the pipe (EPIPE); any other failure (a full disk, a closed descriptor, an I/O
    /// error) is reported in one line on standard error, status 74.
    func flush() {
        buffer.withLock { Self.drain(&$0) }
    }

    /// Writes `buffer` and empties it, keeping its memory unless a long line grew it.
    private static func drain(_ buffer: inout [UInt8]) {
        var start = 0
        while start < buffer.count {
            let written = buffer[start...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EPIPE { exit(0) }  // the reader stopped reading: its choice
                writeToStandardError("Error: cannot write to standard output: \(String(cString: strerror(code)))\n")
                exit(ExitCode.ioError.rawValue)
            }
            start += written
        }
        buffer.removeAll(keepingCapacity: buffer.capacity <= 2 * capacity)
    }
}

/// Writes `text` to standard error as it is.
func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count {
        let written = bytes[start...].withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
        if written <= 0 { return }
        start += written
    }
    bytes.removeAll()
}

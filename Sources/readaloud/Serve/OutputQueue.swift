import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's standard output: messages queued by any thread, framed as the client chose
/// (``MessageFraming``), and written, in order, by one writer thread. The queue holds at most ``capacity`` bytes: a thread that would go past it
/// waits until the writer has made room, so a client that stops reading stops the reading
/// sessions too, and the server's memory stays bounded (back-pressure).
///
/// When standard output is closed (the client has gone), lines are dropped.
///
/// `@unchecked Sendable`: every field is read and written under `condition`.
final class OutputQueue: @unchecked Sendable {
    /// The most bytes queued at once (a single longer line is let in when the queue is empty).
    let capacity: Int
    private let descriptor: Int32
    private let condition = NSCondition()
    private var lines: [[UInt8]] = []
    private var queuedBytes = 0
    private var isWriting = false
    private var isClosed = false
    private var writer: Thread?

    /// How each message is delimited.
    let framing: MessageFraming

    init(descriptor: Int32 = 1, capacity: Int = 1 << 20, framing: MessageFraming = .lines) {
        self.descriptor = descriptor
        self.capacity = capacity
        self.framing = framing
        signal(SIGPIPE, SIG_IGN)  // a closed pipe is a write error, not the end of the process
    }

    /// Starts the writer thread.
    func start() {
        let thread = Thread { [self] in writeLoop() }
        thread.name = "readaloud serve output"
        writer = thread
        thread.start()
    }

    /// Queues the message `text`, framed, waiting while the queue is full. Gives up without queuing,
    /// returning `false`, when `cancelled` says so while it waits (checked whenever
    /// ``wakeWaiters()`` is called or room is made).
    @discardableResult
    func push(_ text: String, cancelled: (() -> Bool)? = nil) -> Bool {
        let bytes = framing.frame(text)
        condition.lock()
        defer { condition.unlock() }
        while queuedBytes > 0, queuedBytes + bytes.count > capacity, !isClosed {
            if let cancelled, cancelled() { return false }
            condition.wait()
        }
        if let cancelled, cancelled() { return false }
        guard !isClosed else { return true }
        lines.append(bytes)
        queuedBytes += bytes.count
        condition.broadcast()
        return true
    }

    /// Wakes the threads waiting in ``push(_:cancelled:)`` to check their `cancelled`.
    func wakeWaiters() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until everything queued has been written (or dropped, when output is closed).
    func drain() {
        condition.lock()
        while (!lines.isEmpty || isWriting) && !isClosed { condition.wait() }
        condition.unlock()
    }

    private func writeLoop() {
        while true {
            condition.lock()
            while lines.isEmpty { condition.wait() }
            let batch = lines
            lines.removeAll(keepingCapacity: true)
            isWriting = true
            condition.unlock()

            var bytes: [UInt8]
            if batch.count == 1 {
                bytes = batch[0]
            } else {
                bytes = []
                bytes.reserveCapacity(batch.reduce(0) { $0 + $1.count })
                for line in batch { bytes.append(contentsOf: line) }
            }
            let ok = writeAll(bytes)

            condition.lock()
            queuedBytes -= bytes.count
            isWriting = false
            if !ok {
                isClosed = true
                lines.removeAll()
                queuedBytes = 0
            }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Writes all of `bytes`; `false` when the descriptor is closed or fails.
    private func writeAll(_ bytes: [UInt8]) -> Bool {
        var start = 0
        while start < bytes.count {
            let written = bytes[start...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            start += written
        }
        return true
    }
}

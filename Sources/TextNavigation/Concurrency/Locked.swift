#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a lock: `withLock` gives exclusive access, like `Synchronization.Mutex`.
///
/// Why not `Mutex`: on Linux, Swift's `Mutex` waits on a futex that ThreadSanitizer does not
/// see, so under contention TSan reports races on the very state the lock guards (a 10-line
/// program with one contended `Mutex` shows them). A POSIX mutex is intercepted by TSan, so
/// `swift test --sanitize=thread` reports only real races.
///
/// `Sendable` (checked by hand): `value` is read and written only inside `withLock`, while the
/// mutex is held.
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

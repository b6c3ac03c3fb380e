import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work spread over every core from synchronous code, such as a book loader's `init`.
///
/// Why Dispatch and not a task group: a synchronous caller cannot await child tasks, and
/// blocking it until they finish could deadlock when the caller is itself one of the few
/// threads of Swift's cooperative pool (one per core). `DispatchQueue.concurrentPerform` runs
/// the iterations on the calling thread too, so it finishes even when no other thread is free.
package enum EveryCore {
    /// The number of cores online (at least 1).
    package static var count: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `body(0)`, …, `body(count - 1)`, run at the same time on as many cores as are free (the
    /// caller's thread among them), in order; one iteration is run on the caller's thread alone.
    ///
    /// `body` must be safe to run concurrently with itself: each iteration may read what they
    /// share and write only what is its own (its result, its part of a buffer).
    package static func map<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
        guard count > 1 else { return count == 1 ? [body(0)] : [] }
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        withoutActuallyEscaping(body) { body in
            let work = Shared(body: body, results: results)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                work.results[index] = work.body(index)
            }
        }
        return results.map { $0! }
    }

    /// What the iterations share: `body`, which the caller promises is safe to run concurrently,
    /// and the results, each slot written by its own iteration only, and read after all are done.
    private struct Shared<Result>: @unchecked Sendable {
        let body: (Int) -> Result
        let results: UnsafeMutableBufferPointer<Result?>
    }
}

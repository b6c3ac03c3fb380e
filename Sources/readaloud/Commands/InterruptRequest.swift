import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C while reading: the first SIGINT asks reading to stop after the current unit (speech
/// stops at once, mid-word; so the place can be printed and resumed); a second one ends the
/// process at once.
enum InterruptRequest {
    private static let count = Atomic<Int>(0)
    nonisolated(unsafe) private static var source: (any DispatchSourceSignal)?

    /// Starts watching for SIGINT.
    static func install() {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            if count.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue >= 2 {
                StandardOutput.shared.flush()
                _exit(130)
            }
        }
        source.resume()
        Self.source = source
    }

    /// Whether SIGINT has been received.
    static var isRequested: Bool { count.load(ordering: .sequentiallyConsistent) > 0 }
}

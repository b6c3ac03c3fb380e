import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT), SIGTERM or SIGHUP while reading: the first one asks reading to stop after
/// the current unit (speech stops at once, mid-word; so the place can be printed and resumed);
/// a second one ends the process at once. Either way the exit status is 128 + the first
/// signal's number.
enum InterruptRequest {
    private static let count = Atomic<Int>(0)
    /// The first signal received, or 0.
    private static let first = Atomic<Int32>(0)
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// The signals that stop reading.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Starts watching for the signals.
    static func install() {
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                _ = first.compareExchange(expected: 0, desired: number, ordering: .sequentiallyConsistent)
                if count.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue >= 2 {
                    StandardOutput.shared.flush()
                    _exit(exitCode.rawValue)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Whether a stopping signal has been received.
    static var isRequested: Bool { count.load(ordering: .sequentiallyConsistent) > 0 }

    /// The exit code for the first signal received: 130 for SIGINT, 143 for SIGTERM, 129 for
    /// SIGHUP.
    static var exitCode: ExitCode {
        switch first.load(ordering: .sequentiallyConsistent) {
        case SIGTERM: .terminated
        case SIGHUP: .hangUp
        default: .interrupted
        }
    }
}

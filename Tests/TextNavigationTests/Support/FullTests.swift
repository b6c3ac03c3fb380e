import Foundation

/// Whether the slowest tests run their full sweep: with `READALOUD_FULL_TESTS=1` in the
/// environment (CI sets it). Without it they run a smaller set of the same cases, so that
/// `swift test` stays quick on a developer's machine.
enum FullTests {
    static let isRequested = ProcessInfo.processInfo.environment["READALOUD_FULL_TESTS"] == "1"
}

import Foundation
import Testing

@testable import TextNavigation

/// The Swift scans run only on the ICU major versions they were verified against, and
/// `READALOUD_ICU_ONLY=1` sends every query to ICU (``FastPaths``). The conformance and invariant
/// suites run with it too, to show ICU's path alone gives the same boundaries:
/// `READALOUD_ICU_ONLY=1 swift test --filter 'Conformance|Invariant|GoldenTable'`.
@Suite("The fast paths run only where verified")
struct FastPathsTests {
    @Test func theScansRunOnlyOnVerifiedICUMajorVersions() {
        #expect(FastPaths.verifiedICUMajorVersions == [72])
        #expect(FastPaths.decided(icuMajorVersion: 72, icuOnly: false) == .all)
        #expect(FastPaths.decided(icuMajorVersion: 72, icuOnly: true) == [])
        for version in [69, 70, 71, 73, 74, 76] {
            #expect(FastPaths.decided(icuMajorVersion: version, icuOnly: false) == [], "ICU \(version)")
        }
    }

    @Test func thisProcessUsesTheScansUnlessICUAloneIsForced() throws {
        let forced = ProcessInfo.processInfo.environment[FastPaths.icuOnlyVariable] == "1"
        #expect(ICU.majorVersion >= 69)
        #expect(FastPaths.running == FastPaths.decided(icuMajorVersion: ICU.majorVersion, icuOnly: forced))
        // A tokenizer follows the decision: without the scans, Finnish and English alike.
        let english = try TokenizerLocale.named("en")
        #expect(english.scansWords == FastPaths.running.contains(.words))
        #expect((english.sentenceScan != nil) == FastPaths.running.contains(.sentences))
        #expect(try TokenizerLocale.named("fi").scansWords == false)
    }
}

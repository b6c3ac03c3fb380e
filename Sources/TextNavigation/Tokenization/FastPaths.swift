#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Swift scans that decide boundaries without asking ICU, and the one place that says which
/// of them run: ``running``.
///
/// The scans (``CharacterBoundaries``' simple units, ``SimpleWords``, ``SimpleSentences``,
/// ``LocalLineBreaks``) re-implement the rules of the ICU versions in
/// ``verifiedICUMajorVersions``, checked against them over the corpus by
/// ``FastPathComparison`` (`scripts/verify-icu.sh`). With any other ICU, or with
/// `READALOUD_ICU_ONLY=1` in the environment, none runs and every boundary comes from ICU's
/// own iterators: the same boundaries, more slowly.
package struct FastPaths: OptionSet, Sendable, CustomStringConvertible {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Grapheme cluster boundaries between two simple code units (``CharacterBoundaries``), in
    /// every granularity's work.
    package static let characters = FastPaths(rawValue: 1 << 0)
    /// Word segments from ``SimpleWords``.
    package static let words = FastPaths(rawValue: 1 << 1)
    /// Sentence segments from ``SimpleSentences``.
    package static let sentences = FastPaths(rawValue: 1 << 2)
    /// Line break opportunities from ``LocalLineBreaks``.
    package static let lines = FastPaths(rawValue: 1 << 3)
    /// Every scan.
    package static let all: FastPaths = [.characters, .words, .sentences, .lines]

    /// The ICU major versions whose rules the scans were checked against, over every book in
    /// `Books/` and `Tests/Fixtures/books` at every granularity, with no disagreement.
    package static let verifiedICUMajorVersions: Set<Int> = [72]

    /// The environment variable that, set to `1`, sends every query to ICU's own path.
    package static let icuOnlyVariable = "READALOUD_ICU_ONLY"

    /// The scans this process uses, decided once, on first use: ``all`` when the running ICU's
    /// major version is verified and `READALOUD_ICU_ONLY` is not `1`, else none.
    package static let running = decided(
        icuMajorVersion: ICU.majorVersion, icuOnly: getenv(icuOnlyVariable).map { String(cString: $0) == "1" } ?? false)

    /// The scans to use with ICU major version `icuMajorVersion`, with ICU's path forced
    /// (`icuOnly`) or not.
    package static func decided(icuMajorVersion: Int, icuOnly: Bool) -> FastPaths {
        !icuOnly && verifiedICUMajorVersions.contains(icuMajorVersion) ? .all : []
    }

    package var description: String {
        let names = [
            (FastPaths.characters, "characters"), (.words, "words"), (.sentences, "sentences"), (.lines, "lines"),
        ]
        let held = names.filter { contains($0.0) }.map(\.1)
        return held.isEmpty ? "none (ICU alone)" : held.joined(separator: ", ")
    }
}

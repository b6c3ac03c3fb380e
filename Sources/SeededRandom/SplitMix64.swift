/// A small deterministic random number generator (Steele, Lea and Flood's SplitMix64): the
/// same seed gives the same values on every run and every platform, so a bench asks the same
/// questions each time and a failing test sample can be replayed.
///
/// Not for anything that must be unpredictable.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension ICU {
    /// UTF-16 text whose memory stays where it is for as long as the value lives: what an ICU
    /// object may keep a pointer to. A wrapper pointed at such text holds the value (its owner
    /// reference), so the memory outlives the ICU object and every clone of it.
    package protocol StableText: Sendable {
        /// Calls `body` with the code units, whose address must not change while `self` lives.
        func withUTF16<R, E: Error>(_ body: (UnsafeBufferPointer<UInt16>) throws(E) -> R) throws(E) -> R
    }
}

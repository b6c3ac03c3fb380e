/// An immutable, heap-allocated buffer of UTF-16 code units with a stable address.
///
/// ICU break iterators and bidi objects keep a raw pointer to the text they work on, so the text
/// lives here, in memory that never moves and is freed only when the last ``TextStorage`` (and so
/// the last iterator holding one) lets go. A book keeps one buffer; its elements are ranges of it.
///
/// `Sendable`: the contents are written once, in `init`, and never change afterwards.
public final class UTF16Buffer: @unchecked Sendable {
    /// The code units. Never mutated after `init`.
    let units: UnsafeMutableBufferPointer<UInt16>

    /// A buffer holding a copy of `string`'s UTF-16 code units.
    public convenience init(_ string: String) {
        self.init(count: string.utf16.count) { target in
            _ = target.update(fromContentsOf: string.utf16)
        }
    }

    /// A buffer of `count` code units filled once by `initializer`.
    package init(count: Int, initializer: (UnsafeMutableBufferPointer<UInt16>) -> Void) {
        let units = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(count, 1))
        units.initialize(repeating: 0)
        initializer(UnsafeMutableBufferPointer(rebasing: units[0..<count]))
        self.units = units
        self.count = count
    }

    /// A buffer of exactly `count` code units, every one of which `fill` writes; it returns how
    /// many it wrote (which must be `count`). The memory is not cleared first, so a large
    /// buffer's pages become resident only as they are written.
    package init(exactCount count: Int, fill: (UnsafeMutableBufferPointer<UInt16>) -> Int) {
        let units = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: max(count, 1))
        let written = fill(UnsafeMutableBufferPointer(rebasing: units[0..<count]))
        precondition(written == count, "fill wrote \(written) code units of \(count)")
        self.units = units
        self.count = count
    }

    /// The number of code units.
    public let count: Int

    deinit { units.deallocate() }
}

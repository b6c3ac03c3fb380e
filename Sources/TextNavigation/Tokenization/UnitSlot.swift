import Synchronization

/// A tokenizer's cache of one granularity's units: empty until the units are first computed,
/// then set once and never changed.
///
/// Reading a set slot is one atomic load and no lock, no dictionary lookup and no reference
/// counting on the units' arrays: the hot path of every query once a cache exists. Two tasks
/// that fill an empty slot at once both compute the units; the first stored wins and both get
/// it.
struct UnitSlot: ~Copyable, Sendable {
    /// The units, boxed once so that one pointer-sized atomic can publish them.
    private final class Box: Sendable {
        let units: TextUnits
        init(_ units: TextUnits) { self.units = units }
    }

    /// The box, retained by the slot from the moment it is stored until the slot is destroyed.
    private let box = Atomic<Unmanaged<Box>?>(nil)

    init() {}

    deinit { box.load(ordering: .acquiring)?.release() }

    /// `body`'s answer over the stored units, or `nil` when none are stored yet.
    @inline(__always)
    func withUnits<R>(_ body: (TextUnits) -> R) -> R? {
        guard let stored = box.load(ordering: .acquiring) else { return nil }
        return stored._withUnsafeGuaranteedRef { body($0.units) }
    }

    /// Stores `units` unless units are stored already, and returns the units stored.
    func store(_ units: TextUnits) -> TextUnits {
        let made = Unmanaged.passRetained(Box(units))
        let (exchanged, original) = box.compareExchange(
            expected: nil, desired: made, ordering: .acquiringAndReleasing)
        if exchanged { return units }
        made.release()
        return original!._withUnsafeGuaranteedRef { $0.units }
    }
}

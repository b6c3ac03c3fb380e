import Synchronization

/// An object stored at most once and then read with one atomic load: no lock, and no reference
/// counting beyond the caller's own.
///
/// Two tasks that fill an empty slot at once may both make an object; the first stored wins and
/// both get it (``store(_:)``), as with ``UnitSlot``.
///
/// `Sendable`: the stored reference is published through an `Atomic` and never changes after.
struct OnceSlot<Object: AnyObject & Sendable>: ~Copyable, Sendable {
    /// The object, retained by the slot from the moment it is stored until the slot is destroyed.
    private let stored = Atomic<Unmanaged<Object>?>(nil)

    init() {}

    deinit { stored.load(ordering: .acquiring)?.release() }

    /// The stored object, or `nil` when none is stored yet.
    @inline(__always)
    var value: Object? { stored.load(ordering: .acquiring)?.takeUnretainedValue() }

    /// Stores `object` unless one is stored already, and returns the object stored.
    func store(_ object: Object) -> Object {
        let made = Unmanaged.passRetained(object)
        let (exchanged, original) = stored.compareExchange(
            expected: nil, desired: made, ordering: .acquiringAndReleasing)
        if exchanged { return object }
        made.release()
        return original!.takeUnretainedValue()
    }

    /// The stored object, made by `make` and stored first when there is none.
    @inline(__always)
    func value(orMaking make: () -> Object) -> Object {
        if let existing = value { return existing }
        return store(make())
    }
}

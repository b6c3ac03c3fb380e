import Synchronization

/// An object stored at most once and then read with one atomic load: no lock, and no reference
/// counting beyond the caller's own.
///
/// Two tasks that fill an empty slot at once may both make an object; the first stored wins and
/// both get it (``store(_:)``).
///
/// The hot path of every cache set once (a tokenizer's units of each granularity, an element's
/// layout and tokenizer): ``withValue(_:)`` reads a set slot with one atomic load and no lock,
/// no dictionary lookup and no reference counting at all.
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

    /// `body`'s answer over the stored object, or `nil` when none is stored yet; the object is
    /// lent to `body` without being retained (the slot holds it until it is destroyed).
    @inline(__always)
    func withValue<R>(_ body: (Object) -> R) -> R? {
        guard let object = stored.load(ordering: .acquiring) else { return nil }
        return object._withUnsafeGuaranteedRef(body)
    }

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
